/// Decides how a Swift type found in a `@convention(c)` signature passes through libffi.
enum CTypeClassifier {
    /// Classifies one parameter or result type. Struct types are built (and cached) through
    /// `structTypes`, which the caller holds under the signature cache's lock.
    static func classify(
        _ type: Any.Type, asResult: Bool, structTypes: inout StructTypeCache
    ) throws(TypeRejection) -> CValueType {
        if type == Void.self { throw .voidParameter }
        if let scalar = try scalarRepresentation(of: type) {
            let layout = TypeMetadata.layout(of: type)
            return CValueType(
                swiftType: type, representation: scalar.representation, size: layout.size,
                alignment: layout.alignment, ffiType: scalar.ffiType(),
                pointer: scalar.representation == .pointer ? PointerShape.of(type) : .opaque, leaves: [ValueLeaf(scalar: scalar.representation, size: layout.size, swiftType: type)])
        }
        guard TypeMetadata.kind(of: type) == .structure, TypeMetadata.isImportedFromC(type) else {
            throw .notCRepresentable(type: TypeMetadata.name(of: type))
        }
        let built = try structTypes.ffiType(for: type, asResult: asResult)
        return CValueType(
            swiftType: type, representation: built.representation, size: built.size,
            alignment: built.alignment, ffiType: built.ffiType, pointer: .opaque, leaves: built.leaves)
    }

    /// The representation of every non-struct C type: integers, floats, `Bool`, pointers of
    /// every kind (optional or not), C function pointers and C enums. Nil for structs.
    static func scalarRepresentation(of type: Any.Type) throws(TypeRejection) -> CScalarTypes.Entry? {
        if let entry = CScalarTypes.entry(for: type) { return entry }
        if isPointer(type) { return pointerEntry }
        switch TypeMetadata.kind(of: type) {
        case .optional:
            guard let wrapped = TypeMetadata.wrappedType(ofOptional: type), isPointer(wrapped) else {
                throw .optionalOfNonPointer(type: TypeMetadata.name(of: type))
            }
            return pointerEntry
        case .function:
            throw .swiftClosure(type: TypeMetadata.name(of: type))
        case .structure, .enumeration:
            // C enums and option sets. Checked by kind first: a protocol cast scans every
            // conformance in the process the first time it meets a type.
            let looksLikeCEnum = TypeMetadata.kind(of: type) == .enumeration
                || (TypeMetadata.isImportedFromC(type) && TypeMetadata.hasOnlyRawValueField(type))
            guard looksLikeCEnum, let enumeration = type as? any RawRepresentable.Type
            else { return nil }
            return try enumEntry(enumeration)
        default:
            return nil
        }
    }

    private static let pointerEntry = CScalarTypes.Entry(representation: .pointer, ffiType: LibFFI.pointer)

    private static func isPointer(_ type: Any.Type) -> Bool {
        if CPointerTypes.contains(type) { return true }
        if let function = TypeMetadata.function(type) { return function.isC }
        return false
    }

    /// C enums and option sets arrive as `RawRepresentable` types exactly as large as their
    /// integer raw value; Swift enums with raw values are not (they store a small tag).
    private static func enumEntry(_ type: any RawRepresentable.Type) throws(TypeRejection) -> CScalarTypes.Entry {
        func rawType<T: RawRepresentable>(_: T.Type) -> Any.Type { T.RawValue.self }
        let raw = rawType(type)
        guard let entry = CScalarTypes.entry(for: raw),
              entry.representation == .signedInteger || entry.representation == .unsignedInteger,
              TypeMetadata.layout(of: raw).size == TypeMetadata.layout(of: type).size
        else { throw .enumWithoutCLayout(type: TypeMetadata.name(of: type)) }
        return entry
    }
}
