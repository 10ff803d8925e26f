import CImpostorTestSupport
import Impostor
import Testing

/// Long signatures and arguments that spill to the stack arrive intact: once the six integer
/// or eight SSE registers are used up, and when a two-register struct no longer fits in the
/// registers left (it goes on the stack while later scalars still take registers).
@Suite struct ManyArgumentsTests {
    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    @Test func twentyFourParametersMixingScalarsPointersAndStructs() throws {
        var expected = ct_nest3()
        let call = try callOnce(ct_fn_many.self, named: "many") { ct_call_many($0, &expected) }
        #expect(call.argumentCount == 24)

        #expect(call.argument(0, as: Int32.self) == -1)
        #expect(call.argument(1, as: Double.self) == 1.5)
        #expect(call.argument(2, as: Float.self) == -2.5)
        #expect(call.cString(3) == "many")
        let intFloat = call.argument(4, as: ct_int_float.self)
        #expect(intFloat.i == -42)
        #expect(intFloat.f == 3.5)
        #expect(call.argument(5, as: Int64.self) == .min)
        let long3 = call.argument(6, as: ct_long3.self)
        #expect([long3.a, long3.b, long3.c] == [1, -2, 0x7EDC_BA98_7654_3210])
        #expect(call.argument(7, as: UnsafeMutableRawPointer?.self) == address(0x1000))
        #expect(call.argument(8, as: Double.self) == -8.25)
        #expect(call.argument(9, as: UInt8.self) == 200)
        let float3 = call.argument(10, as: ct_float3.self)
        #expect([float3.x, float3.y, float3.z] == [1.5, 2.5, -3.5])
        #expect(call.argument(11, as: Int16.self) == -1234)
        #expect(call.argument(12, as: Float.self) == 12.125)
        let doubleInt = call.argument(13, as: ct_double_int.self)
        #expect(doubleInt.d == 6.125)
        #expect(doubleInt.i == -7)
        #expect(call.argument(14, as: Bool.self) == true)
        #expect(call.argument(15, as: UInt64.self) == .max)
        #expect(call.argument(16, as: Double.self) == 16.5)
        let big = call.argument(17, as: ct_big64.self)
        #expect(elements(of: big.d, as: Double.self) == [1.5, -2.5, 3.5, -4.5])
        #expect(elements(of: big.l, as: Int64.self) == [10, -20, 30])
        #expect(big.i == -40)
        #expect(big.f == 50.5)
        #expect(call.argument(18, as: Int8.self) == -18)
        #expect(call.argument(19, as: Float.self) == 19.75)
        let double2 = call.argument(20, as: ct_double2.self)
        #expect(double2.x == -0.5)
        #expect(double2.y == 1e-300)
        #expect(call.argument(21, as: Float80.self) == -21.5)
        #expect(call.argument(22, as: UInt32.self) == 0xDEAD_BEEF)
        let char3 = call.argument(23, as: ct_char3.self)
        #expect([char3.a, char3.b, char3.c] == [1, -2, 127])

        let result = call.returnValue(as: ct_nest3.self)
        #expect(result.mid.inner.x == 0 && result.mid.inner.y == 0 && result.mid.d == 0 && result.tag == 0)
    }
    #endif

    @Test func structsAfterAllRegistersAreUsedUp() throws {
        var expected = ct_double_int()
        let call = try callOnce(ct_fn_spill_all.self, named: "spill_all") { ct_call_spill_all($0, &expected) }
        #expect(call.argumentCount == 18)
        #expect((0..<6).map { call.argument($0, as: Int64.self) } == [-1, 2, -3, 4, -5, 6])
        #expect((6..<14).map { call.argument($0, as: Double.self) } == [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5])
        let intFloat = call.argument(14, as: ct_int_float.self)
        #expect(intFloat.i == -42)
        #expect(intFloat.f == 3.5)
        let doubleInt = call.argument(15, as: ct_double_int.self)
        #expect(doubleInt.d == 6.125)
        #expect(doubleInt.i == -7)
        let float2 = call.argument(16, as: ct_float2.self)
        #expect(float2.x == 1.25)
        #expect(float2.y == -2.5)
        #expect(call.argument(17, as: Int32.self) == 77)
        let result = call.returnValue(as: ct_double_int.self)
        #expect(result.d == 0 && result.i == 0)
    }

    @Test func twoRegisterStructWhenOneIntegerRegisterIsLeft() throws {
        var expected = ct_ptr_int()
        let call = try callOnce(ct_fn_spill_int_registers.self, named: "spill_int") {
            ct_call_spill_int_registers($0, &expected)
        }
        #expect(call.argumentCount == 8)
        #expect((0..<5).map { call.argument($0, as: Int64.self) } == [10, 20, 30, 40, 50])
        let pointerInt = call.argument(5, as: ct_ptr_int.self)
        #expect(pointerInt.p == address(0x0000_7F00_1234_5678))
        #expect(pointerInt.i == 99)
        #expect(call.argument(6, as: Int32.self) == -60)
        #expect(call.argument(7, as: Double.self) == 0.25)
        let result = call.returnValue(as: ct_ptr_int.self)
        #expect(result.p == nil && result.i == 0)
    }

    @Test func twoRegisterStructWhenOneSSERegisterIsLeft() throws {
        var expected = ct_float_double()
        let call = try callOnce(ct_fn_spill_sse_registers.self, named: "spill_sse") {
            ct_call_spill_sse_registers($0, &expected)
        }
        #expect(call.argumentCount == 10)
        #expect((0..<7).map { call.argument($0, as: Double.self) } == [1, 2, 3, 4, 5, 6, 7])
        let floatDouble = call.argument(7, as: ct_float_double.self)
        #expect(floatDouble.f == 0.75)
        #expect(floatDouble.d == -1e300)
        #expect(call.argument(8, as: Float.self) == -8.5)
        #expect(call.argument(9, as: Int32.self) == 9)
        let result = call.returnValue(as: ct_float_double.self)
        #expect(result.f == 0 && result.d == 0)
    }
}
