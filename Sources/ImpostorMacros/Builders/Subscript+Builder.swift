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
        let matchers = getter.matcherNames
        let get = getter.prototypeExpression(matchers: matchers)
        let prototypeType: String
        let expression: String
        if let setter {
            let valueType = setter.parameters.last?.recordedType ?? resultType
            prototypeType = "\(RuntimeNames.settablePropertyPrototype)<\(getter.prototypeType), \(setter.prototypeType), \(valueType)>"
            expression = "\(RuntimeNames.settablePropertyPrototype)(\n    get: \(get),\n    set: { newValue in\n        \(setter.prototypeExpression(matchers: matchers + ["newValue"]))\n    })"
        } else {
            prototypeType = "\(RuntimeNames.propertyPrototype)<\(getter.prototypeType)>"
            expression = "\(RuntimeNames.propertyPrototype)(get: \(get))"
        }
        let prototype = block(
            "\(access)nonisolated \(staticWord)func $subscript(\(getter.matcherParameters)) -> \(prototypeType)",
            getter.prototypeBody(expression))
        return [implementation, prototype]
    }
}
