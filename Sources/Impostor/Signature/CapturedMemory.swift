/// Bytes copied from the memory a pointer argument pointed to, while the call was in progress.
struct CapturedMemory: Sendable, Equatable {
    let bytes: [UInt8]
    /// How many bytes the caller handed over: more than `bytes.count` when the copy was cut
    /// at ``PointerCapture/limit``.
    let handedOver: Int

    init(bytes: [UInt8], handedOver: Int? = nil) {
        self.bytes = bytes
        self.handedOver = handedOver ?? bytes.count
    }

    /// True when the caller handed over more than was copied.
    var isCut: Bool { handedOver > bytes.count }

    /// The bytes as UTF-8 text, without a C string's terminating NUL (invalid sequences
    /// repaired, as `String(cString:)` does).
    var text: String {
        let end = bytes.last == 0 && !isCut ? bytes.count - 1 : bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// What is known of the memory behind one argument of one call.
enum CapturedArgument: Sendable, Equatable {
    /// Nothing was copied from this parameter (not a pointer, or declared address-only).
    case notCaptured
    /// The pointer was NULL.
    case null
    /// The copied bytes.
    case memory(CapturedMemory)
}
