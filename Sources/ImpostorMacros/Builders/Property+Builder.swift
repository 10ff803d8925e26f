extension Property {
    /// The property, whose accessors record their calls, and its `$` prototype: `$title.get`,
    /// and `$title.set(matcher)` when it can be set.
    func declarations(access: String) -> [String] {
        let staticWord = getter.isStatic ? "static " : ""
        var accessors = [block("get\(getterEffects)", getter.recordingBody())]
        if let setter { accessors.append(block("set", setter.recordingBody())) }
        let implementation = block("\(attributes)\(access)\(staticWord)var \(name): \(type)", accessors)
        let prototypeType: String
        let expression: String
        let get = getter.prototypeExpression(matchers: [])
        if let setter {
            prototypeType = "\(RuntimeNames.settablePropertyPrototype)<\(getter.prototypeType), \(setter.prototypeType), \(type)>"
            expression = "\(RuntimeNames.settablePropertyPrototype)(\n    get: \(get),\n    set: { newValue in\n        \(setter.prototypeExpression(matchers: ["newValue"]))\n    })"
        } else {
            prototypeType = "\(RuntimeNames.propertyPrototype)<\(getter.prototypeType)>"
            expression = "\(RuntimeNames.propertyPrototype)(get: \(get))"
        }
        let prototype = block(
            "\(access)nonisolated \(staticWord)var $\(TypeText.unquoted(name)): \(prototypeType)",
            getter.prototypeBody(expression))
        return [implementation, prototype]
    }
}
