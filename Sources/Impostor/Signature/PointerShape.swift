/// What a pointer parameter points to, as far as its Swift type says: decides what is copied
/// from it at call time (see ``PointerCapture``).
enum PointerShape: Equatable {
    /// Not a pointer, or a pointer whose memory has no type (`OpaquePointer`, function pointers).
    case opaque
    /// `void *` / `const void *`: bytes of unknown extent.
    case raw(isMutable: Bool)
    /// `char *`, `unsigned char *` and their `const` forms: text or bytes.
    case text(isMutable: Bool, isUnsigned: Bool)
    /// `T *` / `const T *` for any other `T`.
    case typed(pointee: PointeeType, isMutable: Bool)

    /// The type a typed pointer points to.
    struct PointeeType: Equatable {
        let type: Any.Type
        let size: Int
        let stride: Int
        /// True when a value of it is plain bytes (C scalars, pointers and structs).
        let isTrivial: Bool

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.type == rhs.type }
    }

    /// The shape of parameter type `type` (an Optional of a pointer included).
    static func of(_ type: Any.Type) -> PointerShape {
        let unwrapped = TypeMetadata.wrappedType(ofOptional: type) ?? type
        if unwrapped == UnsafeRawPointer.self { return .raw(isMutable: false) }
        if unwrapped == UnsafeMutableRawPointer.self { return .raw(isMutable: true) }
        guard let descriptor = TypeMetadata.nominalDescriptor(of: unwrapped),
              CPointerTypes.isTypedPointer(descriptor)
        else { return .opaque }
        let isMutable = CPointerTypes.isMutable(descriptor)
        let pointee = TypeMetadata.firstGenericArgument(of: unwrapped)
        if pointee == CChar.self { return .text(isMutable: isMutable, isUnsigned: false) }
        if pointee == UInt8.self { return .text(isMutable: isMutable, isUnsigned: true) }
        func describe<T>(_: T.Type) -> PointeeType {
            PointeeType(type: T.self, size: MemoryLayout<T>.size, stride: MemoryLayout<T>.stride, isTrivial: _isPOD(T.self))
        }
        return .typed(pointee: describe(pointee), isMutable: isMutable)
    }

    /// The size of one element of the memory it points to: 1 for bytes and text.
    var elementSize: Int? {
        switch self {
        case .opaque: nil
        case .raw, .text: 1
        case .typed(let pointee, _): pointee.stride
        }
    }

    /// True for `const char *` and `const unsigned char *`, which a string literal converts to.
    var isConstText: Bool {
        if case .text(false, _) = self { return true }
        return false
    }
}
