@_spi(Reflection) import Swift

/// Builds libffi struct types from Swift's reflection of imported C structs, once per type.
///
/// libffi passes a struct by the members it is given. Instead of mirroring the C declaration,
/// which reflection cannot fully see (union members and bitfields are invisible to it), each
/// struct is described as the row of units its platform's calling convention needs
/// (`StructUnits`): on x86-64, units as wide as its alignment, each typed by the class of the
/// chunk it lies in (integer if any integer, pointer or hidden member overlaps the chunk,
/// floating point if only `float`/`double` members do); on arm64, its members when it is a
/// homogeneous floating-point aggregate, integers otherwise. That reproduces size, alignment
/// and what the convention looks at, which is all the ABI needs.
struct StructTypeCache {
    struct Built {
        let representation: CValueType.Representation
        let size: Int
        let alignment: Int
        let ffiType: UnsafeMutablePointer<FFIType>
        let leaves: [ValueLeaf]
    }

    private var built: [ObjectIdentifier: Built] = [:]

    mutating func ffiType(for type: Any.Type, asResult: Bool) throws(TypeRejection) -> Built {
        let (size, alignment) = TypeMetadata.layout(of: type)
        let classes = try ChunkClasses(of: type)
        // libffi returns `struct { long double }` wrongly from a closure; it comes back in
        // st(0) exactly like a bare long double, so describe it as one.
        if asResult, classes.isSingleLongDouble {
            return Built(representation: .structure, size: size, alignment: alignment,
                         ffiType: LibFFI.longDouble(), leaves: classes.leaves)
        }
        if let existing = built[ObjectIdentifier(type)] { return existing }
        let ffiType = try Self.makeStructType(type, size: size, alignment: alignment, classes: classes)
        let result = Built(representation: .structure, size: size, alignment: alignment, ffiType: ffiType,
                           leaves: classes.leaves)
        built[ObjectIdentifier(type)] = result
        return result
    }

    private static func makeStructType(
        _ type: Any.Type, size: Int, alignment: Int, classes: ChunkClasses
    ) throws(TypeRejection) -> UnsafeMutablePointer<FFIType> {
        let name = TypeMetadata.name(of: type)
        guard size > 0 else { throw .emptyStructure(type: name) }
        let units: [StructUnits.Unit]
        switch StructUnits.units(size: size, alignment: alignment, classes: classes, convention: .current) {
        case .units(let described): units = described
        case .unsupportedAlignment: throw .unsupportedAlignment(type: name, alignment: alignment)
        case .hiddenMembersBesideFloatingPoint: throw .hiddenMembersBesideFloatingPoint(type: name, size: size)
        }
        let unitTypes = units.map { unit -> UnsafeMutablePointer<FFIType> in
            switch unit {
            case .uint8: LibFFI.uint8()
            case .uint16: LibFFI.uint16()
            case .uint32: LibFFI.uint32()
            case .uint64: LibFFI.uint64()
            case .float: LibFFI.float()
            case .double: LibFFI.double()
            case .longDouble: LibFFI.longDouble()
            }
        }
        // Let libffi lay the type out, then hold it to Swift's layout.
        let laidOut = LibFFI.structType(of: unitTypes)
        let unitSize = size / units.count
        let expected = (0..<units.count).map { $0 * unitSize }
        guard laidOut.laidOut, laidOut.size == size, laidOut.alignment == alignment, laidOut.offsets == expected else {
            throw .layoutMismatch(type: name, swiftSize: size, swiftAlignment: alignment,
                                  ffiSize: laidOut.size, ffiAlignment: laidOut.alignment)
        }
        return laidOut.type
    }
}

/// The ABI class of every byte of a C struct, from the fields reflection can see.
struct ChunkClasses {
    /// Ordered so that merging two classes keeps the larger one.
    enum ByteClass: UInt8, Comparable {
        case padding, sse, integer, x87
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    private(set) var bytes: [ByteClass]
    /// The values that make up the struct, for comparing and formatting it; padding is in none.
    private(set) var leaves: [ValueLeaf] = []
    /// What arm64's convention looks at (see `StructUnits`): each visible scalar's kind, each
    /// stretch of members reflection cannot see, and what a declared type says of itself.
    private(set) var aarch64Members: [StructUnits.Member] = []
    private var leafCount: Int { leaves.count }
    private var firstLeafIsLongDouble: Bool { leaves.first?.kind == .longDouble }

    init(of type: Any.Type) throws(TypeRejection) {
        bytes = Array(repeating: .padding, count: TypeMetadata.layout(of: type).size)
        try mark(type, at: 0, path: "")
    }

    var hasLongDouble: Bool { bytes.contains(.x87) }

    /// True for `struct { long double x; }` and nestings of it.
    var isSingleLongDouble: Bool { leafCount == 1 && firstLeafIsLongDouble && bytes.count == 16 }

    /// The merged class of the 8-byte chunk holding `offset`.
    func chunkClass(at offset: Int) -> ByteClass {
        let start = offset / 8 * 8
        return bytes[start..<min(start + 8, bytes.count)].max() ?? .padding
    }

    /// Above zero while walking inside a type that declares its chunk classes
    /// (`CRegisterLayout`): its fields still give leaves, but not classes.
    private var declaredDepth = 0
    /// Above zero while walking inside a type that declares how it travels on arm64: its
    /// fields give no arm64 members.
    private var aarch64Depth = 0

    private mutating func noteAArch64(_ member: StructUnits.Member) {
        if aarch64Depth == 0 { aarch64Members.append(member) }
    }

