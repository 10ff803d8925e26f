import CImpostor

/// The door to libffi's type descriptions and call interfaces (`impostor_closures.h`): the
/// signature room describes a C function type with these once, when its first mock is made;
/// both kinds of entry point and ``PassThrough`` read the prepared interface.
///
/// libffi's own type objects are reached through C accessors because Swift does not import
/// libffi's exported type variables as stable addresses.
typealias FFIType = ffi_type

/// A prepared libffi call interface (`ffi_cif`).
typealias FFICallInterface = ffi_cif

enum LibFFI {
    static func void() -> UnsafeMutablePointer<FFIType> { impostor_type_void() }
    static func uint8() -> UnsafeMutablePointer<FFIType> { impostor_type_uint8() }
    static func sint8() -> UnsafeMutablePointer<FFIType> { impostor_type_sint8() }
    static func uint16() -> UnsafeMutablePointer<FFIType> { impostor_type_uint16() }
    static func sint16() -> UnsafeMutablePointer<FFIType> { impostor_type_sint16() }
    static func uint32() -> UnsafeMutablePointer<FFIType> { impostor_type_uint32() }
    static func sint32() -> UnsafeMutablePointer<FFIType> { impostor_type_sint32() }
    static func uint64() -> UnsafeMutablePointer<FFIType> { impostor_type_uint64() }
    static func sint64() -> UnsafeMutablePointer<FFIType> { impostor_type_sint64() }
    static func float() -> UnsafeMutablePointer<FFIType> { impostor_type_float() }
    static func double() -> UnsafeMutablePointer<FFIType> { impostor_type_double() }
    static func longDouble() -> UnsafeMutablePointer<FFIType> { impostor_type_longdouble() }
    static func pointer() -> UnsafeMutablePointer<FFIType> { impostor_type_pointer() }

    /// A new call interface for a function of `arguments` returning `result`, immortal (every
    /// closure of the type points at it), or libffi's status when it refuses the types.
    static func callInterface(
        result: UnsafeMutablePointer<FFIType>, arguments: [UnsafeMutablePointer<FFIType>]
    ) -> Result<UnsafeMutablePointer<FFICallInterface>, LibFFIStatus> {
        // Sound: the interface and its argument-type array are deliberately immortal (cached with
        // the signature, and libffi keeps pointers to both) and initialized before libffi reads them.
        let argumentTypes = UnsafeMutablePointer<UnsafeMutablePointer<FFIType>?>.allocate(capacity: max(arguments.count, 1))
        for (index, type) in arguments.enumerated() { (argumentTypes + index).initialize(to: type) }
        let cif = UnsafeMutablePointer<FFICallInterface>.allocate(capacity: 1)
        cif.initialize(to: ffi_cif())
        let status = impostor_prep_cif(cif, UInt32(arguments.count), result, argumentTypes)
        return status == 0 ? .success(cif) : .failure(LibFFIStatus(code: Int(status)))
    }

    /// A new struct type of `elements` laid out by libffi: its size, alignment and the offset of
    /// each element as libffi computed them (`laidOut` false when libffi refused the type).
    /// Immortal, like every type a call interface points at.
    static func structType(
        of elements: [UnsafeMutablePointer<FFIType>]
    ) -> (type: UnsafeMutablePointer<FFIType>, laidOut: Bool, size: Int, alignment: Int, offsets: [Int]) {
        // Sound: both allocations are fully initialized before libffi reads them, and never freed.
        let list = UnsafeMutablePointer<UnsafeMutablePointer<FFIType>?>.allocate(capacity: elements.count + 1)
        for (index, element) in elements.enumerated() { (list + index).initialize(to: element) }
        (list + elements.count).initialize(to: nil)
        let type = UnsafeMutablePointer<FFIType>.allocate(capacity: 1)
        type.initialize(to: ffi_type(size: 0, alignment: 0, type: impostor_struct_type_code(), elements: list))
        var offsets = [Int](repeating: -1, count: elements.count)
        let status = offsets.withUnsafeMutableBufferPointer { impostor_struct_offsets(type, $0.baseAddress) }
        return (type, status == 0, type.pointee.size, Int(type.pointee.alignment), offsets)
    }
}

/// A status libffi returned instead of preparing a call interface.
struct LibFFIStatus: Error {
    let code: Int
}
