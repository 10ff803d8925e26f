@_spi(Reflection) import Swift

/// Where the function pointers of a method table lie (a struct of function pointers, such as
/// SQLite's `sqlite3_io_methods`), and what reflection cannot see in it, read from Swift's
/// reflection when ``mockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``
/// is called.
///
/// Nested structs and fixed-size arrays (imported as tuples) are walked; every other field is
/// data. Members reflection cannot name are listed, never skipped: a union (whose members
/// reflection does not show), and bytes no field covers beyond alignment padding (bitfields,
/// anonymous unions). A function pointer is 8 bytes at an 8-byte boundary, so it can never hide
/// in alignment padding: every function pointer of the table is in `members` or in `unnamed`.
struct TableLayout {
    /// One function-pointer field.
    struct Member {
        /// `xRead`, `inner.open`, `handlers[3]`: the mock is named after it.
        let path: String
        let offset: Int
        /// The field's type: a C function type, or an Optional of one.
        let type: Any.Type
    }

    private(set) var members: [Member] = []
    private(set) var unnamed: [UnnamedMember] = []

    /// Nil when `type` is neither a struct nor a tuple, is a scalar C type (an integer, a C
    /// enum), or holds references (a Swift class, a `String`).
    init?(of type: Any.Type) {
        func isPlainData<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        // Imported C structs with unions or bitfields are not `BitwiseCopyable` in Swift, so
        // the API cannot ask for it; holding no references is what the table's copies need.
        guard Self.isCompound(type), isPlainData(type) else { return nil }
        walk(type, at: 0, path: "")
    }

    private mutating func walk(_ type: Any.Type, at base: Int, path: String) {
        let (size, alignment) = TypeMetadata.layout(of: type)
        var fields: [(name: String, offset: Int, type: Any.Type)] = []
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            fields.append((String(cString: name), offset, fieldType))
            return true
        }
        guard !fields.isEmpty else {
            if size > 0 { unnamed.append(UnnamedMember(path: path, range: base..<(base + size), kind: .opaque(type: TypeMetadata.name(of: type)))) }
            return
        }
        let isTuple = TypeMetadata.kind(of: type) == .tuple
        var cursor = 0
        for (position, field) in fields.sorted(by: { $0.offset < $1.offset }).enumerated() {
            let fieldPath = isTuple ? "\(path)[\(position)]" : (path.isEmpty ? field.name : "\(path).\(field.name)")
            let (fieldSize, fieldAlignment) = TypeMetadata.layout(of: field.type)
            let natural = (cursor + fieldAlignment - 1) / fieldAlignment * fieldAlignment
            if field.offset > natural {
                unnamed.append(UnnamedMember(path: path, range: (base + cursor)..<(base + field.offset), kind: .gap))
            }
            visit(field.type, path: fieldPath, at: base + field.offset)
            cursor = max(cursor, field.offset + fieldSize)
        }
        let naturalEnd = (cursor + alignment - 1) / alignment * alignment
        if size > naturalEnd { unnamed.append(UnnamedMember(path: path, range: (base + cursor)..<(base + size), kind: .gap)) }
    }

    private mutating func visit(_ type: Any.Type, path: String, at offset: Int) {
        if TypeMetadata.isFunctionPointer(type) {
            members.append(Member(path: path, offset: offset, type: type))
            return
        }
        if TypeMetadata.kind(of: type) == .function {
            // A Swift function type in a bitwise-copyable struct (`@convention(thin)`): not
            // a C function pointer, so the field is reported when its mock is made.
            members.append(Member(path: path, offset: offset, type: type))
            return
        }
        // Integers, floats, pointers, C enums: data. A failed classification is data too
        // (an Optional Swift value, a Swift enum): the table only mocks function pointers.
        if Self.isCompound(type) { walk(type, at: offset, path: path) }
    }

    /// True for a struct or tuple that is not a scalar C type (an integer, a pointer, a C enum).
    private static func isCompound(_ type: Any.Type) -> Bool {
        guard [.structure, .tuple].contains(TypeMetadata.kind(of: type)) else { return false }
        do { return try CTypeClassifier.scalarRepresentation(of: type) == nil } catch { return false }
    }

    /// The paths of every function-pointer field, for messages.
    var memberPaths: [String] { members.map(\.path) }
}

/// Bytes of a table that Swift's reflection cannot name, which might hold a function pointer.
struct UnnamedMember: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A field whose type shows no members: a C union, or a struct of bitfields only.
        case opaque(type: String)
        /// Bytes that no field covers, beyond alignment padding: bitfields, or an anonymous
        /// union or struct (Swift shows their members only as computed properties).
        case gap
    }

    /// The field's path for `opaque`; the enclosing struct's path otherwise ("" at the top).
    let path: String
    let range: Range<Int>
    let kind: Kind
}
