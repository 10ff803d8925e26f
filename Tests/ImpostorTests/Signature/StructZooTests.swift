import CImpostorTestSupport
import Impostor
import Testing

// Unions whose members Swift cannot see, declared the way a user would.
extension ct_float_union: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.floatingPoint] }
    /// Floats beside a double: no aggregate of one floating-point type on arm64.
    public static var aarch64Passing: AArch64Passing? { .generalRegisters }
}

extension ct_union_mixed: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.integer, .floatingPoint] }
}

// A bitfield or union that sits where alignment padding would be is invisible to Swift's
// reflection and cannot be told from padding, so its chunk would be taken for floating point;
// these structs declare their chunks, as the DocC article "Mocks of C functions" and
// CRegisterLayout's documentation say.
extension ct_anon_union_in_padding: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.integer, .floatingPoint] }
}

extension ct_bits_in_padding: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.integer, .floatingPoint] }
}

extension ct_bits_in_tail: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.floatingPoint, .integer] }
}

/// Every struct shape in the zoo arrives intact as an argument between two scalars, and comes
/// back to C as the zero value when returned. The C caller builds the value (see
/// CImpostorTestSupport.h); the test reads the recorded argument field by field.
@Suite struct StructZooTests {
    /// Calls `ct_zoo_<shape>` with a fresh mock and an all-zero expected value, then checks
    /// the recorded call: the scalars around the struct, every field of the struct, and the
    /// zero return, compared field by field through `fields`.
    private func check<F, S: BitwiseCopyable>(
        _ type: F.Type, named name: String, size: Int,
        caller: (F, UnsafePointer<S>) -> Int32,
        fields: (S) -> [AnyHashable], expected: [AnyHashable],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(MemoryLayout<S>.size == size, "the shape's size", sourceLocation: sourceLocation)
        var zero = zeroValue(of: S.self)
        let call = try callOnce(type, named: name, sourceLocation: sourceLocation) { caller($0, &zero) }
        #expect(call.argumentCount == 3, sourceLocation: sourceLocation)
        #expect(call.argument(0, as: Int32.self) == CT_ZOO_BEFORE, sourceLocation: sourceLocation)
        #expect(fields(call.argument(1, as: S.self)) == expected, sourceLocation: sourceLocation)
        #expect(call.argument(2, as: Double.self) == CT_ZOO_AFTER, sourceLocation: sourceLocation)
        #expect(fields(call.returnValue(as: S.self)) == fields(zero), sourceLocation: sourceLocation)
    }

    /// The same for a shape Swift does not consider BitwiseCopyable: the recorded argument and
    /// return value are checked through their formatted text, which the conformances at the
    /// end of this file make list every field.
    private func checkFormatted<F, S>(
        _ type: F.Type, named name: String, size: Int,
        caller: (F, UnsafePointer<S>) -> Int32,
        expected: String, zero zeroText: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(MemoryLayout<S>.size == size, "the shape's size", sourceLocation: sourceLocation)
        var zero = zeroValue(of: S.self)
        let call = try callOnce(type, named: name, sourceLocation: sourceLocation) { caller($0, &zero) }
        #expect(call.argumentCount == 3, sourceLocation: sourceLocation)
        #expect(call.argument(0, as: Int32.self) == CT_ZOO_BEFORE, sourceLocation: sourceLocation)
        #expect(call.argument(2, as: Double.self) == CT_ZOO_AFTER, sourceLocation: sourceLocation)
        #expect(call.formattedArguments == ["19088743", expected, "-6.5"], sourceLocation: sourceLocation)
        #expect(call.description == "\(name)(19088743, \(expected), -6.5) -> \(zeroText)", sourceLocation: sourceLocation)
    }

    // MARK: Small shapes in registers

    @Test func oneChar() throws {
        try check(ct_fn_char1.self, named: "char1", size: 1, caller: ct_zoo_char1,
                  fields: { [$0.c] }, expected: [CChar(-7)])
    }

    @Test func oneShort() throws {
        try check(ct_fn_short1.self, named: "short1", size: 2, caller: ct_zoo_short1,
                  fields: { [$0.s] }, expected: [Int16(-12345)])
    }

    @Test func threeCharsOddSize() throws {
        try check(ct_fn_char3.self, named: "char3", size: 3, caller: ct_zoo_char3,
                  fields: { [$0.a, $0.b, $0.c] }, expected: [CChar(1), CChar(-2), CChar(127)])
    }

