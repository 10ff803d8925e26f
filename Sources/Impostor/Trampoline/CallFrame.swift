import CImpostor

/// One call in flight: libffi's argument and result pointers, with the signature that says how
/// to read and write them. Lives only for the duration of the handler.
struct CallFrame {
    let signature: Signature
    /// libffi's array of pointers to each argument's value.
    let arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    /// libffi's result buffer: at least `resultWriteSize` bytes (a full `ffi_arg` for narrow
    /// integers; the caller's own struct for a struct returned through a hidden pointer).
    let result: UnsafeMutableRawPointer?

    /// Reads argument `index` as `T`. The caller guarantees `T` is the parameter's type.
    func argument<T>(_ index: Int, as type: T.Type) -> T {
        // Sound: libffi passes one valid pointer per parameter of the cif, and argument
        // slots in its register save area are not necessarily aligned for T.
        TrivialValue.load(T.self, from: arguments![index]!)
    }

    /// The `const char *` argument at `index`, copied as a string (nil for NULL).
    func cString(at index: Int) -> String? {
        // Sound: the parameter's type is `UnsafePointer<CChar>`, so the slot holds a pointer;
        // C passes NUL-terminated strings through `const char *` by contract.
        guard let pointer = arguments![index]!.loadUnaligned(as: UnsafePointer<CChar>?.self) else { return nil }
        return String(cString: pointer)
    }

    /// Writes the zero value of the return type: what an unstubbed call returns.
    func writeZeroResult() {
        guard signature.resultWriteSize > 0, let result else { return }
        // Sound: libffi's result buffer holds at least `resultWriteSize` bytes (see above).
        result.initializeMemory(as: UInt8.self, repeating: 0, count: signature.resultWriteSize)
    }

    /// Writes a return value given as the bytes of the result type, widening integers
    /// narrower than 64 bits to a full `ffi_arg` as libffi requires of closure handlers.
    func writeResult(_ bytes: UnsafeRawBufferPointer) {
        guard let resultType = signature.result, let result else { return }
        switch signature.resultWidening {
        case .none:
            result.copyMemory(from: bytes.baseAddress!, byteCount: resultType.size)
        case .signExtend:
            result.storeBytes(of: Self.signExtended(bytes), as: Int64.self)
        case .zeroExtend:
            result.storeBytes(of: Self.zeroExtended(bytes), as: UInt64.self)
        }
    }

    private static func signExtended(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        switch bytes.count {
        case 1: Int64(bytes.loadUnaligned(as: Int8.self))
        case 2: Int64(bytes.loadUnaligned(as: Int16.self))
        default: Int64(bytes.loadUnaligned(as: Int32.self))
        }
    }

    private static func zeroExtended(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        switch bytes.count {
        case 1: UInt64(bytes.loadUnaligned(as: UInt8.self))
        case 2: UInt64(bytes.loadUnaligned(as: UInt16.self))
        default: UInt64(bytes.loadUnaligned(as: UInt32.self))
        }
    }
}

extension CallFrame {
    /// Argument `index` as a slot matchers can read.
    func slot(_ index: Int) -> ArgumentSlot {
        // Sound: libffi passes one valid pointer per parameter of the cif.
        ArgumentSlot(address: UnsafeRawPointer(arguments![index]!))
    }

    /// Every argument's bytes, copied (for prototypes, which outlive the call).
    func argumentBytes() -> [[UInt8]] {
        signature.parameters.indices.map { slot($0).bytes(count: signature.parameters[$0].size) }
    }

    /// Writes `value`, a value of the function's return type, as the call's result.
    func writeResult<R>(_ value: R) {
        withUnsafeBytes(of: value) { writeResult($0) }
    }

    /// The call as a record, for blocks that take the whole ``Invocation``; the return value
    /// is not known yet and reads as zero.
    func record(sequence: UInt64, thread: UInt) -> CallRecord {
        var payload = [UInt8](repeating: 0, count: signature.argumentBlockSize + signature.resultSize)
        for index in signature.parameters.indices {
            let bytes = slot(index).bytes(count: signature.parameters[index].size)
            payload.replaceSubrange(signature.argumentOffsets[index]..<(signature.argumentOffsets[index] + bytes.count), with: bytes)
        }
        return CallRecord(sequence: sequence, thread: thread, payload: payload,
                          cStrings: signature.cStringParameters.map { cString(at: $0) })
    }
}
