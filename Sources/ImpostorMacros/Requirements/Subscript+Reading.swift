import SwiftDiagnostics
import SwiftSyntax

extension RequirementReader {
    /// A subscript requirement: a getter of its parameters, and a setter of them and the value.
    mutating func readSubscript(_ declaration: SubscriptDeclSyntax, diagnostics: inout [Diagnostic]) -> Subscript? {
        let generics = Self.genericNames(declaration.genericParameterClause)
        if Self.hasPack(declaration.genericParameterClause) {
            diagnostics.append(Diagnostic(node: declaration.subscriptKeyword, message: MockableDiagnostic.parameterPack("subscript")))
            return nil
        }
        let parameters = Parameter.parse(
            declaration.parameterClause.parameters, isSubscript: true, genericNames: generics)
        let declaredResult = TypeText.recordable(declaration.returnClause.type)
        let erased = TypeText.mentions(generics, in: declaration.returnClause.type)
        let result = erased ? "Any" : declaredResult
        let accessors = Self.accessors(of: declaration.accessorBlock)
        let effects = Effects(accessors.getter?.effectSpecifiers)
        let isStatic = Self.isStatic(declaration.modifiers)
        let getterName = "subscript.get"
        let getter = CallShape(
            key: key("subscript.get"), name: getterName, referenceName: Self.accessorName(getterName, parameters), parameters: parameters,
            result: result, castResult: erased ? declaredResult : nil, isAsync: effects.isAsync,
            failure: effects.failure, isStatic: isStatic)
        note("$subscript", of: getter, at: declaration.subscriptKeyword, description: "subscript" + declaration.parameterClause.trimmedDescription)
        var setter: CallShape?
        if accessors.hasSetter {
            setter = CallShape(
                key: key("subscript.set"), name: "subscript.set",
                referenceName: Self.accessorName("subscript.set", parameters + [.newValue(of: result)]),
                parameters: parameters + [.newValue(of: result)],
                result: "Void", castResult: nil, isAsync: false, failure: "Never", isStatic: isStatic)
        }
        return Subscript(
            attributes: Self.attributes(declaration.attributes, declaration.modifiers),
            genericClause: declaration.genericParameterClause?.trimmedDescription ?? "",
            whereClause: declaration.genericWhereClause.map { " " + $0.trimmedDescription } ?? "",
            resultType: declaredResult, getterEffects: effects.spaced, getter: getter, setter: setter)
    }

    /// `subscript.get(key:default:)` for a subscript with argument labels, so that messages
    /// show them as the call is written (`table[key: "a", default: 0]`); `subscript.get` for one
    /// without.
    static func accessorName(_ name: String, _ parameters: [Parameter]) -> String {
        parameters.contains { $0.label != nil } ? CallShape.selector(name, parameters) : name
    }
}
