extension Subscript {
    /// The subscript, whose accessors record their calls with its arguments, and its prototype
    /// `$subscript(matchers...)`, with `.get` and, when it can be set, `.set(matcher)`.
    func declarations(access: String) -> [String] {
        let staticWord = getter.isStatic ? "static " : ""
        // A subscript's label is written even when it equals the name: `subscript(key key: String)`.
        let parameters = getter.parameters.map { parameter in
            (parameter.label.map { "\($0) " } ?? "") + "\(parameter.name): \(parameter.declaredType)"
        }.joined(separator: ", ")
        var accessors = [block("get\(getterEffects)", getter.recordingBody())]
        if let setter { accessors.append(block("set", setter.recordingBody())) }
        let implementation = block(
            "\(attributes)\(access)\(staticWord)subscript\(genericClause)(\(parameters)) -> \(resultType)\(whereClause)",
            accessors)
        let valueType = setter?.parameters.last?.recordedType ?? resultType
        let (prototypeType, expression) = accessorPrototype(
            getter: getter, setter: setter, valueType: valueType, indexMatchers: getter.matcherNames)
        let prototype = block(
            "\(access)nonisolated \(staticWord)func $subscript(\(getter.matcherParameters)) -> \(prototypeType)",
            getter.prototypeBody(expression))
        return [implementation, prototype]
    }
}
