/// One value inside a C value: the value itself for a scalar, a field for a struct.
///
/// Equality of C values goes leaf by leaf: integers, pointers and hidden members (union and
/// bitfield bytes) by their bytes, floating-point fields by value (so `-0.0 == 0.0`), and
/// padding never counts.
struct ValueLeaf: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case bytes, float, double, longDouble
    }

    let offset: Int
    let size: Int
    let kind: Kind

    init(offset: Int, size: Int, kind: Kind) {
        self.offset = offset
        self.kind = kind
        // An x87 long double holds 10 bytes; the other 6 of its 16 are padding.
        self.size = kind == .longDouble ? min(size, 10) : size
    }

    init(scalar: CValueType.Representation, size: Int) {
        switch scalar {
        case .float: self.init(offset: 0, size: size, kind: .float)
        case .double: self.init(offset: 0, size: size, kind: .double)
        case .longDouble: self.init(offset: 0, size: size, kind: .longDouble)
        default: self.init(offset: 0, size: size, kind: .bytes)
        }
    }
}
