/// Reads and makes values of C types from raw bytes.
///
/// Imported C unions and structs with bitfields are plain bytes but Swift does not mark them
/// `BitwiseCopyable`, so the library's generics are unconstrained and check triviality at run
/// time instead: every type a signature admits is trivial (`_isPOD`).
@usableFromInline
enum TrivialValue {
    /// Reads a `T` from memory holding one. Arguments from libffi and recorded payloads are
    /// aligned for their type, so this is normally a plain load; other memory is copied to an
    /// aligned temporary first.
    @inlinable @inline(__always)
    static func load<T>(_ type: T.Type, from address: UnsafeRawPointer) -> T {
        if Int(bitPattern: address) & (MemoryLayout<T>.alignment - 1) == 0 {
            // Sound: aligned memory holding a value of the trivial C type T.
            return address.assumingMemoryBound(to: T.self).pointee
        }
        return loadUnaligned(T.self, from: address)
    }

    /// `load` for memory not aligned for `T`. Out of line: its temporary is a local whose
    /// address is taken, which inlined into a stub's answer cost a stack protector on every call.
    @usableFromInline @inline(never)
    static func loadUnaligned<T>(_ type: T.Type, from address: UnsafeRawPointer) -> T {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
            // Sound: T is a trivial C type (callers check the type against the signature), so
            // its value is exactly its bytes; the temporary makes the load aligned.
            let raw = UnsafeMutableRawPointer(slot.baseAddress!)
            raw.copyMemory(from: address, byteCount: MemoryLayout<T>.size)
            return raw.load(as: T.self)
        }
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
