import SwiftDiagnostics
import SwiftSyntax

extension RequirementReader {
    /// An initializer requirement: recorded on the mock type, as `$init(...)` is verified.
    mutating func readInitializer(_ initializer: InitializerDeclSyntax, diagnostics: inout [Diagnostic]) -> Initializer? {
        let generics = Self.genericNames(initializer.genericParameterClause)
        if Self.hasPack(initializer.genericParameterClause) {
            diagnostics.append(Diagnostic(node: initializer.initKeyword, message: MockableDiagnostic.parameterPack("init")))
            return nil
        }
        let effects = Effects(initializer.signature.effectSpecifiers)
        if let thrown = initializer.signature.effectSpecifiers?.throwsClause?.type, TypeText.mentions(generics, in: thrown) {
            diagnostics.append(Diagnostic(node: thrown, message: MockableDiagnostic.genericTypedThrows("init")))
            return nil
        }
        let parameters = Parameter.parse(
            initializer.signature.parameterClause.parameters, isSubscript: false, genericNames: generics)
        let call = CallShape(
            key: key("init"), name: "init", referenceName: CallShape.selector("init", parameters), parameters: parameters,
            result: "Void", castResult: nil, isAsync: effects.isAsync, failure: effects.failure, isStatic: true)
        note("$init", of: call, at: initializer.initKeyword, description: "init" + initializer.signature.trimmedDescription)
        return Initializer(
            attributes: Self.attributes(initializer.attributes, initializer.modifiers),
            optionalMark: initializer.optionalMark?.text ?? "",
            genericClause: initializer.genericParameterClause?.trimmedDescription ?? "",
            whereClause: initializer.genericWhereClause.map { " " + $0.trimmedDescription } ?? "",
            effects: effects.spaced, call: call)
    }
}
