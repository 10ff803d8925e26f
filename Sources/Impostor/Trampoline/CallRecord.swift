/// One recorded call copied out of an ``InvocationStore``: its bytes, read through the
/// signature that wrote them.
struct CallRecord: Sendable {
    let sequence: UInt64
    let thread: UInt
    /// The argument block followed by the return value's bytes.
    let payload: [UInt8]
    /// Snapshots of the `const char *` arguments, in parameter order.
    let cStrings: [String?]

    /// Reads the value at `offset` as `T`. The caller guarantees that a value of type `T` was
    /// recorded there (the signature's type for that position).
    func value<T>(at offset: Int, as type: T.Type) -> T {
        payload.withUnsafeBytes { bytes in
            // Sound: every type a signature admits is a trivial C type, so its value is exactly
            // its bytes; copying them into an aligned temporary makes the load aligned.
            withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
                let raw = UnsafeMutableRawPointer(slot.baseAddress!)
                raw.copyMemory(from: bytes.baseAddress! + offset, byteCount: MemoryLayout<T>.size)
                return raw.load(as: T.self)
            }
        }
    }

    /// The address held by a pointer-sized value at `offset`.
    func address(at offset: Int) -> UInt { value(at: offset, as: UInt.self) }
}
