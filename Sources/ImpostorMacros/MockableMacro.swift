import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Mockable`: the peer role writes `<Name>Mock` and the enum of the requirements' keys
/// (`_MockKeys_<Name>`), the extension role writes the protocol's members for `Mocking` types
/// (and so for the mock of every protocol refining this one).
///
/// Both roles read the protocol; only the peer role reports, so each diagnostic shows once.
/// With any diagnostic neither writes anything: a mock missing a member would not compile.
public struct MockableMacro: PeerMacro, ExtensionMacro {
    /// The peer role: `<Name>Mock` and the keys enum, inside `#if` when a compilation
    /// condition is given; it reports every diagnostic.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (mocked, options) = read(node, declaration, context: context, reporting: true) else { return [] }
        let declarations = [mocked.mockTypeDeclaration] + (mocked.keysDeclaration.map { [$0] } ?? [])
        guard let condition = options.condition else { return declarations.map { DeclSyntax(stringLiteral: $0) } }
        return [DeclSyntax(stringLiteral: "#if \(condition)\n\(declarations.joined(separator: "\n\n"))\n#endif")]
    }

    /// The extension role: the protocol's members and `$` prototypes for `Mocking` types; it
    /// reports nothing, as the peer role has.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let (mocked, options) = read(node, declaration, context: context, reporting: false) else { return [] }
        return mocked.extensionDeclarations(for: type.trimmedDescription, condition: options.condition)
            .compactMap { DeclSyntax(stringLiteral: $0).as(ExtensionDeclSyntax.self) }
    }

    /// The protocol and the macro's options, or nil when there is nothing to write.
    private static func read(
        _ node: AttributeSyntax, _ declaration: some SyntaxProtocol, context: some MacroExpansionContext,
        reporting: Bool
    ) -> (MockedProtocol, MockableOptions)? {
        var diagnostics: [Diagnostic] = []
        defer { if reporting { diagnostics.forEach(context.diagnose) } }
        guard let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) else {
            diagnostics.append(NotAProtocol.diagnostic(node, declaration))
            return nil
        }
        let options = MockableOptions(node, diagnostics: &diagnostics)
        let mocked = MockedProtocol(protocolDeclaration, diagnostics: &diagnostics)
        return diagnostics.isEmpty ? (mocked, options) : nil
    }
}
