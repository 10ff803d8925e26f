#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
    /// value; nil for `.none`.
    func capture(from pointer: UnsafeRawPointer, arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> CapturedMemory? {
        let limit = PointerCapture.limit
        let handedOver: Int
        switch self {
        case .none:
            return nil
        case .cString:
            // Sound: the parameter is declared (or, for `const char *`, taken by default) to
            // hold a NUL-terminated string; strnlen never reads past its NUL, which is kept.
            handedOver = strnlen(pointer.assumingMemoryBound(to: CChar.self), limit) + 1
        case .textUpTo(let length):
            // Sound: the pointer is a C string (strnlen stops at its NUL, which is kept) or a
            // buffer of `length` bytes (strnlen reads no further).
            let length = min(length.value(in: arguments), limit + 1)
            let found = strnlen(pointer.assumingMemoryBound(to: CChar.self), length)
            handedOver = found < length ? found + 1 : length
        case .buffer(let count, let times, let elementSize):
            let (elements, overflow) = count.value(in: arguments).multipliedReportingOverflow(by: times?.value(in: arguments) ?? 1)
            let (total, overflow2) = elements.multipliedReportingOverflow(by: elementSize)
            handedOver = overflow || overflow2 ? Int.max : total
        case .bytes(let count):
            handedOver = count
        }
        // Sound: the caller handed over `handedOver` bytes at `pointer` (the rule's contract),
        // and at most `limit` of them are read.
        let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: min(handedOver, limit)))
        return CapturedMemory(bytes: bytes, handedOver: handedOver)
    }
}