    @Test func twoInts() throws {
        try check(ct_fn_int2.self, named: "int2", size: 8, caller: ct_zoo_int2,
                  fields: { [$0.a, $0.b] }, expected: [Int32(-100_000), Int32.max])
    }

    @Test func intAndFloatInOneEightbyte() throws {
        try check(ct_fn_int_float.self, named: "int_float", size: 8, caller: ct_zoo_int_float,
                  fields: { [$0.i, $0.f] }, expected: [Int32(-42), Float(3.5)])
    }

    @Test func twoFloats() throws {
        try check(ct_fn_float2.self, named: "float2", size: 8, caller: ct_zoo_float2,
                  fields: { [$0.x, $0.y] }, expected: [Float(1.25), Float(-2.5)])
    }

    @Test func floatThenDouble() throws {
        try check(ct_fn_float_double.self, named: "float_double", size: 16, caller: ct_zoo_float_double,
                  fields: { [$0.f, $0.d] }, expected: [Float(0.75), Double(-1e300)])
    }

    @Test func threeFloats() throws {
        try check(ct_fn_float3.self, named: "float3", size: 12, caller: ct_zoo_float3,
                  fields: { [$0.x, $0.y, $0.z] }, expected: [Float(1.5), Float(2.5), Float(-3.5)])
    }

    @Test func doubleThenInt() throws {
        try check(ct_fn_double_int.self, named: "double_int", size: 16, caller: ct_zoo_double_int,
                  fields: { [$0.d, $0.i] }, expected: [Double(6.125), Int32(-7)])
    }

    @Test func charPaddingDouble() throws {
        try check(ct_fn_char_double.self, named: "char_double", size: 16, caller: ct_zoo_char_double,
                  fields: { [$0.c, $0.d] }, expected: [CChar(UInt8(ascii: "q")), Double(-3.75)])
    }

    @Test func pointerAndInt() throws {
        try check(ct_fn_ptr_int.self, named: "ptr_int", size: 16, caller: ct_zoo_ptr_int,
                  fields: { [$0.p, $0.i] }, expected: [address(0x0000_7F00_1234_5678), Int32(99)])
    }

    @Test func exactly16BytesOfDoubles() throws {
        try check(ct_fn_double2.self, named: "double2", size: 16, caller: ct_zoo_double2,
                  fields: { [$0.x, $0.y] }, expected: [Double(-0.5), Double(1e-300)])
    }

    @Test func exactly16BytesIntegerThenFloatingPoint() throws {
        try check(ct_fn_i64_double.self, named: "i64_double", size: 16, caller: ct_zoo_i64_double,
                  fields: { [$0.l, $0.d] }, expected: [Int64(-1_234_567_890_123), Double(2.75)])
    }

    @Test func trailingPadding() throws {
        try check(ct_fn_tail_pad.self, named: "tail_pad", size: 16, caller: ct_zoo_tail_pad,
                  fields: { [$0.a, $0.b] }, expected: [Int64(-9), CChar(42)])
    }

    // MARK: Larger than 16 bytes: on the stack, returned through a hidden pointer

    @Test func seventeenBytes() throws {
        try check(ct_fn_bytes17.self, named: "bytes17", size: 17, caller: ct_zoo_bytes17,
                  fields: { fields(of: $0.b, as: CChar.self) },
                  expected: (0..<17).map { CChar($0 * 7 - 50) })
    }

    @Test func threeLongs() throws {
        try check(ct_fn_long3.self, named: "long3", size: 24, caller: ct_zoo_long3,
                  fields: { [$0.a, $0.b, $0.c] }, expected: [Int64(1), Int64(-2), Int64(0x7EDC_BA98_7654_3210)])
    }

    @Test func sixtyFourBytes() throws {
        try check(ct_fn_big64.self, named: "big64", size: 64, caller: ct_zoo_big64,
                  fields: { fields(of: $0.d, as: Double.self) + fields(of: $0.l, as: Int64.self) + [$0.i, $0.f] },
                  expected: [Double(1.5), Double(-2.5), Double(3.5), Double(-4.5),
                             Int64(10), Int64(-20), Int64(30), Int32(-40), Float(50.5)])
    }

    // MARK: Nesting and arrays

