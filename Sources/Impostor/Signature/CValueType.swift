/// How values of one Swift type travel through a C call: class, size, and libffi type.
///
/// Decided once per type when a mock is created, so the per-call path only copies bytes.
struct CValueType: @unchecked Sendable {
    // @unchecked: `ffiType` points at an immortal libffi type (a libffi global, or one this
    // library built, laid out once under the signature cache's lock and never written again).

    enum Representation: Equatable, Sendable {
        case signedInteger, unsignedInteger, bool, float, double, longDouble, pointer, structure
    }

    let swiftType: Any.Type
    let representation: Representation
    let size: Int
    let alignment: Int
    let ffiType: UnsafeMutablePointer<FFIType>
    /// What a pointer parameter points to (`.opaque` for every other type): decides what is
    /// copied from it at call time.
    let pointer: PointerShape
    /// The values inside, for comparing: one for a scalar, one per field for a struct.
    let leaves: [ValueLeaf]

    /// The leaves that tell a matcher's placeholder from a literal: the typed fields, whose
    /// bytes Swift keeps when it passes a struct. Padding and the bytes reflection cannot see
    /// (bitfields, union members) may come through changed; they count only when a value is
    /// nothing but such bytes.
    var sentinelLeaves: [ValueLeaf] {
        let typed = leaves.filter { $0.swiftType != nil }
        return typed.isEmpty ? leaves : typed
    }

    var isIntegral: Bool {
        switch representation {
        case .signedInteger, .unsignedInteger, .bool, .pointer: true
        default: false
        }
    }

    /// The readable type name used in messages.
    var name: String { TypeMetadata.name(of: swiftType) }
}

/// Swift's pointer types, which all pass as a C pointer, recognised by identity or by their
/// generic type's descriptor (no protocol conformance lookups: see `TypeMetadata`).
enum CPointerTypes {
    static func contains(_ type: Any.Type) -> Bool {
        if type == UnsafeRawPointer.self || type == UnsafeMutableRawPointer.self || type == OpaquePointer.self { return true }
        guard let descriptor = TypeMetadata.nominalDescriptor(of: type) else { return false }
        return isTypedPointer(descriptor)
    }

    /// True for the descriptor of `UnsafePointer` or `UnsafeMutablePointer`.
    static func isTypedPointer(_ descriptor: UnsafeRawPointer) -> Bool {
        descriptor == typedPointer || descriptor == mutableTypedPointer
    }

    /// True for the descriptor of `UnsafeMutablePointer`.
    static func isMutable(_ descriptor: UnsafeRawPointer) -> Bool { descriptor == mutableTypedPointer }

    private nonisolated(unsafe) static let typedPointer = TypeMetadata.nominalDescriptor(of: UnsafePointer<UInt8>.self)
    private nonisolated(unsafe) static let mutableTypedPointer = TypeMetadata.nominalDescriptor(of: UnsafeMutablePointer<UInt8>.self)
}

/// The scalar C types libffi knows by name.
enum CScalarTypes {
    struct Entry: Sendable {
        let representation: CValueType.Representation
        let ffiType: @Sendable () -> UnsafeMutablePointer<FFIType>
    }

    static func entry(for type: Any.Type) -> Entry? { table[ObjectIdentifier(type)] }

    private static let table: [ObjectIdentifier: Entry] = {
        let common: [ObjectIdentifier: Entry] = [
            ObjectIdentifier(Int8.self): Entry(representation: .signedInteger, ffiType: LibFFI.sint8),
            ObjectIdentifier(UInt8.self): Entry(representation: .unsignedInteger, ffiType: LibFFI.uint8),
            ObjectIdentifier(Int16.self): Entry(representation: .signedInteger, ffiType: LibFFI.sint16),
            ObjectIdentifier(UInt16.self): Entry(representation: .unsignedInteger, ffiType: LibFFI.uint16),
            ObjectIdentifier(Int32.self): Entry(representation: .signedInteger, ffiType: LibFFI.sint32),
            ObjectIdentifier(UInt32.self): Entry(representation: .unsignedInteger, ffiType: LibFFI.uint32),
            ObjectIdentifier(Int64.self): Entry(representation: .signedInteger, ffiType: LibFFI.sint64),
            ObjectIdentifier(UInt64.self): Entry(representation: .unsignedInteger, ffiType: LibFFI.uint64),
            // `Int` and `UInt` are C `long` and `unsigned long`: 64 bits on this platform.
            ObjectIdentifier(Int.self): Entry(representation: .signedInteger, ffiType: LibFFI.sint64),
            ObjectIdentifier(UInt.self): Entry(representation: .unsignedInteger, ffiType: LibFFI.uint64),
            // C `_Bool` is one byte, zero-extended like `unsigned char` when returned.
            ObjectIdentifier(Bool.self): Entry(representation: .bool, ffiType: LibFFI.uint8),
            ObjectIdentifier(Float.self): Entry(representation: .float, ffiType: LibFFI.float),
            ObjectIdentifier(Double.self): Entry(representation: .double, ffiType: LibFFI.double),
        ]
        // C `long double` is Swift's Float80 on x86-64 only. On arm64 Linux it is a 128-bit
        // quad that Swift has no type for: no Swift type reaches this representation there,
        // and a struct holding one is refused for its alignment (see `FailureMessages`).
        #if arch(x86_64)
        return common.merging([ObjectIdentifier(Float80.self): Entry(representation: .longDouble, ffiType: LibFFI.longDouble)]) { $1 }
        #else
        return common
        #endif
    }()
}
