/// One argument's bytes, seen through its parameter type: an argument of a call (in progress
/// or recorded), or a value handed to ``Matcher/matches(_:)``. Matchers read arguments only
/// through this view.
///
/// Valid only while the call (or the record's bytes) it points into is alive: matchers are
/// evaluated synchronously and never keep it.
struct ArgumentView {
    let address: UnsafeRawPointer
    /// What was copied at call time from the memory the argument points to; nil for a value
    /// of the user's own, which is read directly.
    let captures: CaptureView?
    /// The parameter's position, to find its capture.
    let index: Int

    init(address: UnsafeRawPointer, captures: CaptureView? = nil, index: Int = 0) {
        self.address = address
        self.captures = captures
        self.index = index
    }

    /// What a matcher gets when it reads through a pointer argument.
    enum Reading<Value> {
        case null
        /// Nothing was copied from this argument at call time, so nothing can be read.
        case notCaptured
        /// The memory the argument pointed to could not be read when the call arrived.
        case unreadable(address: UInt)
        case value(Value)

        var value: Value? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    /// The value as `T`. The binder guarantees `T` has the parameter's size and representation.
    func load<T>(as type: T.Type) -> T {
        // Sound: `address` points at a value of the parameter's type, which the binder
        // checked against `T`; argument slots may be unaligned.
        TrivialValue.load(T.self, from: address)
    }

    /// The address of a pointer argument whose memory could not be read when the call
    /// arrived; nil otherwise (and for a value of the user's own, which has no capture).
    var unreadableAddress: UInt? {
        if case .unreadable(let address)? = captures?.argument(index) { return address }
        return nil
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

    /// The argument's `size` bytes (1, 2, 4 or 8), zero-extended.
    @inline(__always)
    func zeroExtendedBits(size: Int) -> UInt64 {
        // Sound: the argument holds `size` bytes; loads may be unaligned.
        switch size {
        case 1: UInt64(address.load(as: UInt8.self))
        case 2: UInt64(address.loadUnaligned(as: UInt16.self))
        case 4: UInt64(address.loadUnaligned(as: UInt32.self))
        default: address.loadUnaligned(as: UInt64.self)
        }
    }

    /// The pointer-sized value as an address (0 for NULL).
    var pointerBits: UInt { load(as: UInt.self) }

    /// What was copied from the memory a pointer argument points to. For a call's argument
    /// this is only ever the copy made at call time, so nothing the caller did not hand over
    /// is read, and nothing is read after the call.
    func captured() -> Reading<CapturedMemory> {
        guard pointerBits != 0 else { return .null }
        switch captures?.argument(index) {
        case .memory(let memory)?: return .value(memory)
        case .null?: return .null
        case .unreadable(let address)?: return .unreadable(address: address)
        case .notCaptured?, .notRead?, nil: return .notCaptured
        }
    }

    /// The text a pointer argument points to: its copy for a call's argument, the
    /// NUL-terminated string itself for a value of the user's own.
    func text() -> Reading<String> {
        guard captures == nil else {
            switch captured() {
            case .null: return .null
            case .notCaptured: return .notCaptured
            case .unreadable(let address): return .unreadable(address: address)
            case .value(let memory): return .value(memory.text)
            }
        }
        // Sound: a value of the user's own handed to a text matcher is the user's string.
        guard let pointer = load(as: UnsafePointer<CChar>?.self) else { return .null }
        return .value(String(cString: pointer))
    }

    /// The first `count` bytes a pointer argument points to (fewer when the caller handed
    /// over fewer).
    func pointedBytes(count: Int) -> Reading<[UInt8]> {
        guard captures == nil else {
            switch captured() {
            case .null: return .null
            case .notCaptured: return .notCaptured
            case .unreadable(let address): return .unreadable(address: address)
            case .value(let memory): return .value(Array(memory.bytes.prefix(count)))
            }
        }
        guard let pointer = load(as: UnsafeRawPointer?.self) else { return .null }
        // Sound: a value of the user's own, said by the user to point at `count` bytes.
        return .value(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
    }

    /// `body` applied to the value a pointer argument points to; nil for NULL, or when fewer
    /// bytes than a `P` were copied.
    ///
    /// The value is handed to `body` bare, never wrapped in an enum or Optional first: a C
    /// struct read from memory may hold bits Swift uses for an enum's other cases (a
    /// function-pointer field below 4096, say), and wrapping would turn it into one of them.
    func withPointee<P, R>(as type: P.Type, _ body: (P) -> R) -> R? {
        let size = MemoryLayout<P>.size
        guard let bytes = pointedBytes(count: size).value, bytes.count == size else { return nil }
        return bytes.withUnsafeBytes { body(TrivialValue.load(P.self, from: $0.baseAddress!)) }
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
                    #if arch(x86_64)
                    if loadLongDouble(mine) != loadLongDouble(their) { return false }
                    #else
                    // Never made here: only Float80 fields give such leaves, and Float80 is
                    // x86-64's. Bytes keep the switch whole.
                    if !memoryEqual(mine, their, leaf.size) { return false }
                    #endif
                }
            }
            return true
        }
    }

    #if arch(x86_64)
    private func loadLongDouble(_ pointer: UnsafeRawPointer) -> Float80 {
        withUnsafeTemporaryAllocation(of: Float80.self, capacity: 1) { slot in
            // Sound: copies the 10 significant bytes into an aligned, zeroed Float80.
            let raw = UnsafeMutableRawPointer(slot.baseAddress!)
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Float80>.size)
            raw.copyMemory(from: pointer, byteCount: 10)
            return raw.load(as: Float80.self)
        }
    }
    #endif
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
