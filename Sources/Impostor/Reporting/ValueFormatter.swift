/// Formats recorded C values for messages: numbers as Swift prints them, pointers in hex,
/// C strings quoted, structs field by field by name.
enum ValueFormatter {
    /// `cString` is the call-time snapshot when the value is a `const char *` (`.some(nil)`
    /// for NULL).
    static func format(_ record: CallRecord, at offset: Int, as type: CValueType, cString: String??) -> String {
        if let cString {
            guard let text = cString else { return "nil" }
            return quoted(text)
        }
        if type.representation == .pointer {
            let address = record.address(at: offset)
            return address == 0 ? "nil" : Hex.address(address)
        }
        func open<T>(_: T.Type) -> String { String(describing: record.value(at: offset, as: T.self)) }
        return cleaned(open(type.swiftType))
    }

    /// A string in double quotes with quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "\""
    }

    /// Drops the `__C.` module prefix Swift prints for nested imported types.
    private static func cleaned(_ text: String) -> String {
        text.replacing("__C.", with: "")
    }
}

/// Hexadecimal formatting of addresses.
enum Hex {
    /// `0x00007f12a3b4c640`: sixteen digits, so addresses line up in lists.
    static func address(_ value: UInt) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

extension Hex {
    /// `0x0a`.
    static func byte(_ value: UInt8) -> String {
        "0x" + (value < 16 ? "0" : "") + String(value, radix: 16)
    }
}
