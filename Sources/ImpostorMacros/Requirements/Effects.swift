import SwiftSyntax

/// A requirement's `async` and `throws`, as the mock records and redeclares them.
struct Effects {
    var isAsync = false
    /// `Never`, `any Error` or a typed-throws error type.
    var failure = "Never"
    /// The effects the implementation declares: `async throws(E)`; `rethrows` is dropped, since
    /// the mock never throws from it (a function that does not throw satisfies it).
    var declaration = ""

    init(async asyncSpecifier: TokenSyntax?, throws clause: ThrowsClauseSyntax?) {
        var words: [String] = []
        if asyncSpecifier != nil {
            isAsync = true
            words.append("async")
        }
        if let clause, clause.throwsSpecifier.tokenKind == .keyword(.throws) {
            failure = clause.type?.trimmedDescription ?? "any Error"
            words.append(clause.trimmedDescription)
        }
        declaration = words.joined(separator: " ")
    }

    init(_ specifiers: FunctionEffectSpecifiersSyntax?) {
        self.init(async: specifiers?.asyncSpecifier, throws: specifiers?.throwsClause)
    }

    init(_ specifiers: AccessorEffectSpecifiersSyntax?) {
        self.init(async: specifiers?.asyncSpecifier, throws: specifiers?.throwsClause)
    }

    /// ` async throws`, with a leading space, or `""`.
    var spaced: String { declaration.isEmpty ? "" : " " + declaration }
}
