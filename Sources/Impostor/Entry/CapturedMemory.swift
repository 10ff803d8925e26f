/// Bytes copied from the memory a pointer argument pointed to, while the call was in progress;
/// or why there are none: the memory could not be read, or was deliberately not read.
struct CapturedMemory: Sendable, Equatable {
    let bytes: [UInt8]
    /// How many bytes the caller handed over: more than `bytes.count` when the copy was cut
    /// at ``PointerCapture/limit``; -1 when nothing was read.
    let handedOver: Int
    /// The pointer, when its memory could not be read at call time; 0 otherwise.
    let unreadableAddress: UInt

    init(bytes: [UInt8], handedOver: Int? = nil) {
        self.bytes = bytes
        self.handedOver = handedOver ?? bytes.count
        unreadableAddress = 0
    }

    private init(unreadableAt address: UInt) {
        bytes = []
        handedOver = -1
        unreadableAddress = address
    }

    /// True when the caller handed over more than was copied.
    var isCut: Bool { handedOver > bytes.count }

    /// Memory at `address` (not NULL) that could not be read when the call arrived: a pointer
    /// outside user memory, a page before the NUL or the buffer's end that was unmapped or
    /// unreadable, or a length no process can own.
    static func unreadable(at address: UInt) -> CapturedMemory {
        CapturedMemory(unreadableAt: address)
    }

    /// Stands for a pointer that was deliberately not read: a matcher's placeholder, which
    /// points nowhere, in a call made while matchers were left over.
    static let notRead = CapturedMemory(bytes: [], handedOver: -1)

    /// True when the bytes were copied.
    var wasRead: Bool { handedOver >= 0 }

    /// True when the memory could not be read (see ``unreadable(at:)``).
    var isUnreadable: Bool { handedOver < 0 && unreadableAddress != 0 }

    /// The bytes as UTF-8 text, without a C string's terminating NUL (invalid sequences
    /// repaired, as `String(cString:)` does).
    var text: String {
        let end = bytes.last == 0 && !isCut ? bytes.count - 1 : bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// What is known of the memory behind one argument of one call.
enum CapturedArgument: Sendable, Equatable {
    /// Nothing was copied from this parameter (not a pointer, or one the mock copies nothing
    /// through).
    case notCaptured
    /// The mock copies through this parameter, but not in this call: its pointer was a matcher's
    /// placeholder (a call made while matchers were left over), which points nowhere.
    case notRead
    /// The pointer was NULL.
    case null
    /// The copied bytes.
    case memory(CapturedMemory)
    /// The pointer's memory could not be read when the call arrived.
    case unreadable(address: UInt)
}
