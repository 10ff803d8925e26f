// A parameter of a requirement: how the implementation declares it, what the mock records for
// it and what its `$` prototype matches it by.

struct Parameter {
    /// The argument label: a name, `_`, or nil for a subscript parameter written without one.
    var label: String?
    /// The internal name, as the implementation declares it (never `_`).
    var name: String
    /// The type as declared, with `inout`, `@escaping` and a variadic `...`.
    var declaredType: String
    /// The type the reference records the argument as.
    var recordedType: String
    /// The expression recorded for the argument.
    var recordedValue: String

    /// `label name: Type`, without a label equal to the name (Swift warns about it).
    func declaration(ofType type: String) -> String {
        guard let label, label != name else { return "\(name): \(type)" }
        return "\(label) \(name): \(type)"
    }

    /// The part of the requirement's reference key for this parameter: `id:UUID`.
    var keyPart: String {
        "\(label ?? "_"):\(TypeText.compact(declaredType))"
    }

    /// The name as an expression: a keyword such as `in` needs backticks.
    var nameExpression: String {
        TypeText.expressionKeywords.contains(name) ? "`\(name)`" : name
    }
}
