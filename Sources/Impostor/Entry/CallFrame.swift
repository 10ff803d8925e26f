/// One call in flight: where its arguments are, its result buffer, and the signature that says
/// how to read and write them. Lives only for the duration of the handler or the answer.
@usableFromInline
struct CallFrame {
    /// Unowned: signatures are cached for the life of the process, and a strong reference cost
    /// a retain/release pair on every call.
    @usableFromInline unowned(unsafe) let signature: Signature
    /// What the mock copies from pointer arguments; unowned for the same reason (the
    /// interceptor keeps it).
    unowned(unsafe) let plan: CapturePlan
    /// Argument `i`'s value is at `argumentBase + argumentOffsets[i]` (8-byte offsets). The
    /// handler's frames have base 0 and libffi's (or the dispatcher's) array of pointers as
    /// offsets: an address is its own offset from 0. A call the static dispatcher answers from
    /// a stub key has the dispatcher's frame as base and the offsets decided when the mock was
    /// made, so that the dispatcher builds no pointers (see `impostor_static_answer`).
    @usableFromInline let argumentBase: UInt
    @usableFromInline let argumentOffsets: UnsafeRawPointer?
    /// libffi's result buffer: at least `resultWriteSize` bytes (a full `ffi_arg` for narrow
    /// integers; the caller's own struct for a struct returned through a hidden pointer).
    @usableFromInline let result: UnsafeMutableRawPointer?
    /// What was copied from pointer arguments when the call arrived, in plan order (empty
    /// when the plan copies nothing).
    var captures = UnsafeBufferPointer<CapturedMemory?>(start: nil, count: 0)

    init(signature: Signature, plan: CapturePlan, arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, result: UnsafeMutableRawPointer?) {
        self.signature = signature
        self.plan = plan
        self.argumentBase = 0
        self.argumentOffsets = UnsafeRawPointer(arguments)
        self.result = result
    }

    /// The frame of a call answered from a stub key: arguments at `base + offsets[i]`.
    init(signature: Signature, plan: CapturePlan, argumentBase: UnsafeRawPointer?, argumentOffsets: UnsafeRawPointer,
         result: UnsafeMutableRawPointer?) {
        self.signature = signature
        self.plan = plan
        self.argumentBase = UInt(bitPattern: argumentBase)
        self.argumentOffsets = argumentOffsets
        self.result = result
    }

    /// The array of pointers to each argument's value, for what passes it on to C (recording,
    /// captures, the original function). Only the handler's frames have one, and only the
    /// handler does these: a keyed answer never captures, records or calls an original.
    var arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        assert(argumentBase == 0, "Impostor: a keyed answer's frame has no array of argument pointers")
        // Sound: with base 0, the offsets are the handler's array of pointers (see above).
        return UnsafeMutableRawPointer(mutating: argumentOffsets)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// Reads argument `index` as `T`. The caller guarantees `T` is the parameter's type.
    func argument<T>(_ index: Int, as type: T.Type) -> T {
        // Sound: libffi passes one valid pointer per parameter of the cif, and argument
        // slots in its register save area are not necessarily aligned for T.
        TrivialValue.load(T.self, from: argumentAddress(index))
    }

    /// The text of a string literal passed to a `const char *` or `const unsigned char *`
    /// parameter in a prototype (nil for NULL). Only for prototypes: Swift passes string
    /// literals NUL-terminated, while C callers' pointers are read through the capture plan.
    func literalText(at index: Int) -> String? {
        // Sound: the parameter is a text pointer, and in a prototype its value comes from
        // Swift code, whose string-to-pointer conversions are NUL-terminated.
        guard let pointer = argumentAddress(index).loadUnaligned(as: UnsafePointer<CChar>?.self) else { return nil }
        return String(cString: pointer)
    }

    /// Writes the zero value of the return type: what an unstubbed call returns. Inlined: a
    /// call cost as much as the write.
    @inline(__always)
    func writeZeroResult() {
        guard let result else { return }
        // Sound: libffi's result buffer holds at least `resultWriteSize` bytes (see above).
        switch signature.resultWriteSize {
        case 0: break
        case 8: result.storeBytes(of: 0, as: UInt64.self)
        case let size: result.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        }
    }

    /// The address of argument `index`'s value: libffi's slot or the dispatcher's frame slot,
    /// not necessarily aligned for the parameter's type.
    @usableFromInline
    @inline(__always)
    func argumentAddress(_ index: Int) -> UnsafeRawPointer {
        // Sound: both entry points (libffi's closure and the static dispatcher) give one valid
        // address per parameter of the cif, as a pointer or as an offset from the frame, and
        // `index` is a parameter's. Loaded as UInt: a pointer and its address have the same
        // 8 bytes. Unchecked: the stub scan reads one argument per stub, and two nil checks
        // were a fifth of that.
        let offset = argumentOffsets.unsafelyUnwrapped.load(fromByteOffset: index &* 8, as: UInt.self)
        return UnsafeRawPointer(bitPattern: argumentBase &+ offset).unsafelyUnwrapped
    }

