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
    /// For an `inout` parameter, the local holding its `InoutArgument` box, written back
    /// when the call returns; nil otherwise.
    var inoutBox: String? = nil

    /// `label name: Type`, without a label equal to the name (Swift warns about it).
    func declaration(ofType type: String) -> String {
        guard let label, label != name else { return "\(name): \(type)" }
        return "\(label) \(name): \(type)"
    }

    /// The name as an expression: a keyword such as `in` needs backticks.
    var nameExpression: String {
        TypeText.expressionKeywords.contains(name) ? "`\(name)`" : name
    }

    /// The type the `$` member's matcher tests: an `inout` argument's value, not its box.
    var matchedType: String {
        guard inoutBox != nil else { return recordedType }
        return String(recordedType.dropFirst(RuntimeNames.inoutArgument.count + 1).dropLast())
    }

    /// The `$` member's matcher as the prototype takes it: an `inout` argument's matcher tests
    /// the value passed, which its box holds.
    var matcherExpression: String {
        inoutBox == nil ? nameExpression : nameExpression + "." + RuntimeNames.inoutMatcher
    }

    /// `let inout_x = Impostor.InoutArgument(x)` and `defer { x = inout_x.value }` for an
    /// `inout` parameter: the call records the box, and its value is written back however the
    /// member returns, as Swift writes back an `inout` argument even when the callee throws.
    var inoutLines: [String] {
        guard let inoutBox else { return [] }
        return [
            "let \(inoutBox) = \(RuntimeNames.inoutArgument)(\(nameExpression))",
            "defer {\n    \(nameExpression) = \(inoutBox).value\n}",
        ]
    }
}
