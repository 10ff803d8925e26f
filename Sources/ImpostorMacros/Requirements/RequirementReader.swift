import SwiftDiagnostics
import SwiftSyntax

/// Reads the protocol's members one by one, keeping the names of their keys unique and noting
/// each `$` prototype for the collision check.
struct RequirementReader {
    private(set) var prototypes: [PrototypeCollisions.Entry] = []
    private var keys: Set<String> = []

    mutating func read(_ decl: DeclSyntax, diagnostics: inout [Diagnostic]) -> Requirement? {
        if let function = decl.as(FunctionDeclSyntax.self) {
            return readMethod(function, diagnostics: &diagnostics).map(Requirement.method)
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return readProperty(variable).map(Requirement.property)
        }
        if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            return readSubscript(subscriptDecl, diagnostics: &diagnostics).map(Requirement.subscriptRequirement)
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return readInitializer(initializer, diagnostics: &diagnostics).map(Requirement.initializer)
        }
        // Type aliases and anything else the protocol declares need no implementation.
        return nil
    }

    /// The name of a requirement's key in the keys enum: `key_store` for `store`, `key_title_get`
    /// for `title.get`, and `key_store_2` for the second requirement named `store` (an overload).
    /// The `key_` prefix keeps a member named like a keyword (`default`) a plain identifier.
    mutating func key(_ base: String) -> String {
        let stem = "key_" + String(base.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        var key = stem
        var ordinal = 1
        while keys.contains(key) {
            ordinal += 1
            key = "\(stem)_\(ordinal)"
        }
        keys.insert(key)
        return key
    }

    mutating func note(_ prototype: String, of call: CallShape, at node: some SyntaxProtocol, description: String) {
        let signature = (call.isStatic ? "static " : "") + prototype + "("
            + call.parameters.map { "\($0.label ?? "_"):\($0.recordedType)" }.joined(separator: ",") + ")->"
            + call.prototypeType
        prototypes.append(.init(signature: signature, node: Syntax(node), description: description, prototype: prototype))
    }

    /// The names of a declaration's own generic parameters, which its reference cannot name.
    static func genericNames(_ clause: GenericParameterClauseSyntax?) -> Set<String> {
        Set(clause?.parameters.map(\.name.text) ?? [])
    }

    /// True when the clause declares a parameter pack (`each T`).
    static func hasPack(_ clause: GenericParameterClauseSyntax?) -> Bool {
        // 602 renamed `eachKeyword` to `specifier`, which may also be `let` (a value generic).
        #if canImport(SwiftSyntax602)
        clause?.parameters.contains { $0.specifier?.tokenKind == .keyword(.each) } ?? false
        #else
        clause?.parameters.contains { $0.eachKeyword != nil } ?? false
        #endif
    }

    /// The attributes an implementation repeats (`@discardableResult`, `@available`), and
    /// `nonisolated`: a nonisolated requirement of an isolated protocol needs a nonisolated witness.
    static func attributes(_ list: AttributeListSyntax, _ modifiers: DeclModifierListSyntax) -> String {
        let nonisolated = modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
        return list.map { $0.trimmedDescription + " " }.joined() + (nonisolated ? "nonisolated " : "")
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
