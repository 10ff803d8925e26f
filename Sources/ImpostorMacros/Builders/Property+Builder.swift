extension Property {
    /// The property, whose accessors record their calls, and its `$` prototype: `$title.get`,
    /// and `$title.set(matcher)` when it can be set.
    func declarations(access: String) -> [String] {
        let staticWord = getter.isStatic ? "static " : ""
        var accessors = [block("get\(getterEffects)", getter.recordingBody())]
        if let setter { accessors.append(block("set", setter.recordingBody())) }
        let implementation = block("\(attributes)\(access)\(staticWord)var \(name): \(type)", accessors)
        let (prototypeType, expression) = accessorPrototype(getter: getter, setter: setter, valueType: type)
        let prototype = block(
            "\(access)nonisolated \(staticWord)var $\(TypeText.unquoted(name)): \(prototypeType)",
            getter.prototypeBody(expression))
        return [implementation, prototype]
    }
}

/// The `$` prototype of a property or subscript: its type, and the expression that makes it
/// from the getter's prototype and, when it can be set, the setter's. `indexMatchers` are a
/// subscript's matchers for its index, which both accessors take.
func accessorPrototype(
    getter: CallShape, setter: CallShape?, valueType: String, indexMatchers: [String] = []
) -> (type: String, expression: String) {
    let get = getter.prototypeExpression(matchers: indexMatchers)
    guard let setter else {
        return ("\(RuntimeNames.propertyPrototype)<\(getter.prototypeType)>", "\(RuntimeNames.propertyPrototype)(get: \(get))")
    }
    let set = setter.prototypeExpression(matchers: indexMatchers + ["newValue"])
    return (
        "\(RuntimeNames.settablePropertyPrototype)<\(getter.prototypeType), \(setter.prototypeType), \(valueType)>",
        "\(RuntimeNames.settablePropertyPrototype)(\n    get: \(get),\n    set: { newValue in\n        \(set)\n    })"
    )
}
