@_spi(Reflection) import Swift

/// What Swift's runtime metadata says about a type, read once when a mock is created.
///
/// Function type metadata (kind 0x302) holds a flags word (parameter count in the low 16 bits,
/// calling convention in bits 16–23, 3 meaning C), then the result type's metadata, then one
/// metadata pointer per parameter.
enum TypeMetadata {
    /// The metadata kinds this library distinguishes; classes and the rest fall under `other`.
    enum Kind: Equatable {
        case structure, enumeration, optional, tuple, function, other
    }

    static func kind(of type: Any.Type) -> Kind {
        switch rawKind(of: type) {
        case 0x200: .structure
        case 0x201: .enumeration
        case 0x202: .optional
        case 0x301: .tuple
        case 0x302: .function
        default: .other
        }
    }

    /// A function type's parts, or nil when `type` is not a function type.
    struct Function {
        /// The calling convention number: 0 Swift, 1 block, 2 thin, 3 C.
        let convention: UInt
        let resultType: Any.Type
        let parameterTypes: [Any.Type]

        var isC: Bool { convention == 3 }
    }

    static func function(_ type: Any.Type) -> Function? {
        guard kind(of: type) == .function else { return nil }
        // Sound: the runtime guarantees this layout for every metadata record of kind 0x302
        // (TargetFunctionTypeMetadata: kind, flags, result, then `count` parameter pointers),
        // and metadata is immortal.
        let base = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let flags = base.load(fromByteOffset: 8, as: UInt.self)
        let count = Int(flags & 0xFFFF)
        let convention = (flags >> 16) & 0xFF
        let result = base.load(fromByteOffset: 16, as: Any.Type.self)
        let parameters = (0..<count).map { index in
            base.load(fromByteOffset: 24 + 8 * index, as: Any.Type.self)
        }
        return Function(convention: convention, resultType: result, parameterTypes: parameters)
    }

    /// The type an `Optional` wraps, or nil when `type` is not an Optional.
    ///
    /// Read from the metadata (an Optional's first generic argument follows its kind and
    /// descriptor words): a protocol cast would scan every conformance in the process the first
    /// time it sees a type, which cost most of a new mock's creation time.
    static func wrappedType(ofOptional type: Any.Type) -> Any.Type? {
        guard kind(of: type) == .optional else { return nil }
        // Sound: every metadata record of kind 0x202 is `Optional<Wrapped>`'s, whose generic
        // argument is at offset 16.
        return unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 16, as: Any.Type.self)
    }

    /// The nominal type descriptor of a struct or enum, which all specializations of a
    /// generic type share (`UnsafePointer<Int8>` and `UnsafePointer<Point>` alike).
    static func nominalDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
        guard kind(of: type) == .structure || kind(of: type) == .enumeration || kind(of: type) == .optional else { return nil }
        // Sound: value type metadata holds its descriptor right after the kind word.
        return unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 8, as: UnsafeRawPointer.self)
    }

    /// The first generic argument of a generic struct (`T` of `UnsafePointer<T>`).
    static func firstGenericArgument(of type: Any.Type) -> Any.Type {
        // Sound: callers pass the metadata of a generic struct (checked by its descriptor),
        // whose generic arguments start right after the kind and descriptor words.
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 16, as: Any.Type.self)
    }

    /// Size and alignment of a type known only at run time.
    static func layout(of type: Any.Type) -> (size: Int, alignment: Int) {
        func open<T>(_: T.Type) -> (Int, Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
        return open(type)
    }

    /// True for types Swift imported from C headers (their mangled module is `__C`).
    static func isImportedFromC(_ type: Any.Type) -> Bool {
        _typeName(type, qualified: true).hasPrefix("__C.")
    }

    /// True for a struct whose one stored field is `rawValue`: how Swift imports C enums and
    /// option sets (checked before the costlier `RawRepresentable` cast).
    static func hasOnlyRawValueField(_ type: Any.Type) -> Bool {
        var names: [String] = []
        _ = _forEachField(of: type, options: []) { name, _, _, _ in
            names.append(String(cString: name))
            return names.count < 2
        }
        return names == ["rawValue"]
    }

    /// The readable name of a type, without module prefixes (`Point`, not `__C.Point`).
    static func name(of type: Any.Type) -> String {
        // `UnsafeRawPointer?`, as it is written, not `Optional<UnsafeRawPointer>`.
        if let wrapped = wrappedType(ofOptional: type), kind(of: wrapped) != .function { return name(of: wrapped) + "?" }
        let name = _typeName(type, qualified: false)
        return name.isEmpty ? "\(type)" : name
    }

    private static func rawKind(of type: Any.Type) -> UInt {
        // Sound: every metadata record starts with its kind word (or, for classes, an isa
        // pointer, which is larger than every kind value and so falls under `other`).
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }
}


extension TypeMetadata {
    /// True for a C function pointer type or an Optional of one.
    static func isFunctionPointer(_ type: Any.Type) -> Bool {
        let unwrapped = wrappedType(ofOptional: type) ?? type
        return function(unwrapped)?.isC == true
    }
}
