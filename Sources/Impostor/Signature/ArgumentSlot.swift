/// One argument's bytes, seen through its parameter type: a live argument during a call, or a
/// recorded one. Matchers read arguments only through this view.
///
/// Valid only while the call (or the record's bytes) it points into is alive: matchers are
/// evaluated synchronously and never keep it.
struct ArgumentSlot {
    let address: UnsafeRawPointer
    /// For a `const char *` read from a recorded call, the string as it was at call time
    /// (`.some(nil)` for NULL); nil to read the live pointer.
    let cStringSnapshot: String??
    /// True for an argument of a call in progress; false for a recorded call, whose pointers
    /// may no longer point at live memory.
    let isLive: Bool

    init(address: UnsafeRawPointer, cStringSnapshot: String?? = nil, isLive: Bool = true) {
        self.address = address
        self.cStringSnapshot = cStringSnapshot
        self.isLive = isLive
    }

    /// The value as `T`. The binder guarantees `T` has the parameter's size and representation.
    func load<T>(as type: T.Type) -> T {
        // Sound: `address` points at a value of the parameter's type, which the binder
        // checked against `T`; argument slots may be unaligned.
        TrivialValue.load(T.self, from: address)
    }

    /// True when the argument's `size` bytes (1, 2, 4 or 8) equal the low bytes of `bits`.
    @inline(__always)
    func hasBits(_ bits: UInt64, size: Int) -> Bool {
        // Sound: the argument holds `size` bytes; loads may be unaligned.
        switch size {
        case 1: address.load(as: UInt8.self) == UInt8(truncatingIfNeeded: bits)
        case 2: address.loadUnaligned(as: UInt16.self) == UInt16(truncatingIfNeeded: bits)
        case 4: address.loadUnaligned(as: UInt32.self) == UInt32(truncatingIfNeeded: bits)
        default: address.loadUnaligned(as: UInt64.self) == bits
        }
    }

    /// The pointer-sized value as an address (0 for NULL).
    var pointerBits: UInt { load(as: UInt.self) }

    /// The string a `const char *` argument points to (the call-time snapshot for recorded calls).
    func cString() -> String? {
        if let cStringSnapshot { return cStringSnapshot }
        // Sound: only used for `const char *` parameters, which C passes NUL-terminated.
        guard let pointer = load(as: UnsafePointer<CChar>?.self) else { return nil }
        return String(cString: pointer)
    }

    /// The value a pointer argument points to, read now (nil for NULL).
    func pointee<P>(as type: P.Type) -> P? {
        // Sound as far as the code under test passes valid pointers; evaluated at call time.
        guard let pointer = load(as: UnsafeRawPointer?.self) else { return nil }
        return TrivialValue.load(P.self, from: pointer)
    }

    /// `count` bytes a pointer argument points to, read now (nil for NULL).
    func pointedBytes(count: Int) -> [UInt8]? {
        guard let pointer = load(as: UnsafeRawPointer?.self) else { return nil }
        // Sound as far as the code under test passes a buffer of at least `count` bytes.
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The argument's own bytes.
    func bytes(count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: address, count: count))
    }

    /// Bit-for-bit identity of every leaf with `other` (padding ignored): how a sentinel is
    /// recognised.
    func hasSameBits(as other: [UInt8], leaves: [ValueLeaf]) -> Bool {
        other.withUnsafeBytes { other in
            leaves.allSatisfy { leaf in
                // Sound: leaves lie inside the value, and `other` holds a whole value.
                memoryEqual(address + leaf.offset, other.baseAddress! + leaf.offset, leaf.size)
            }
        }
    }

    /// C equality with `other`, leaf by leaf: floating-point fields by value, the rest by bytes.
    func isEqual(to other: [UInt8], leaves: [ValueLeaf]) -> Bool {
        other.withUnsafeBytes { other in
            let theirs = other.baseAddress!
            for leaf in leaves {
                let mine = address + leaf.offset, their = theirs + leaf.offset
                switch leaf.kind {
                case .bytes:
                    if !memoryEqual(mine, their, leaf.size) { return false }
                case .float:
                    if mine.loadUnaligned(as: Float.self) != their.loadUnaligned(as: Float.self) { return false }
                case .double:
                    if mine.loadUnaligned(as: Double.self) != their.loadUnaligned(as: Double.self) { return false }
                case .longDouble:
                    if loadLongDouble(mine) != loadLongDouble(their) { return false }
                }
            }
            return true
        }
    }

    private func loadLongDouble(_ pointer: UnsafeRawPointer) -> Float80 {
        withUnsafeTemporaryAllocation(of: Float80.self, capacity: 1) { slot in
            // Sound: copies the 10 significant bytes into an aligned, zeroed Float80.
            let raw = UnsafeMutableRawPointer(slot.baseAddress!)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Float80>.size)
            raw.copyMemory(from: pointer, byteCount: 10)
            return raw.load(as: Float80.self)
        }
    }
}

/// `memcmp(a, b, count) == 0`, with small fixed sizes compared as single loads.
@inline(__always)
func memoryEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    switch count {
    case 1: return a.load(as: UInt8.self) == b.load(as: UInt8.self)
    case 2: return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
    case 4: return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
    case 8: return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
    default:
        for index in 0..<count where a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) {
            return false
        }
        return true
    }
}
