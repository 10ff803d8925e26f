import CImpostorTestSupport
import Impostor
import Testing

/// How recorded calls print: structs field by field, C strings quoted and escaped, pointers as
/// `0x` and sixteen hex digits, NULL as `nil`, `Void` functions without a result.
@Suite struct InvocationDescriptionTests {
    private func hex(_ value: UInt) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test func scalars() throws {
        let call = try callOnce(ct_fn_i8.self, named: "i8") { ct_call_i8($0, 0) }
        #expect(call.description == "i8(-128, 127, -1) -> 0")
        #expect(call.formattedArguments == ["-128", "127", "-1"])
        let bools = try callOnce(ct_fn_bool.self, named: "bool") { ct_call_bool($0, false) }
        #expect(bools.description == "bool(true, false, true) -> false")
        let doubles = try callOnce(ct_fn_double.self, named: "double") { ct_call_double($0, 0) }
        #expect(doubles.description == "double(-2.25, \(Double.greatestFiniteMagnitude), 5e-324) -> 0.0")
    }

    @Test func structsFieldByField() throws {
        var int2 = ct_int2()
        let flat = try callOnce(ct_fn_int2.self, named: "int2") { ct_zoo_int2($0, &int2) }
        #expect(flat.description == "int2(19088743, ct_int2(a: -100000, b: 2147483647), -6.5) -> ct_int2(a: 0, b: 0)")

        var nest3 = ct_nest3()
        let nested = try callOnce(ct_fn_nest3.self, named: "nest3") { ct_zoo_nest3($0, &nest3) }
        #expect(nested.formattedArguments[1] == "ct_nest3(mid: ct_mid(inner: ct_inner(x: 1.75, y: -300), d: 8.5), tag: 90)")

        var array = ct_int_array3()
        let arrays = try callOnce(ct_fn_int_array3.self, named: "int_array3") { ct_zoo_int_array3($0, &array) }
        #expect(arrays.formattedArguments[1] == "ct_int_array3(a: (-1, 65536, 7))")
    }

    @Test func cStringsQuotedAndEscaped() throws {
        let call = try callOnce(ct_fn_cstr.self, named: "cstr") { ct_call_cstr($0, nil) }
        #expect(call.description == #"cstr("hello", "quote \" backslash \\ newline \n tab \t", nil) -> nil"#)
    }

    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    @Test func longDoubles() throws {
        let call = try callOnce(ct_fn_ldouble.self, named: "ldouble") { ct_call_ldouble($0, 0) }
        #expect(call.description == "ldouble(-3.125, \(Float80.greatestFiniteMagnitude), \(Float80.leastNonzeroMagnitude)) -> 0.0")
        var zero = ct_ldouble_struct()
        let inStruct = try callOnce(ct_fn_ldouble_struct.self, named: "ldouble_struct") { ct_zoo_ldouble_struct($0, &zero) }
        #expect(inStruct.description == "ldouble_struct(19088743, ct_ldouble_struct(x: -12345.6875), -6.5) -> ct_ldouble_struct(x: 0.0)")
    }
    #endif

    @Test func voidFunctionHasNoResult() {
        let log = mockFunction(of: ct_fn_log.self, named: "log")
        ct_call_log_reusing_buffer(log)
        #expect(invocations(of: log).map(\.description) == [#"log("first")"#, #"log("second!")"#])
    }

    @Test func pointersInHexAndNullAsNil() throws {
        let call = try callOnce(ct_fn_ptr.self, named: "ptr") { ct_call_ptr($0, nil) }
        #expect(call.description == "ptr(nil, 0x0000123456789abc, 0xffffffffffffffff) -> nil")
    }

    @Test func functionPointersInHex() throws {
        let call = try callOnce(ct_fn_fnptr.self, named: "fnptr") { ct_call_fnptr($0, nil) }
        let negate = hex(address(ofFunction: ct_negate as ct_unary_i32))
        let twice = hex(address(ofFunction: ct_twice as ct_unary_i32))
        #expect(call.description == "fnptr(\(negate), nil, \(twice)) -> nil")
    }

    @Test func plainEnumShowsItsRawValue() throws {
        let call = try callOnce(ct_fn_color.self, named: "color") { ct_call_color($0, CT_COLOR_RED) }
        #expect(call.description
            == "color(ct_color(rawValue: 0), ct_color(rawValue: 100), ct_color(rawValue: 5)) -> ct_color(rawValue: 0)")
    }

    @Test func openEnumShowsItsRawValue() throws {
        let zero = try #require(ct_mode(rawValue: 0))
        let call = try callOnce(ct_fn_mode.self, named: "mode") { ct_call_mode($0, zero) }
        #expect(call.description == "mode(ct_mode(rawValue: -3), ct_mode(rawValue: 1000), ct_mode(rawValue: 77)) "
            + "-> ct_mode(rawValue: 0)")
    }

    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    @Test func everyScalarInOneLine() throws {
        let all = mockFunction(of: ct_fn_all_scalars.self, named: "all")
        ct_call_all_scalars(all)
        let call = try #require(invocations(of: all).first)
        let negate = hex(address(ofFunction: ct_negate as ct_unary_i32))
        #expect(call.description == "all(-128, 255, -32768, 65535, -2147483648, 4294967295, "
            + "-9223372036854775808, 18446744073709551615, -9223372036854775808, 18446744073709551615, "
            + "true, -1.5, -2.25, -3.125, \"all\", 0x0000123456789abc, \(negate), ct_color(rawValue: 100), "
            + "ct_mode(rawValue: -3), -7, 48879, true)")
    }
    #endif
}
