/// Placeholder values that matchers return inside a prototype, distinct per matcher and per
/// evaluation round, so that the binder can tell which argument each matcher became.
///
/// An argument that equals matcher `k`'s sentinel in every round is bound to matcher `k`. A
/// literal argument stays the same across rounds, while every sentinel changes, so the two are
/// never confused. Pointers get non-canonical addresses (never valid on x86-64), floating
/// point values odd bit patterns that travel through registers unchanged, and `Bool`, which
/// has two values only, a distinct pattern of true/false across three rounds.
enum Sentinel {
    /// How many `Bool` matchers one prototype can hold: the non-constant 3-bit patterns.
    static let maximumBoolMatchers = 6

    /// The sentinel of matcher number `index` in evaluation `round`.
    static func value<T>(of type: T.Type, index: Int, round: Int) -> T {
        // Swift values that are not plain data (strings, arrays) make their own, distinct per
        // matcher and round like the others.
        if let placeholder = T.self as? any ArgumentPlaceholder.Type, let value = placeholder.placeholder(index * 8 + round) as? T {
            return value
        }
        if T.self == Bool.self {
            let code = index % maximumBoolMatchers + 1
            return unsafeBitCast((code >> round) & 1 == 1, to: T.self)
        }
        #if arch(x86_64)
        // Float80 (C `long double`) exists on x86-64 only.
        if T.self == Float80.self {
            // A normal number: x87 loads turn unusual encodings into NaNs.
            let value = Float80(
                sign: .plus, exponentBitPattern: 0x3FFF + 40 + UInt(round),
                significandBitPattern: 0x5EED_0000_0000 &+ UInt64(index) << 8)
            return unsafeBitCast(value, to: T.self)
        }
        #endif
        var value = TrivialValue.make(T.self) { offset in
            UInt8(truncatingIfNeeded: 0xA7 &+ index &* 0x1D &+ round &* 0x6B &+ offset &* 0x3B)
        }
        // Fields that only some bit patterns are valid for get valid ones: Swift may normalize
        // a `Bool` field holding 0x5A when it copies the struct into the call (it did under
        // ThreadSanitizer), which would make the placeholder unrecognisable.
        let leaves = SignatureCache.leaves(of: T.self) ?? []
        if leaves.contains(where: { $0.swiftType == Bool.self }) {
            withUnsafeMutableBytes(of: &value) { bytes in
                for leaf in leaves where leaf.swiftType == Bool.self {
                    bytes[leaf.offset] = UInt8(truncatingIfNeeded: (index + leaf.offset + round) & 1)
                }
            }
        }
        return value
    }

    /// The bytes of a value, for comparing later.
    static func bytes<T>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }
}
