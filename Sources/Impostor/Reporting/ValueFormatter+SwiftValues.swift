// MARK: Swift values in matcher descriptions

extension ValueFormatter {
    /// A value as a matcher shows it. Numbers and C values print as before (`5`,
    /// `cs_point(x: 1, y: 2)`). Other Swift values print as `String(reflecting:)` does, without
    /// module names: `"text"`, `Album(id: 5, title: "Blue")`, `Color.red`. An Optional prints
    /// as the call site writes it: its value (`"v"`, not `Optional("v")`), or `nil`.
    static func describeSwiftValue<T>(_ value: T) -> String {
        if let optional = value as? any OptionalValue {
            return optional.wrappedValue.map { describeSwiftValue($0) } ?? "nil"
        }
        if value is any BinaryInteger || value is any FloatingPoint || SignatureCache.leaves(of: T.self) != nil {
            return describe(value)
        }
        return withoutModuleNames(String(reflecting: value), of: [T.self, type(of: value as Any)])
    }

    /// `text` without the module names that `types` are spelled with (`ImpostorTests.Album`
    /// becomes `Album`), nor `Swift.`, nor a private type's `(unknown context at $…)`. Text
    /// inside string literals is left as it is.
    static func withoutModuleNames(_ text: String, of types: [Any.Type]) -> String {
        let modules = Set(types.flatMap { moduleNames(in: _typeName($0, qualified: true)) } + ["Swift", "__C"])
        var result = ""
        var rest = Substring(text)
        var inString = false
        var previous: Character = " "
        while let character = rest.first {
            if !inString, !previous.isIdentifierPart, previous != ".",
               let module = modules.first(where: { rest.hasPrefix($0 + ".") }) {
                rest = rest.dropFirst(module.count + 1)
                previous = "."
                continue
            }
            // A private type's context (`(unknown context at $55d0…).Album`) says nothing to a reader.
            if !inString, rest.hasPrefix("(unknown context at $"), let close = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: close)...]
                if rest.first == "." { rest = rest.dropFirst() }
                previous = "."
                continue
            }
            if character == "\"" { inString.toggle() }
            result.append(character)
            rest = rest.dropFirst()
            // An escaped character (`\"`, `\\`) neither opens nor closes a string.
            if inString, character == "\\", let escaped = rest.first {
                result.append(escaped)
                rest = rest.dropFirst()
            }
            previous = character
        }
        return result
    }

    /// The first name of each dotted name in a qualified type name: `Swift` and `ImpostorTests`
    /// in `Swift.Array<ImpostorTests.Album>`.
    private static func moduleNames(in qualifiedName: String) -> [String] {
        qualifiedName.split(whereSeparator: { !$0.isIdentifierPart && $0 != "." })
            .compactMap { name in name.contains(".") ? String(name.prefix { $0 != "." }) : nil }
    }
}

extension Character {
    fileprivate var isIdentifierPart: Bool { isLetter || isNumber || self == "_" }
}

/// An Optional of any wrapped type, whose value a message prints without `Optional(…)`.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { map { $0 } }
}
