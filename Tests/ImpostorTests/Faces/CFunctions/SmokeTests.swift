import Testing
import Impostor
import CImpostorTestSupport

@Test func smoke() {
    let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
    #expect(ct_call_binary_i32(add, 3, 4) == 0)
    #expect(add(5, -6) == 0)
    let calls = invocations(of: add)
    #expect(calls.count == 2)
    #expect(calls[0].argument(0, as: Int32.self) == 3)
    #expect(calls[1].argument(1, as: Int32.self) == -6)
    #expect(calls[0].description == "add(3, 4) -> 0")
}