    @Test func nestedThreeDeepInMemory() throws {
        try check(ct_fn_nest3.self, named: "nest3", size: 24, caller: ct_zoo_nest3,
                  fields: { [$0.mid.inner.x, $0.mid.inner.y, $0.mid.d, $0.tag] },
                  expected: [Float(1.75), Int16(-300), Double(8.5), CChar(UInt8(ascii: "Z"))])
    }

    @Test func nestedThreeDeepInRegisters() throws {
        try check(ct_fn_nest3_small.self, named: "nest3_small", size: 12, caller: ct_zoo_nest3_small,
                  fields: { [$0.l2.l1.a, $0.l2.b, $0.c] }, expected: [Float(-1.125), Float(2), Int32(123_456)])
    }

    @Test func intArray() throws {
        try check(ct_fn_int_array3.self, named: "int_array3", size: 12, caller: ct_zoo_int_array3,
                  fields: { fields(of: $0.a, as: Int32.self) }, expected: [Int32(-1), Int32(65536), Int32(7)])
    }

    @Test func floatArrayOf16Bytes() throws {
        try check(ct_fn_float_array4.self, named: "float_array4", size: 16, caller: ct_zoo_float_array4,
                  fields: { fields(of: $0.v, as: Float.self) },
                  expected: [Float(0.5), Float(-1.5), Float(2.5), Float(-3.5)])
    }

    @Test func charArrayOf9Bytes() throws {
        try check(ct_fn_name9.self, named: "name9", size: 9, caller: ct_zoo_name9,
                  fields: { fields(of: $0.name, as: CChar.self) },
                  expected: "impostor".utf8.map { CChar($0) } + [CChar(0)])
    }

    // MARK: Unions and bitfields
    //
    // Swift does not treat imported C unions, or structs holding a union or bitfields, as
    // BitwiseCopyable, so `argument(_:as:)` cannot read them (a library gap). The conformances
    // at the end of this file make each such value print every field, read through the
    // recorded bytes, so the formatted argument shows exactly what arrived.

    @Test func unionOfIntAndFloat() throws {
        try checkFormatted(ct_fn_union_int_float.self, named: "union_int_float", size: 4, caller: ct_zoo_union_int_float,
                           expected: "ct_union_int_float(i: 1078530011, f: 3.1415927)",
                           zero: "ct_union_int_float(i: 0, f: 0.0)")
    }

    @Test func unionDeclaredIntegerThenFloatingPoint() throws {
        try checkFormatted(ct_fn_union_mixed.self, named: "union_mixed", size: 12, caller: ct_zoo_union_mixed,
                           expected: "ct_union_mixed(f: (1.5, 2.5, 3.5), i: 1069547520)",
                           zero: "ct_union_mixed(f: (0.0, 0.0, 0.0), i: 0)")
    }

    @Test func allFloatUnion() throws {
        try checkFormatted(ct_fn_float_union.self, named: "float_union", size: 8, caller: ct_zoo_float_union,
                           expected: "ct_float_union(f: (1.0, -2.0), d.bitPattern: 0xc00000003f800000)",
                           zero: "ct_float_union(f: (0.0, 0.0), d.bitPattern: 0x0)")
    }

    @Test func allFloatUnionNestedInAStruct() throws {
        try checkFormatted(ct_fn_holds_float_union.self, named: "holds_float_union", size: 16, caller: ct_zoo_holds_float_union,
                           expected: "ct_holds_float_union(u: ct_float_union(f: (4.0, -8.0), d.bitPattern: 0xc100000040800000), d: 0.125)",
                           zero: "ct_holds_float_union(u: ct_float_union(f: (0.0, 0.0), d.bitPattern: 0x0), d: 0.0)")
    }

    @Test func anonymousUnion() throws {
        try checkFormatted(ct_fn_anon_union.self, named: "anon_union", size: 12, caller: ct_zoo_anon_union,
                           expected: "ct_anon_union(tag: 3, i: 1069547520, f: 1.5, after: -0.25)",
                           zero: "ct_anon_union(tag: 0, i: 0, f: 0.0, after: 0.0)")
    }

    @Test func anonymousUnionInAlignmentPaddingDeclaredWithCRegisterLayout() throws {
        try checkFormatted(ct_fn_anon_union_in_padding.self, named: "anon_union_in_padding", size: 16,
                           caller: ct_zoo_anon_union_in_padding,
                           expected: "ct_anon_union_in_padding(a: 0.5, i: -123456, d: 7.5)",
                           zero: "ct_anon_union_in_padding(a: 0.0, i: 0, d: 0.0)")
    }

