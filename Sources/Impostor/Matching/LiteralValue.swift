/// A C value an equality matcher compares arguments with, as bytes plus the leaves that say
/// how to compare them (floating-point fields by value, padding never).
struct LiteralValue: Sendable {
    let bytes: [UInt8]
    let leaves: [ValueLeaf]

    init(bytes: [UInt8], leaves: [ValueLeaf]) {
        self.bytes = bytes
        self.leaves = leaves
    }

    /// The literal form of `value` when its type is a C type, whose `==` is C equality; nil
    /// for other types (their `==` may be anything).
    init?<T>(_ value: T) {
        guard let leaves = SignatureCache.leaves(of: T.self) else { return nil }
        self.init(bytes: Sentinel.bytes(of: value), leaves: leaves)
    }
}
