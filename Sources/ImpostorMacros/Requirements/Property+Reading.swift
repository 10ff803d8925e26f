import SwiftSyntax

extension RequirementReader {
    /// A property requirement: a getter, and a setter for `{ get set }`.
    mutating func readProperty(_ variable: VariableDeclSyntax) -> Property? {
        guard let binding = variable.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let type = binding.typeAnnotation?.type
        else { return nil }
        let name = TypeText.unquoted(pattern.identifier.text)
        let accessors = Self.accessors(of: binding.accessorBlock)
        let getterEffects = Effects(accessors.getter?.effectSpecifiers)
        let valueType = TypeText.recordable(type)
        let isStatic = Self.isStatic(variable.modifiers)
        let getterName = "\(name).get"
        let getter = CallShape(
            key: key("\(name).get"), name: getterName, referenceName: getterName, parameters: [],
            result: valueType, castResult: nil, isAsync: getterEffects.isAsync, failure: getterEffects.failure,
            isStatic: isStatic)
        var setter: CallShape?
        if accessors.hasSetter {
            setter = CallShape(
                key: key("\(name).set"), name: "\(name).set", referenceName: "\(name).set", parameters: [.newValue(of: valueType)],
                result: "Void", castResult: nil, isAsync: false, failure: "Never", isStatic: isStatic)
        }
        return Property(
            attributes: Self.attributes(variable.attributes, variable.modifiers), name: pattern.identifier.text, type: valueType,
            getterEffects: getterEffects.spaced, getter: getter, setter: setter)
    }

    /// The `get` accessor (for its effects) and whether there is a `set`.
    static func accessors(of block: AccessorBlockSyntax?) -> (getter: AccessorDeclSyntax?, hasSetter: Bool) {
        guard case .accessors(let list)? = block?.accessors else { return (nil, false) }
        let getter = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        let hasSetter = list.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
        return (getter, hasSetter)
    }
}

extension Parameter {
    /// The value a setter records.
    static func newValue(of type: String) -> Parameter {
        Parameter(label: nil, name: "newValue", declaredType: type, recordedType: type, recordedValue: "newValue")
    }
}
