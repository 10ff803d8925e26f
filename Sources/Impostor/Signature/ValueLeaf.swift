/// One value inside a C value: the value itself for a scalar, a field for a struct.
///
/// Equality of C values goes leaf by leaf: integers, pointers and hidden members (union and
/// bitfield bytes) by their bytes, floating-point fields by value (so `-0.0 == 0.0`), and
/// padding never counts.
struct ValueLeaf: Sendable {
    enum Kind: Equatable, Sendable {
        case bytes, float, double, longDouble
    }

    let offset: Int
    let size: Int
    let kind: Kind
    /// The field's path in its struct (`origin.x`, `name[2]`); empty for a scalar.
    let name: String
    /// The field's Swift type, for showing its value; nil for bytes reflection cannot see.
    let swiftType: Any.Type?

    init(offset: Int, size: Int, kind: Kind, name: String = "", swiftType: Any.Type? = nil) {
        self.offset = offset
        self.kind = kind
        self.name = name
        self.swiftType = swiftType
        // An x87 long double holds 10 bytes; the other 6 of its 16 are padding.
        self.size = kind == .longDouble ? min(size, 10) : size
    }

    init(scalar: CValueType.Representation, size: Int, swiftType: Any.Type? = nil) {
        switch scalar {
        case .float: self.init(offset: 0, size: size, kind: .float, swiftType: swiftType)
        case .double: self.init(offset: 0, size: size, kind: .double, swiftType: swiftType)
        case .longDouble: self.init(offset: 0, size: size, kind: .longDouble, swiftType: swiftType)
        default: self.init(offset: 0, size: size, kind: .bytes, swiftType: swiftType)
        }
    }
}