    private mutating func mark(_ range: Range<Int>, as byteClass: ByteClass) {
        guard declaredDepth == 0 else { return }
        for index in range where bytes[index] < byteClass { bytes[index] = byteClass }
    }

    private mutating func markLeaf(
        _ range: Range<Int>, as byteClass: ByteClass, kind: ValueLeaf.Kind = .bytes, path: String, type: Any.Type? = nil
    ) {
        leaves.append(ValueLeaf(offset: range.lowerBound, size: range.count, kind: kind, name: path, swiftType: type))
        mark(range, as: byteClass)
        switch kind {
        case .float: noteAArch64(.float)
        case .double: noteAArch64(.double)
        case .longDouble: noteAArch64(.other)
        case .bytes: noteAArch64(type == nil ? .hidden : .other)
        }
    }

    /// Bytes of members reflection cannot see (bitfields, anonymous unions).
    private mutating func markHidden(_ range: Range<Int>, path: String) {
        let name = (path.isEmpty ? "" : path + ".") + "<bytes \(range.lowerBound)..<\(range.upperBound)>"
        leaves.append(ValueLeaf(offset: range.lowerBound, size: range.count, kind: .bytes, name: name))
        mark(range, as: .integer)
        noteAArch64(.hidden)
    }

    /// Marks the bytes of a struct or tuple placed at `base`.
    private mutating func mark(_ type: Any.Type, at base: Int, path: String) throws(TypeRejection) {
        let (size, alignment) = TypeMetadata.layout(of: type)
        if let declared = type as? any CRegisterLayout.Type {
            for (index, chunk) in declared.eightbyteClasses.enumerated() where index * 8 < size {
                mark((base + index * 8)..<(base + min(index * 8 + 8, size)), as: chunk == .floatingPoint ? .sse : .integer)
            }
            // The fields still give the leaves that values are compared and shown by.
            declaredDepth += 1
            if let passing = declared.aarch64Passing {
                // Checked on every platform, so that a wrong declaration is found where the
                // suite runs, not only on arm64.
                if let problem = StructUnits.Member.problem(with: passing, size: size) {
                    throw .invalidAArch64Passing(type: TypeMetadata.name(of: type), passing: problem, size: size)
                }
                // The outermost declaration speaks for everything inside it.
                if aarch64Depth == 0 { aarch64Members.append(contentsOf: StructUnits.Member.declared(passing)) }
                aarch64Depth += 1
            }
        }
        defer {
            if let declared = type as? any CRegisterLayout.Type {
                declaredDepth -= 1
                if declared.aarch64Passing != nil { aarch64Depth -= 1 }
            }
        }
        var fields: [(name: String, offset: Int, type: Any.Type)] = []
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            fields.append((String(cString: name), offset, fieldType))
            return true
        }
        guard !fields.isEmpty else {
            // A union, or a struct of bitfields only: its members are invisible. Integer is
            // right whenever an integer member overlaps (see CRegisterLayout for the rest).
            markLeaf(base..<(base + size), as: .integer, path: path)
            return
        }
        let structure = TypeMetadata.name(of: type)
        let isTuple = TypeMetadata.kind(of: type) == .tuple
        var cursor = 0
        for (position, field) in fields.sorted(by: { $0.offset < $1.offset }).enumerated() {
            let fieldPath = isTuple ? "\(path)[\(position)]" : (path.isEmpty ? field.name : "\(path).\(field.name)")
            let (fieldSize, fieldAlignment) = TypeMetadata.layout(of: field.type)
            guard field.offset % fieldAlignment == 0 else {
                throw .misalignedField(structure: structure, field: field.name, offset: field.offset,
                                       fieldType: TypeMetadata.name(of: field.type), alignment: fieldAlignment)
            }
            // A gap wider than alignment padding holds members reflection cannot see
            // (bitfields, anonymous unions): they are integer data.
            let natural = (cursor + fieldAlignment - 1) / fieldAlignment * fieldAlignment
            if field.offset > natural { markHidden((base + cursor)..<(base + field.offset), path: path) }
            try markField(field.type, named: field.name, path: fieldPath, in: structure, at: base + field.offset, size: fieldSize)
            cursor = max(cursor, field.offset + fieldSize)
        }
        let naturalEnd = (cursor + alignment - 1) / alignment * alignment
        if size > naturalEnd { markHidden((base + cursor)..<(base + size), path: path) }
    }

    private mutating func markField(
        _ type: Any.Type, named name: String, path: String, in structure: String, at offset: Int, size: Int
    ) throws(TypeRejection) {
        let range = offset..<(offset + size)
        let scalar: CScalarTypes.Entry?
        do { scalar = try CTypeClassifier.scalarRepresentation(of: type) } catch {
            throw .unsupportedField(structure: structure, field: name, fieldType: TypeMetadata.name(of: type))
        }
        if let scalar {
            switch scalar.representation {
            case .float: markLeaf(range, as: .sse, kind: .float, path: path, type: type)
            case .double: markLeaf(range, as: .sse, kind: .double, path: path, type: type)
            case .longDouble: markLeaf(range, as: .x87, kind: .longDouble, path: path, type: type)
            default: markLeaf(range, as: .integer, path: path, type: type)
            }
            return
        }
        let kind = TypeMetadata.kind(of: type)
        guard kind == .tuple || (kind == .structure && TypeMetadata.isImportedFromC(type)) else {
            throw .unsupportedField(structure: structure, field: name, fieldType: TypeMetadata.name(of: type))
        }
        try mark(type, at: offset, path: path)
    }
}
