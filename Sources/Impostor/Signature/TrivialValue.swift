/// Reads and makes values of C types from raw bytes.
///
/// Imported C unions and structs with bitfields are plain bytes but Swift does not mark them
/// `BitwiseCopyable`, so the library's generics are unconstrained and check triviality at run
/// time instead: every type a signature admits is trivial (`_isPOD`).
@usableFromInline
enum TrivialValue {
    /// Reads a `T` from memory holding one, aligned for `T` or not: libffi's argument slots,
    /// the dispatcher's frame and recorded payloads usually are, but nothing relies on it.
    /// Specialized, this is one load. Testing the alignment first, to choose an aligned load,
    /// made a stub's block test each argument's address and spill the first value to the stack:
    /// 12 instructions and about 1.3 ns of row 5's 17.5 ns.
    @inlinable @inline(__always)
    static func load<T>(_ type: T.Type, from address: UnsafeRawPointer) -> T {
        // Sound: T is a trivial C type (callers check the type against the signature), so its
        // value is exactly its bytes, read here without any alignment requirement.
        address.loadUnaligned(as: T.self)
    }

    /// A `T` made of `byte(offset)` for each of its bytes. `T` must be trivial.
    static func make<T>(_ type: T.Type, byte: (Int) -> UInt8) -> T {
        requireTrivial(T.self)
        return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
            // Sound: for a trivial type any bytes are a value of it (C enums and pointers
            // included; such values are compared, never dereferenced).
            let raw = UnsafeMutableRawPointer(slot.baseAddress!)
            for offset in 0..<MemoryLayout<T>.size {
                raw.storeBytes(of: byte(offset), toByteOffset: offset, as: UInt8.self)
            }
            return raw.load(as: T.self)
        }
    }

    /// The all-zero value of a trivial C type: what a failed typed access returns.
    static func zero<T>(_ type: T.Type) -> T { make(T.self) { _ in 0 } }

    /// Stops with a clear message when `T` is not a C type: no value of a Swift type such as
    /// `String` can be made from bytes, and C functions never take one, so reaching this is a
    /// mistake in the test's code that no fallback value could paper over.
    static func requireTrivial<T>(_ type: T.Type) {
        guard !_isPOD(T.self) else { return }
        let message = FailureMessages.notATrivialType(TypeMetadata.name(of: T.self))
        StandardError.write("Impostor: \(message)\n")
        preconditionFailure(message)
    }
}
