/// Declares how a C union, or a struct with hidden members, is passed in registers.
///
/// Swift's reflection cannot see the members of a C union or the bits of a bitfield, so
/// Impostor treats those bytes as integer data, which is what the x86-64 System V ABI does
/// whenever an integer or pointer member overlaps them. Two shapes need this declaration:
///
/// - a union whose members are all floating point (`union { double d; float f; }`), which
///   travels in an SSE register;
/// - a struct with a bitfield or union exactly where alignment padding would otherwise be,
///   next to floating-point fields (`struct { float f; unsigned flags: 8; double d; }`):
///   reflection cannot tell those bytes from padding, so their chunk would be taken for
///   floating point, while C passes it in a general-purpose register.
///
/// Declare the class of each 8-byte chunk by conforming the imported type:
///
/// ```swift
/// extension FloatOrDouble: CRegisterLayout {
///     public static var eightbyteClasses: [EightbyteClass] { [.floatingPoint] }
/// }
/// ```
///
/// Types larger than 16 bytes are passed in memory, where only size and alignment matter, so
/// they never need this.
///
/// On arm64 the declaration is not read. There a struct travels in vector registers only when
/// it is made of 1 to 4 `float`s or 1 to 4 `double`s and nothing else, which Impostor decides
/// from the visible members. Where a union or bitfield sits beside visible members that are
/// all of one floating-point type, the hidden members decide, and the mock is refused at its
/// line rather than guessed; a bare union whose members are all of one floating-point type,
/// such as `union { float f; float g; }`, is taken for integer data, which it is not: mock it
/// through a struct instead.
public protocol CRegisterLayout {
    /// The class of each 8-byte chunk of the type, first chunk first.
    static var eightbyteClasses: [EightbyteClass] { get }
}

/// The register class of one 8-byte chunk of a C aggregate (x86-64 System V ABI).
public enum EightbyteClass: Sendable {
    /// Passed in a general-purpose register: any integer, pointer or bitfield overlaps it.
    case integer
    /// Passed in an SSE register: only `float` and `double` members lie in it.
    case floatingPoint
}
