/// How much of the memory behind one pointer parameter is copied at call time, resolved from
/// a ``PointerCapture`` (declared or default) against the function type.
enum CaptureRule: Equatable, Sendable {
    /// Copy nothing.
    case none
    /// Copy up to the first NUL.
    case cString
    /// Copy up to the first NUL or the length in another argument, whichever comes first:
    /// safe whether the pointer is a C string or a (buffer, length) pair.
    case textUpTo(LengthArgument)
    /// Copy `count` (× `times`) elements of `elementSize` bytes, the counts read from other
    /// arguments of the same call.
    case buffer(count: LengthArgument, times: LengthArgument?, elementSize: Int)
    /// Copy exactly this many bytes (a pointee, or a declared size).
    case bytes(Int)

    /// An integer argument that gives a length.
    struct LengthArgument: Equatable, Sendable {
        let index: Int
        let size: Int
        let isSigned: Bool

        /// The argument's value; 0 when negative.
        func value(in arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int {
            // Sound: libffi passes one pointer per parameter, and the rule was built from the
            // parameter's own size and signedness.
            let slot = UnsafeRawPointer(arguments[index].unsafelyUnwrapped)
            let value: Int64 = switch (size, isSigned) {
            case (1, true): Int64(slot.load(as: Int8.self))
            case (1, false): Int64(slot.load(as: UInt8.self))
            case (2, true): Int64(slot.loadUnaligned(as: Int16.self))
            case (2, false): Int64(slot.loadUnaligned(as: UInt16.self))
            case (4, true): Int64(slot.loadUnaligned(as: Int32.self))
            case (4, false): Int64(slot.loadUnaligned(as: UInt32.self))
            case (_, true): slot.loadUnaligned(as: Int64.self)
            default: Int64(clamping: slot.loadUnaligned(as: UInt64.self))
            }
            return Int(max(0, value))
        }
    }

    /// Copies what the rule says from `pointer`, which is argument `arguments[i]`'s non-NULL
    /// value; nil for `.none`. Memory that cannot be read (an unmapped page before the NUL or
    /// the end of the buffer), and a buffer longer than any process can own, give
    /// ``CapturedMemory/unreadable(at:)``: nothing here can fault.
    ///
    /// Inlined into the plan's loop, as it was before reads were guarded: on its own, the
    /// specialized Array(_:) the copy ends with stayed a call, 60 instructions a capture more.
    @inline(__always)
    func capture(from pointer: UnsafeRawPointer, arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> CapturedMemory? {
        let limit = PointerCapture.limit
        let address = UInt(bitPattern: pointer)
        let handedOver: Int
        switch self {
        case .none:
            return nil
        case .cString:
            // The parameter is declared (or, for `const char *`, taken by default) to hold a
            // NUL-terminated string; the copy stops at its NUL, which is kept. Text with no NUL
            // in the first `limit` bytes is cut there: the caller handed over more.
            guard let bytes = GuardedRead.text(at: pointer, bound: limit) else { return .unreadable(at: address) }
            return CapturedMemory(bytes: bytes, handedOver: bytes.last == 0 ? bytes.count : limit + 1)
        case .textUpTo(let length):
            // A C string (the copy stops at its NUL, which is kept) or a buffer of `length`
            // bytes (the copy reads no further). The length only bounds the copy, so one no
            // process could own is no reason to refuse text whose NUL comes first.
            let length = length.value(in: arguments)
            guard let bytes = GuardedRead.text(at: pointer, bound: min(length, limit)) else { return .unreadable(at: address) }
            return CapturedMemory(bytes: bytes, handedOver: bytes.last == 0 ? bytes.count : min(length, limit + 1))
        case .buffer(let count, let times, let elementSize):
            let (elements, overflow) = count.value(in: arguments).multipliedReportingOverflow(by: times?.value(in: arguments) ?? 1)
            let (total, overflow2) = elements.multipliedReportingOverflow(by: elementSize)
            handedOver = overflow || overflow2 ? Int.max : total
        case .bytes(let count):
            handedOver = count
        }
        // A buffer's length that would run past the end of user memory (or overflow) is one no
        // caller can have handed over: a garbage or misread length argument. It is refused before
        // anything is read, rather than copied up to the limit from whatever follows the buffer.
        let (end, overflow) = address.addingReportingOverflow(UInt(handedOver))
        guard !overflow, end <= CaptureRule.userSpaceEnd else { return .unreadable(at: address) }
        // The caller handed over `handedOver` bytes at `pointer` (the rule's contract); at most
        // `limit` of them are read, and a page among them that cannot be read is reported.
        guard let bytes = GuardedRead.bytes(at: pointer, count: min(handedOver, limit)) else { return .unreadable(at: address) }
        return CapturedMemory(bytes: bytes, handedOver: handedOver)
    }

    /// The first address past user memory: a pointer at or above it is never read, and no
    /// buffer reaches past it.
    #if arch(x86_64)
    static let userSpaceEnd: UInt = 1 << 47   // Linux x86-64 with 4-level page tables
    #else
    static let userSpaceEnd: UInt = 1 << 48   // Linux arm64: 48-bit user addresses unless a program asks for more
    #endif
}
