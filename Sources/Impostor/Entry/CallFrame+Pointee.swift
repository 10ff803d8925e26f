extension CallFrame {
    /// Writes `bytes` to the memory pointer argument `index` points to (a C out-parameter);
    /// false, writing nothing, when the pointer is NULL or an address no process can own.
    ///
    /// The caller (``setPointee(argument:to:)``) has checked, when the expectation was
    /// declared, that the parameter is a mutable pointer to a type of exactly `bytes.count`
    /// bytes, so the write stays inside the object the C caller handed over.
    func writePointee(ofArgument index: Int, bytes: UnsafeRawBufferPointer) -> Bool {
        guard let source = bytes.baseAddress else { return true }
        // Sound: libffi passes one valid pointer per parameter of the cif, and the parameter
        // is a pointer (checked at declaration), so its slot holds one pointer-sized value.
        let address = UInt(bitPattern: arguments![index]!.loadUnaligned(as: Int.self))
        // The same bounds the capture plan reads within: below 4096 is NULL or a small
        // integer passed as a pointer, and user space ends at 2^47.
        guard address >= 4096, address >> 47 == 0, let destination = UnsafeMutableRawPointer(bitPattern: address) else {
            return false
        }
        // Sound: the C caller passed this pointer to a `T` it owns for the call's duration,
        // and `bytes` is one `T`.
        EntryPoints.copy(destination, source, count: bytes.count)
        return true
    }
}
