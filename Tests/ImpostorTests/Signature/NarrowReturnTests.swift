import CImpostorTestSupport
import Impostor
import Testing

/// Integer results narrower than 64 bits (and `_Bool`) come back to C as the right value; the
/// C side widens the result to 64 bits before comparing it.
@Suite struct NarrowReturnTests {
    private func check<F, T: Equatable & BitwiseCopyable>(
        _ type: F.Type, named name: String, caller: (F, T) -> Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let zero = zeroValue(of: T.self)
        let call = try callOnce(type, named: name, sourceLocation: sourceLocation) { caller($0, zero) }
        #expect(call.argumentCount == 0, sourceLocation: sourceLocation)
        #expect(call.returnValue(as: T.self) == zero, sourceLocation: sourceLocation)
    }

    @Test func int8() throws { try check(ct_ret_i8.self, named: "ret_i8", caller: ct_check_ret_i8) }
    @Test func uint8() throws { try check(ct_ret_u8.self, named: "ret_u8", caller: ct_check_ret_u8) }
    @Test func int16() throws { try check(ct_ret_i16.self, named: "ret_i16", caller: ct_check_ret_i16) }
    @Test func uint16() throws { try check(ct_ret_u16.self, named: "ret_u16", caller: ct_check_ret_u16) }
    @Test func int32() throws { try check(ct_ret_i32.self, named: "ret_i32", caller: ct_check_ret_i32) }
    @Test func uint32() throws { try check(ct_ret_u32.self, named: "ret_u32", caller: ct_check_ret_u32) }
    @Test func bool() throws { try check(ct_ret_bool.self, named: "ret_bool", caller: ct_check_ret_bool) }

    /// The C check can fail: a caller expecting a non-zero value from an unstubbed mock does.
    @Test func theCCheckNoticesAWrongValue() {
        #expect(ct_check_ret_i8(mockFunction(named: "ret_i8_minus_one"), -1) == 0)
        #expect(ct_check_ret_u16(mockFunction(named: "ret_u16_ffff"), 0xFFFF) == 0)
        #expect(ct_check_ret_bool(mockFunction(named: "ret_true"), true) == 0)
    }
}
