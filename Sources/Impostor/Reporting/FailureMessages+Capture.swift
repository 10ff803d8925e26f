// MARK: What is copied from pointer arguments

extension FailureMessages {
    /// A `capturing:` declaration that does not fit the function type.
    static func captureDeclaration(_ problem: CaptureProblem, mock: String) -> String {
        switch problem {
        case .positionOutOfRange(let position, let count, let capture):
            return "capturing: [\(position): \(capture)] names parameter \(position), but \(mock) takes \(count) "
                + "parameter\(count == 1 ? "" : "s") (positions 0..<\(count)); the declaration was left out."
        case .notAPointer(let position, let type, let capture):
            return "capturing: [\(position): \(capture)] is for pointers, but parameter \(position) of \(mock) is \(type); "
                + "the declaration was left out."
        case .noPointeeType(let position, let type):
            return "Parameter \(position) of \(mock) is \(type), whose pointee has no size Impostor can know; "
                + "declare .bytes(n) or .buffer(count:) with a byte count instead. The declaration was left out."
        case .lengthNotAnInteger(let position, let lengthPosition, let lengthType, let capture):
            let what = lengthType.map { "is \($0)" } ?? "does not exist"
            return "capturing: [\(position): \(capture)] takes the length from parameter \(lengthPosition), which \(what); "
                + "a buffer's length must be another integer parameter. The declaration was left out."
        case .byteCountOutOfRange(let position, let count):
            return "capturing: [\(position): .bytes(\(count))] must copy between 1 and \(PointerCapture.limit) bytes; "
                + "the declaration was left out."
        }
    }

    /// A matcher that reads through a pointer, bound to a parameter nothing is copied from.
    /// `tableField` is the field's path when the mock is a field of a `mockTable` table.
    static func matcherNeedsCapture(
        _ matcher: String, purpose: String, mock: String, position: Int, type: String, tableField: String? = nil
    ) -> String {
        let declare = { (capture: String) in declaration(capture, at: position, tableField: tableField) }
        return "\(matcher) in \(purpose)(...) reads the memory argument \(position + 1) of \(mock) points to, but nothing is copied "
            + "from that parameter (\(type)) when a call arrives, and a caller's memory may be gone once the call returns. "
            + "Say what it points to when you create the \(made(tableField)): capturing: \(declare(".bytes(n)")), "
            + "\(declare(".buffer(count: k)")) (a length in parameter k) or \(declare(".cString"))."
    }

    /// A matcher that reads text or bytes through a `const char *` next to an `int`, or with a
    /// `size_t` further on (at `lengthPosition`, from 0).
    static func matcherNeedsDecision(
        _ matcher: String, purpose: String, mock: String, position: Int, type: String, lengthPosition: Int, lengthType: String,
        tableField: String? = nil
    ) -> String {
        let declare = { (capture: String) in declaration(capture, at: position, tableField: tableField) }
        let length = lengthPosition == position + 1
            ? "is followed by an \(lengthType)"
            : "comes before argument \(lengthPosition + 1) (\(lengthType))"
        return "\(matcher) in \(purpose)(...) reads the memory argument \(position + 1) of \(mock) points to, but that parameter "
            + "(\(type)) \(length), which may be its length or not, so Impostor copied only up to whichever "
            + "of a NUL and that number came first. Say which it is when you create the \(made(tableField)): "
            + "capturing: \(declare(".cString")) for a NUL-terminated string, \(declare(".buffer(count: \(lengthPosition))")) "
            + "for a buffer of that length."
    }

    /// A matcher or captor that reads through a pointer argument whose memory could not be read
    /// when the call arrived. `call` is the call's place among the mock's calls, for a verify.
    static func matcherCannotRead(_ matcher: String, purpose: String, mock: String, position: Int, address: UInt, call: Int?) -> String {
        let which = call.map { " in call #\($0)" } ?? ""
        return "\(matcher) in \(purpose)(...) reads the memory argument \(position + 1) of \(mock) points to, but\(which) "
            + "that memory was \(unreadableAtCallTime(address)): a page before its end could not be read, or its length was "
            + "more than any process can own. The call does not match."
    }

    /// `mock, by position from 0`, or `table, by field path and position from 0`.
    private static func made(_ tableField: String?) -> String {
        tableField == nil ? "mock, by position from 0" : "table, by field path and position from 0"
    }

    /// `[1: .cString]`, or `["xWrite": [1: .cString]]` for a table's field.
    private static func declaration(_ capture: String, at position: Int, tableField: String?) -> String {
        let declaration = "[\(position): \(capture)]"
        return tableField.map { "[\"\($0)\": \(declaration)]" } ?? declaration
    }

    /// `nothing was copied from it at call time`, for listings.
    static var nothingCaptured: String { "nothing was copied from it at call time" }

    /// `unreadable at call time (0x00007f12a3b4c000)`: how a pointer argument whose memory could
    /// not be read when the call arrived shows in listings, descriptions and failures.
    static func unreadableAtCallTime(_ address: UInt) -> String {
        "unreadable at call time (\(Hex.address(address)))"
    }

    /// `2 bytes copied at call time`, for listings; `1048576 bytes copied of 2000000` when cut.
    static func bytesCopied(_ memory: CapturedMemory) -> String {
        let copied = memory.bytes.count
        let cut = memory.isCut ? " of \(memory.handedOver) handed over" : ""
        return "\(copied) byte\(copied == 1 ? "" : "s") copied at call time\(cut)"
    }
}