    @Test func bitfieldsOnly() throws {
        try checkFormatted(ct_fn_bits_only.self, named: "bits_only", size: 4, caller: ct_zoo_bits_only,
                           expected: "ct_bits_only(a: 5, b: 17, c: 11259375)",
                           zero: "ct_bits_only(a: 0, b: 0, c: 0)")
    }

    @Test func bitfieldsBetweenIntegers() throws {
        try checkFormatted(ct_fn_bits_mixed.self, named: "bits_mixed", size: 12, caller: ct_zoo_bits_mixed,
                           expected: "ct_bits_mixed(before: -1, s: -33, u: 300, flag: true, after: -2)",
                           zero: "ct_bits_mixed(before: 0, s: 0, u: 0, flag: false, after: 0)")
    }

    @Test func wideBitfieldThenDouble() throws {
        try checkFormatted(ct_fn_bits_wide.self, named: "bits_wide", size: 16, caller: ct_zoo_bits_wide,
                           expected: "ct_bits_wide(big: 734744827512, small: 6, d: -0.125)",
                           zero: "ct_bits_wide(big: 0, small: 0, d: 0.0)")
    }

    @Test func bitfieldInAlignmentPaddingDeclaredWithCRegisterLayout() throws {
        try checkFormatted(ct_fn_bits_in_padding.self, named: "bits_in_padding", size: 16, caller: ct_zoo_bits_in_padding,
                           expected: "ct_bits_in_padding(f: 1.5, flags: 165, d: 2.25)",
                           zero: "ct_bits_in_padding(f: 0.0, flags: 0, d: 0.0)")
    }

    @Test func bitfieldInTrailingPaddingDeclaredWithCRegisterLayout() throws {
        try checkFormatted(ct_fn_bits_in_tail.self, named: "bits_in_tail", size: 16, caller: ct_zoo_bits_in_tail,
                           expected: "ct_bits_in_tail(d: -0.75, f: 4.5, tail: 92)",
                           zero: "ct_bits_in_tail(d: 0.0, f: 0.0, tail: 0)")
    }

    // MARK: long double

    // x86-64 only: Float80 is x86's; on arm64 the struct comes without its field and is refused (UnsupportedTypeTests).
    #if arch(x86_64)
    @Test func longDoubleAlone() throws {
        try check(ct_fn_ldouble_struct.self, named: "ldouble_struct", size: 16, caller: ct_zoo_ldouble_struct,
                  fields: { [$0.x] }, expected: [Float80(-12345.6875)])
    }
    #endif
}

// MARK: - Field-by-field text for types reflection cannot see into

extension ct_union_int_float: @retroactive CustomStringConvertible {
    public var description: String { "ct_union_int_float(i: \(i), f: \(f))" }
}

extension ct_union_mixed: @retroactive CustomStringConvertible {
    public var description: String { "ct_union_mixed(f: \(f), i: \(i))" }
}

extension ct_float_union: @retroactive CustomStringConvertible {
    public var description: String { "ct_float_union(f: \(f), d.bitPattern: 0x\(String(d.bitPattern, radix: 16)))" }
}

extension ct_anon_union: @retroactive CustomStringConvertible {
    public var description: String { "ct_anon_union(tag: \(tag), i: \(i), f: \(f), after: \(after))" }
}

extension ct_anon_union_in_padding: @retroactive CustomStringConvertible {
    public var description: String { "ct_anon_union_in_padding(a: \(a), i: \(i), d: \(d))" }
}

extension ct_bits_only: @retroactive CustomStringConvertible {
    public var description: String { "ct_bits_only(a: \(a), b: \(b), c: \(c))" }
}

extension ct_bits_mixed: @retroactive CustomStringConvertible {
    public var description: String { "ct_bits_mixed(before: \(before), s: \(s), u: \(u), flag: \(flag), after: \(after))" }
}

extension ct_bits_wide: @retroactive CustomStringConvertible {
    public var description: String { "ct_bits_wide(big: \(big), small: \(small), d: \(d))" }
}

extension ct_bits_in_padding: @retroactive CustomStringConvertible {
    public var description: String { "ct_bits_in_padding(f: \(f), flags: \(flags), d: \(d))" }
}

extension ct_bits_in_tail: @retroactive CustomStringConvertible {
    public var description: String { "ct_bits_in_tail(d: \(d), f: \(f), tail: \(tail))" }
}
