import SwiftDiagnostics
import SwiftSyntax

/// `@Mockable` written on something other than a protocol.
enum NotAProtocol {
    /// The error at the attribute, with a fix-it that removes it.
    static func diagnostic(_ attribute: AttributeSyntax, _ declaration: some SyntaxProtocol) -> Diagnostic {
        // The macro sees the attribute detached from its list, so the fix-it replaces the
        // attribute itself with nothing.
        let changes: [FixIt.Change] = [.replace(oldNode: Syntax(attribute), newNode: Syntax(AttributeListSyntax([])))]
        return Diagnostic(
            node: attribute, message: MockableDiagnostic.notAProtocol(kind: kind(of: declaration)),
            fixIt: FixIt(message: MockableFixIt.removeAttribute, changes: changes))
    }

    /// `struct`, `class`, ... as the message names the declaration.
    private static func kind(of declaration: some SyntaxProtocol) -> String {
        switch declaration.kind {
        case .structDecl: return "struct"
        case .classDecl: return "class"
        case .enumDecl: return "enum"
        case .actorDecl: return "actor"
        case .extensionDecl: return "extension"
        case .functionDecl: return "function"
        case .variableDecl: return "property"
        default: return "declaration"
        }
    }
}
