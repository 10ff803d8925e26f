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
/// On arm64 the classes are not read. There a struct travels in vector registers only when it
/// is made of 1 to 4 `float`s or 1 to 4 `double`s and nothing else (a homogeneous
/// floating-point aggregate), which Impostor decides from the visible members. A union's
/// members are invisible, so a union made only of one floating-point type (`union { float f;
/// float g[1]; }`) must say so with ``aarch64Passing``, or it is taken for integer data; and a
/// struct whose visible members are all of one floating-point type beside an undeclared union
/// or a bitfield is refused at its mock's line, since the hidden members decide.
///
/// ```swift
/// extension FloatOrFloats: CRegisterLayout {
///     public static var eightbyteClasses: [EightbyteClass] { [.floatingPoint] }
///     public static var aarch64Passing: AArch64Passing? { .floats(1) }
/// }
/// ```
public protocol CRegisterLayout {
    /// The class of each 8-byte chunk of the type, first chunk first (x86-64).
    static var eightbyteClasses: [EightbyteClass] { get }
    /// How the type travels on arm64, or nil (the default) to leave it to its visible members.
    /// A declaration that cannot describe the type (a count outside 1...4, or members that do not
    /// fill its bytes) is refused when a mock of it is made, on every platform.
    static var aarch64Passing: AArch64Passing? { get }
}

extension CRegisterLayout {
    /// Not declared: on arm64 the type's visible members decide how it travels.
    public static var aarch64Passing: AArch64Passing? { nil }
}

/// How a C union, or a struct with hidden members, travels on arm64 (AAPCS64).
public enum AArch64Passing: Sendable, Equatable {
    /// As its bytes, in general-purpose registers (or by address over 16 bytes): some member is
    /// not floating point, or floats and doubles are mixed.
    case generalRegisters
    /// As `count` (1 to 4) `float`s, one per vector register: every member is a `float`.
    case floats(Int)
    /// As `count` (1 to 4) `double`s, one per vector register: every member is a `double`.
    case doubles(Int)
}

/// The register class of one 8-byte chunk of a C aggregate (x86-64 System V ABI).
public enum EightbyteClass: Sendable {
    /// Passed in a general-purpose register: any integer, pointer or bitfield overlaps it.
    case integer
    /// Passed in an SSE register: only `float` and `double` members lie in it.
    case floatingPoint
}
