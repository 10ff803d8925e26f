import CImpostorTestSupport
import Impostor
import Testing

/// Every supported scalar C type arrives intact as an argument, and an unstubbed mock returns
/// its zero value to C. Each mock takes three values of one type (the C caller passes the
/// extremes and one pattern value, see CImpostorTestSupport.h) and returns that type.
@Suite struct ScalarArgumentTests {
    /// Calls the mock from C once, then checks the three recorded arguments and the zero return.
    private func check<F, T: Equatable & BitwiseCopyable>(
        _ type: F.Type, named name: String,
        caller: (F, T) -> Int32, arguments expected: [T],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let zero = zeroValue(of: T.self)
        let call = try callOnce(type, named: name, sourceLocation: sourceLocation) { caller($0, zero) }
        #expect(call.argumentCount == 3, sourceLocation: sourceLocation)
        let received = (0..<3).map { call.argument($0, as: T.self) }
        #expect(received == expected, sourceLocation: sourceLocation)
        #expect(call.returnValue(as: T.self) == zero, sourceLocation: sourceLocation)
    }

    @Test func int8() throws {
        try check(ct_fn_i8.self, named: "i8", caller: ct_call_i8, arguments: [.min, .max, -1])
    }

    @Test func uint8() throws {
        try check(ct_fn_u8.self, named: "u8", caller: ct_call_u8, arguments: [0, .max, 0x5A])
    }

    @Test func int16() throws {
        try check(ct_fn_i16.self, named: "i16", caller: ct_call_i16, arguments: [.min, .max, -2])
    }

    @Test func uint16() throws {
        try check(ct_fn_u16.self, named: "u16", caller: ct_call_u16, arguments: [0, .max, 0xA55A])
    }

    @Test func int32() throws {
        try check(ct_fn_i32.self, named: "i32", caller: ct_call_i32, arguments: [.min, .max, -3])
    }

    @Test func uint32() throws {
        try check(ct_fn_u32.self, named: "u32", caller: ct_call_u32, arguments: [0, .max, 0xDEAD_BEEF])
    }

    @Test func int64() throws {
        try check(ct_fn_i64.self, named: "i64", caller: ct_call_i64, arguments: [.min, .max, -4])
    }

    @Test func uint64() throws {
        try check(ct_fn_u64.self, named: "u64", caller: ct_call_u64, arguments: [0, .max, 0x0123_4567_89AB_CDEF])
    }

    @Test func long() throws {
        try check(ct_fn_long.self, named: "long", caller: ct_call_long, arguments: [Int.min, Int.max, -5])
    }

    @Test func unsignedLong() throws {
        try check(ct_fn_ulong.self, named: "ulong", caller: ct_call_ulong, arguments: [0, UInt.max, 0xFEED_FACE_CAFE_BEEF])
    }

    @Test func bool() throws {
        try check(ct_fn_bool.self, named: "bool", caller: ct_call_bool, arguments: [true, false, true])
    }

    @Test func float() throws {
        try check(ct_fn_float.self, named: "float", caller: ct_call_float,
                  arguments: [-1.5, .greatestFiniteMagnitude, .leastNonzeroMagnitude])
    }

    @Test func double() throws {
        try check(ct_fn_double.self, named: "double", caller: ct_call_double,
                  arguments: [-2.25, .greatestFiniteMagnitude, .leastNonzeroMagnitude])
    }

    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    @Test func longDouble() throws {
        try check(ct_fn_ldouble.self, named: "ldouble", caller: ct_call_ldouble,
                  arguments: [-3.125, .greatestFiniteMagnitude, .leastNonzeroMagnitude])
    }
    #endif

    @Test func voidPointer() throws {
        try check(ct_fn_ptr.self, named: "ptr", caller: ct_call_ptr,
                  arguments: [nil, address(0x0000_1234_5678_9ABC), address(.max)])
    }

    @Test func plainEnum() throws {
        try check(ct_fn_color.self, named: "color", caller: ct_call_color,
                  arguments: [CT_COLOR_RED, CT_COLOR_BLUE, CT_COLOR_GREEN])
    }

