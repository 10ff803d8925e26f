import SwiftDiagnostics
import SwiftSyntax

extension RequirementReader {
    /// A method requirement, or nil (with a diagnostic) when the mock cannot implement it.
    mutating func readMethod(_ function: FunctionDeclSyntax, diagnostics: inout [Diagnostic]) -> Method? {
        let name = TypeText.unquoted(function.name.text)
        switch function.name.tokenKind {
        case .binaryOperator, .prefixOperator, .postfixOperator:
            diagnostics.append(Diagnostic(node: function.name, message: MockableDiagnostic.operatorRequirement(name)))
            return nil
        default:
            break
        }
        let generics = Self.genericNames(function.genericParameterClause)
        if Self.hasPack(function.genericParameterClause) {
            diagnostics.append(Diagnostic(node: function.name, message: MockableDiagnostic.parameterPack(name)))
            return nil
        }
        let effects = Effects(function.signature.effectSpecifiers)
        if let thrown = function.signature.effectSpecifiers?.throwsClause?.type, TypeText.mentions(generics, in: thrown) {
            diagnostics.append(Diagnostic(node: thrown, message: MockableDiagnostic.genericTypedThrows(name)))
            return nil
        }
        let returnType = function.signature.returnClause?.type
        if let returnType, TypeText.has(.sending, returnType) {
            diagnostics.append(Diagnostic(node: returnType, message: MockableDiagnostic.sendingResult(name)))
            return nil
        }
        let parameters = Parameter.parse(
            function.signature.parameterClause.parameters, isSubscript: false, genericNames: generics)
        let declaredResult = returnType.map(TypeText.recordable) ?? "Void"
        let erased = returnType.map { TypeText.mentions(generics, in: $0) } ?? false
        let call = CallShape(
            key: key(name), name: name, referenceName: CallShape.selector(name, parameters), parameters: parameters,
            result: erased ? "Any" : declaredResult, castResult: erased ? declaredResult : nil,
            isAsync: effects.isAsync, failure: effects.failure, isStatic: Self.isStatic(function.modifiers))
        note("$" + name, of: call, at: function.name, description: Self.signature(of: function))
        return Method(
            attributes: Self.attributes(function.attributes, function.modifiers), name: function.name.text,
            genericClause: function.genericParameterClause?.trimmedDescription ?? "",
            whereClause: function.genericWhereClause.map { " " + $0.trimmedDescription } ?? "",
            effects: effects.spaced,
            returnClause: function.signature.returnClause.map { " " + $0.trimmedDescription } ?? "",
            call: call)
    }

    /// `func load(id: Int) -> Album`, as a diagnostic names a requirement.
    static func signature(of function: FunctionDeclSyntax) -> String {
        "func \(function.name.text)\(function.genericParameterClause?.trimmedDescription ?? "")"
            + function.signature.trimmedDescription
    }
}
