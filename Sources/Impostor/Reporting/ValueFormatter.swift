/// Formats recorded C values for messages: numbers as Swift prints them, pointers in hex,
/// C strings quoted, structs field by field by name.
enum ValueFormatter {
    /// `capture` is what was copied at call time from the memory a pointer points to: text
    /// pointers with a copy show it quoted.
    /// Any pointer whose memory could not be read shows as `unreadable at call time (0x…)`.
    static func format(_ record: CallRecord, at offset: Int, as type: CValueType, capture: CapturedArgument = .notCaptured) -> String {
        if case .unreadable(let address) = capture { return FailureMessages.unreadableAtCallTime(address) }
        if case .text = type.pointer {
            switch capture {
            case .null: return "nil"
            case .memory(let memory): return quoted(memory.text) + (memory.isCut ? "…" : "")
            case .notCaptured, .notRead, .unreadable: break
            }
        }
        if type.representation == .pointer {
            let address = record.address(at: offset)
            return address == 0 ? "nil" : Hex.address(address)
        }
        func open<T>(_: T.Type) -> String { String(describing: record.value(at: offset, as: T.self)) }
        return cleaned(open(type.swiftType))
    }

    /// A value as Swift prints it, without module prefixes.
    static func describe<T>(_ value: T) -> String { cleaned(String(describing: value)) }

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

    /// `0xca, 0xfe`.
    static func bytes(_ values: [UInt8]) -> String {
        values.map(byte).joined(separator: ", ")
    }
}
