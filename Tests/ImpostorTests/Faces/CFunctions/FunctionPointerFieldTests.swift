import CImpostorTestSupport
import Impostor
import Testing

/// Mocks assigned to the function pointer fields of a C struct (an Optional function type in
/// Swift), called by C through the struct.
@Suite struct FunctionPointerFieldTests {
    @Test func vtableOfMocks() throws {
        var ops = ct_ops()
        ops.read = mockFunction(named: "read")
        ops.close = mockFunction(named: "close")
        let context = address(0xC0FFEE)
        #expect(ct_use_ops(&ops, context, 0) == 1)

        let reads = invocations(of: ops.read)
        let closes = invocations(of: ops.close)
        try #require(reads.count == 1 && closes.count == 1)
        #expect(reads[0].argument(0, as: UnsafeMutableRawPointer?.self) == context)
        #expect(reads[0].argument(1, as: Int32.self) == 5)
        #expect(closes[0].argument(0, as: UnsafeMutableRawPointer?.self) == context)
        #expect(reads[0].stamp < closes[0].stamp)
        #expect(reads[0].description == "read(0x0000000000c0ffee, 5) -> 0")
        #expect(closes[0].description == "close(0x0000000000c0ffee)")
    }
}