    /// Writes a return value of 1, 2, 4 or 8 bytes given as its bits, zero-extended to 64,
    /// widening integers narrower than 64 bits as ``writeResult(_:)`` does. The form a stub's
    /// answer uses for such values: unlike a buffer of bytes, it needs no memory for the value.
    /// Inlined into the answer for the common store of 8 bytes.
    @inlinable @inline(__always)
    func writeResult(bits: UInt64) {
        let shift = signature.resultWideningShift
        guard shift < 64, let result else { return writeOtherResult(bits: bits) }
        // Sound: the buffer holds at least 8 bytes when the store is 8 bytes (see below).
        result.storeBytes(of: UInt64(bitPattern: Int64(bitPattern: bits &<< shift) &>> Int64(shift)), as: UInt64.self)
    }

    /// ``writeResult(bits:)`` for the stores that are not one of 8 bytes, and a nil buffer.
    @usableFromInline
    func writeOtherResult(bits: UInt64) {
        guard let result else { return }
        // Sound: libffi's buffer (and the dispatcher's frame slot) holds at least
        // `resultWriteSize` bytes: 8 for each case that stores 8, the result's size otherwise.
        switch signature.resultStore {
        case .eightBytes: result.storeBytes(of: bits, as: UInt64.self)
        case .signExtended(bytes: 1): result.storeBytes(of: Int64(Int8(truncatingIfNeeded: bits)), as: Int64.self)
        case .signExtended(bytes: 2): result.storeBytes(of: Int64(Int16(truncatingIfNeeded: bits)), as: Int64.self)
        case .signExtended: result.storeBytes(of: Int64(Int32(truncatingIfNeeded: bits)), as: Int64.self)
        case .bytes(4): result.storeBytes(of: UInt32(truncatingIfNeeded: bits), as: UInt32.self)
        case .bytes(2): result.storeBytes(of: UInt16(truncatingIfNeeded: bits), as: UInt16.self)
        case .bytes: result.storeBytes(of: UInt8(truncatingIfNeeded: bits), as: UInt8.self)
        case .none: break
        }
    }

    /// Writes a return value given as the bytes of the result type, widening integers
    /// narrower than 64 bits to a full `ffi_arg` as libffi requires of closure handlers.
    @usableFromInline
    func writeResult(_ bytes: UnsafeRawBufferPointer) {
        guard let result, let value = bytes.baseAddress else { return }
        let size = signature.resultSize
        // Sound: `bytes` holds a value of the result type (`size` bytes), and libffi's buffer
        // holds at least `resultWriteSize` bytes.
        switch signature.resultWidening {
        case .none:
            EntryPoints.copy(result, value, count: size)
        case .signExtend:
            let wide: Int64 = switch size {
            case 1: Int64(value.load(as: Int8.self))
            case 2: Int64(value.loadUnaligned(as: Int16.self))
            default: Int64(value.loadUnaligned(as: Int32.self))
            }
            result.storeBytes(of: wide, as: Int64.self)
        case .zeroExtend:
            let wide: UInt64 = switch size {
            case 1: UInt64(value.load(as: UInt8.self))
            case 2: UInt64(value.loadUnaligned(as: UInt16.self))
            default: UInt64(value.loadUnaligned(as: UInt32.self))
            }
            result.storeBytes(of: wide, as: UInt64.self)
        }
    }
}

extension CallFrame {
    /// Argument `index` as a slot matchers can read: pointers are read only through the
    /// call's captures.
    @inline(__always)
    func slot(_ index: Int) -> ArgumentView {
        // Sound: see `argumentAddress`.
        ArgumentView(address: argumentAddress(index), captures: CaptureView(plan: plan, captures: captures), index: index)
    }

    /// Every argument's bytes, copied (for prototypes, which outlive the call).
    func argumentBytes() -> [[UInt8]] {
        signature.parameters.indices.map { slot($0).bytes(count: signature.parameters[$0].size) }
    }

    /// The call as a record, for blocks that take the whole ``Invocation``; the return value
    /// is not known yet and reads as zero.
    func record(stamp: UInt64, thread: UInt) -> CallRecord {
        var payload = [UInt8](repeating: 0, count: signature.payloadSize)
        for index in signature.parameters.indices {
            let bytes = slot(index).bytes(count: signature.parameters[index].size)
            payload.replaceSubrange(signature.argumentOffsets[index]..<(signature.argumentOffsets[index] + bytes.count), with: bytes)
        }
        return CallRecord(stamp: stamp, thread: thread, payload: payload, captures: plan.arguments(Array(captures)))
    }

    /// The call as a record with the result its answer has written so far (a failing stub's
    /// answer, announced before the caller goes on with it).
    func recordWithResult(stamp: UInt64, thread: UInt) -> CallRecord {
        let record = self.record(stamp: stamp, thread: thread)
        guard let result, signature.resultSize > 0 else { return record }
        var payload = record.payload
        let bytes = UnsafeRawBufferPointer(start: result, count: signature.resultSize)
        payload.replaceSubrange(signature.resultOffset..<(signature.resultOffset + signature.resultSize), with: bytes)
        return CallRecord(stamp: stamp, thread: thread, payload: payload, captures: record.captures)
    }
}
