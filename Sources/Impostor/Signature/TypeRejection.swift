/// Why a Swift type cannot travel through a C function pointer; turned into a located
/// ``MockCreationError`` by the signature reader.
enum TypeRejection: Error, Sendable {
    case notCRepresentable(type: String)
    case swiftClosure(type: String)
    case optionalOfNonPointer(type: String)
    case enumWithoutCLayout(type: String)
    case misalignedField(structure: String, field: String, offset: Int, fieldType: String, alignment: Int)
    case unsupportedField(structure: String, field: String, fieldType: String)
    case emptyStructure(type: String)
    case unsupportedAlignment(type: String, alignment: Int)
    case layoutMismatch(type: String, swiftSize: Int, swiftAlignment: Int, ffiSize: Int, ffiAlignment: Int)
    case voidParameter
    /// arm64: a small struct whose visible members are all of one floating-point type beside
    /// members reflection cannot see, which decide whether C passes it in vector registers.
    case hiddenMembersBesideFloatingPoint(type: String, size: Int)
    /// A `CRegisterLayout.aarch64Passing` that cannot describe its type: a count outside 1...4,
    /// or members that do not fill its bytes.
    case invalidAArch64Passing(type: String, passing: String, size: Int)
}