    @Test func openEnumWithNegativeAndUnnamedValues() throws {
        let expected = try [-3, 1000, 77].map { try #require(ct_mode(rawValue: $0)) }
        try check(ct_fn_mode.self, named: "mode", caller: ct_call_mode, arguments: expected)
        #expect(expected.map(\.rawValue) == [-3, 1000, 77])
    }

    @Test func cString() throws {
        let call = try callOnce(ct_fn_cstr.self, named: "cstr") { ct_call_cstr($0, nil) }
        #expect(call.cString(0) == "hello")
        #expect(call.cString(1) == "quote \" backslash \\ newline \n tab \t")
        #expect(call.cString(2) == nil)
        #expect(call.argument(0, as: UnsafePointer<CChar>?.self) != nil)
        #expect(call.argument(1, as: UnsafePointer<CChar>?.self) != nil)
        #expect(call.argument(2, as: UnsafePointer<CChar>?.self) == nil)
        #expect(call.returnValue(as: UnsafePointer<CChar>?.self) == nil)
    }

    @Test func cStringsAreSnapshottedAtCallTime() {
        let log = mockFunction(of: ct_fn_log.self, named: "log")
        ct_call_log_reusing_buffer(log)
        let calls = invocations(of: log)
        #expect(calls.count == 2)
        guard calls.count == 2 else { return }
        // The same buffer both times, overwritten between the calls and after them.
        #expect(calls[0].argument(0, as: UnsafePointer<CChar>?.self) == calls[1].argument(0, as: UnsafePointer<CChar>?.self))
        #expect(calls[0].cString(0) == "first")
        #expect(calls[1].cString(0) == "second!")
        #expect(calls[0].stamp < calls[1].stamp)
    }

    @Test func functionPointer() throws {
        let call = try callOnce(ct_fn_fnptr.self, named: "fnptr") { ct_call_fnptr($0, nil) }
        let negate = try #require(call.argument(0, as: ct_unary_i32?.self))
        let twice = try #require(call.argument(2, as: ct_unary_i32?.self))
        #expect(call.argument(1, as: ct_unary_i32?.self) == nil)
        #expect(negate(7) == -7)
        #expect(twice(7) == 14)
        #expect(address(ofFunction: negate) == address(ofFunction: ct_negate as ct_unary_i32))
        #expect(call.returnValue(as: ct_unary_i32?.self) == nil)
    }

    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    @Test func everyScalarInOneCallWithNarrowOnesOnTheStack() throws {
        let all = mockFunction(of: ct_fn_all_scalars.self, named: "all")
        ct_call_all_scalars(all)
        let calls = invocations(of: all)
        try #require(calls.count == 1)
        let call = calls[0]
        #expect(call.argumentCount == 22)
        #expect(call.argument(0, as: Int8.self) == .min)
        #expect(call.argument(1, as: UInt8.self) == .max)
        #expect(call.argument(2, as: Int16.self) == .min)
        #expect(call.argument(3, as: UInt16.self) == .max)
        #expect(call.argument(4, as: Int32.self) == .min)
        #expect(call.argument(5, as: UInt32.self) == .max)
        #expect(call.argument(6, as: Int64.self) == .min)
        #expect(call.argument(7, as: UInt64.self) == .max)
        #expect(call.argument(8, as: Int.self) == .min)
        #expect(call.argument(9, as: UInt.self) == .max)
        #expect(call.argument(10, as: Bool.self) == true)
        #expect(call.argument(11, as: Float.self) == -1.5)
        #expect(call.argument(12, as: Double.self) == -2.25)
        #expect(call.argument(13, as: Float80.self) == -3.125)
        #expect(call.cString(14) == "all")
        #expect(call.argument(15, as: UnsafeMutableRawPointer?.self) == address(0x0000_1234_5678_9ABC))
        let negate = try #require(call.argument(16, as: ct_unary_i32?.self))
        #expect(negate(-9) == 9)
        #expect(call.argument(17, as: ct_color.self) == CT_COLOR_BLUE)
        #expect(call.argument(18, as: ct_mode.self).rawValue == -3)
        #expect(call.argument(19, as: Int8.self) == -7)
        #expect(call.argument(20, as: UInt16.self) == 0xBEEF)
        #expect(call.argument(21, as: Bool.self) == true)
    }
    #endif

    @Test func callsFromSwiftAreRecordedToo() {
        let add = mockFunction(of: ct_fn_i32.self, named: "add3")
        #expect(add(1, -2, 3) == 0)
        #expect(add(.max, .min, 0) == 0)
        let calls = invocations(of: add)
        #expect(calls.count == 2)
        #expect(calls.map { $0.argument(0, as: Int32.self) } == [1, .max])
        #expect(calls.map { $0.argument(1, as: Int32.self) } == [-2, .min])
        #expect(calls.map { $0.argument(2, as: Int32.self) } == [3, 0])
        #expect(calls.allSatisfy { $0.thread == .current })
        #expect(calls.count == 2 && calls[0].stamp < calls[1].stamp)
    }
}
