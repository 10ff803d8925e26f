/// One recorded call copied out of an ``InvocationStore``: its bytes, read through the
/// signature that wrote them.
struct CallRecord: Sendable {
    let stamp: UInt64
    let thread: UInt
    /// The argument block followed by the return value's bytes.
    let payload: [UInt8]
    /// What was copied from each parameter's memory at call time, in parameter order (empty
    /// when nothing was: every parameter then reads as not captured).
    let captures: [CapturedArgument]
    /// False for a call whose answer had not returned when the record was copied: left by
    /// `longjmp` (or its thread ended), or still running. Its result bytes are zero.
    let didReturn: Bool

    init(stamp: UInt64, thread: UInt, payload: [UInt8], didReturn: Bool = true, captures: [CapturedArgument] = []) {
        self.stamp = stamp
        self.thread = thread
        self.payload = payload
        self.didReturn = didReturn
        self.captures = captures
    }

    /// What was copied from parameter `index`'s memory.
    func capture(_ index: Int) -> CapturedArgument {
        captures.indices.contains(index) ? captures[index] : .notCaptured
    }

    /// Reads the value at `offset` as `T`. The caller guarantees that a value of type `T` was
    /// recorded there (the signature's type for that position).
    func value<T>(at offset: Int, as type: T.Type) -> T {
        payload.withUnsafeBytes { bytes in
            // Sound: `offset` starts a value of type T inside the payload (the caller checked
            // the type against the signature).
            TrivialValue.load(T.self, from: bytes.baseAddress! + offset)
        }
    }

    /// The address held by a pointer-sized value at `offset`.
    func address(at offset: Int) -> UInt { value(at: offset, as: UInt.self) }
}
