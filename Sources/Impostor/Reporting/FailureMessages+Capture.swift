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
    static func matcherNeedsCapture(_ matcher: String, purpose: String, mock: String, position: Int, type: String) -> String {
        "\(matcher) in \(purpose)(...) reads the memory argument \(position + 1) of \(mock) points to, but nothing is copied "
            + "from that parameter (\(type)) when a call arrives, and a caller's memory may be gone once the call returns. "
            + "Say what it points to when you create the mock, by position from 0: capturing: [\(position): .bytes(n)], "
            + "[\(position): .buffer(count: k)] (a length in parameter k) or [\(position): .cString]."
    }

    /// `nothing was copied from it at call time`, for listings.
    static var nothingCaptured: String { "nothing was copied from it at call time" }

    /// `the caller handed over 2 bytes`, for listings.
    static func onlyBytesHandedOver(_ count: Int) -> String {
        "the caller handed over \(count) byte\(count == 1 ? "" : "s")"
    }
}
