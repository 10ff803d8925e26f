import SwiftSyntax

extension Parameter {
    /// The parameters of a method or initializer (`label` defaults to the name) or a subscript
    /// (no label unless two names are written).
    static func parse(
        _ list: FunctionParameterListSyntax, isSubscript: Bool, genericNames: Set<String>
    ) -> [Parameter] {
        let parsed = list.enumerated().map { index, parameter in
            let first = parameter.firstName.text
            let second = parameter.secondName?.text
            var name = second ?? first
            // `func f(_: Int)` has no name to pass on; the implementation needs one.
            if name == "_" { name = "arg\(index)" }
            let label: String? = isSubscript ? (second == nil ? nil : first) : first
            var value = TypeText.expressionKeywords.contains(name) ? "`\(name)`" : name
            // Recording keeps the value, which would consume a borrowed one.
            if TypeText.has(.borrowing, parameter.type) { value = "copy " + value }
            let recorded = TypeText.recorded(
                parameter.type, isVariadic: parameter.ellipsis != nil, value: value, genericNames: genericNames)
            let declared = parameter.type.trimmedDescription + (parameter.ellipsis == nil ? "" : "...")
            var result = Parameter(
                label: label, name: name, declaredType: declared,
                recordedType: recorded.type, recordedValue: recorded.value)
            // An `inout` value is recorded in a box a stub can set, and written back from it.
            // One of the method's own generic types is recorded as `Any`, which could not be.
            if TypeText.has(.inout, parameter.type), !TypeText.mentions(genericNames, in: parameter.type) {
                result.recordedType = "\(RuntimeNames.inoutArgument)<\(recorded.type)>"
                result.inoutBox = "inout_" + name
            }
            return result
        }
        // The box's local takes a name no parameter has.
        let names = Set(parsed.map(\.name))
        return parsed.map { parameter in
            var parameter = parameter
            while let box = parameter.inoutBox, names.contains(box) { parameter.inoutBox = box + "_" }
            if let box = parameter.inoutBox { parameter.recordedValue = box }
            return parameter
        }
    }
}
