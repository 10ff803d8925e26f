import CImpostorTestSupport
import Impostor
import Testing

// The forms of stub(...) and the answers a stub can give, all observed by C callers.

@Suite("Stub forms and answers")
struct StubFormTests {
    let add = mockFunction(of: cs_fn_add.self, named: "add")
    let mul = mockFunction(of: cs_fn_add.self, named: "mul")
    let next = mockFunction(of: cs_fn_next.self, named: "next")

    // MARK: Which stub answers

    @Test func anUnstubbedOrUnmatchedCallReturnsZero() {
        #expect(cs_call_add(add, 1, 2) == 0)
        stub(add(1, 2)).with { 3 }
        #expect(cs_call_add(add, 1, 2) == 3)
        #expect(cs_call_add(add, 2, 2) == 0)
        // Stubbing one mock leaves another of the same type alone.
        #expect(cs_call_add(mul, 1, 2) == 0)
    }

    @Test func newestMatchingStubWins() {
        stub(add(any(), any())).with { 1 }
        stub(add(1, any())).with { 2 }
        #expect(cs_call_add(add, 1, 5) == 2)
        #expect(cs_call_add(add, 2, 5) == 1)
        // Restubbing the same call replaces its answer.
        stub(add(1, any())).with { 3 }
        #expect(cs_call_add(add, 1, 5) == 3)
        // An older, narrower stub stays hidden behind a newer, broader one.
        stub(add(any(), any())).with { 4 }
        #expect(cs_call_add(add, 1, 5) == 4)
        #expect(cs_call_add(add, 2, 5) == 4)
    }

    // MARK: Block forms

    @Test func blockWithoutArguments() {
        stub(add(1, 2)).with { 42 }
        #expect(cs_call_add(add, 1, 2) == 42)
    }

    @Test func blockWithTypedArguments() {
        stub(add(anyInt(), 5)).with { (a: Int32, b: Int32) in a * b }
        #expect(cs_call_add(add, 3, 5) == 15)
        #expect(cs_call_add(add, -4, 5) == -20)
    }

    @Test func blockWithTheWholeInvocation() {
        var seen: [Invocation] = []
        stub(add(any(), any())).with { (call: Invocation) -> Int32 in
            seen.append(call)
            return call.argument(0, as: Int32.self) - call.argument(1, as: Int32.self)
        }
        #expect(cs_call_add(add, 10, 3) == 7)
        #expect(cs_call_add(add, 1, 3) == -2)
        #expect(seen.count == 2)
        #expect(seen.first?.mockName == "add")
        #expect(seen.first?.argumentCount == 2)
        #expect(seen.first?.formattedArguments == ["10", "3"])
        #expect(seen.first?.thread == CallingThread.current)
        #expect(seen[0].stamp < seen[1].stamp)
        // The calls are recorded as usual, with what the block returned.
        #expect(invocations(of: add).map { $0.returnValue(as: Int32.self) } == [7, -2])
    }

    @Test func theInvocationFormReadsCStringsAsTheyWereAtCallTime() {
        let lookup = mockFunction(of: cs_fn_lookup.self, named: "lookup", capturing: [0: .cString])
        stub(lookup(any(), any())).with { (call: Invocation) -> Int32 in
            call.cString(0) == "swordfish" ? 1 : -1
        }
        #expect(cLookup(lookup, "swordfish") == 1)
        #expect(cLookup(lookup, "trout") == -1)
    }

    @Test func blocksGetStructsAndPointersAsCPassedThem() {
        let plot = mockFunction(of: cs_fn_plot.self, named: "plot")
        stub(plot(any(), any())).with { (at: cs_point, sample: cs_sample) in
            at.x * 100 + at.y * 10 + Int32(sample.tag) + Int32(sample.value)
        }
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 2), 3, 4.75, 0xFF) == 127)
    }

    // MARK: Several prototypes

    @Test func severalPrototypesShareOneAnswer() {
        stub(add(1, 2), add(2, 1)).with { 3 }
        #expect(cs_call_add(add, 1, 2) == 3)
        #expect(cs_call_add(add, 2, 1) == 3)
        #expect(cs_call_add(add, 1, 1) == 0)
    }

    @Test func threePrototypesOfTwoMocks() {
        stub(add(1, 1), mul(gt(10), 2), add(any(), 9)).with { (a: Int32, b: Int32) in a + b }
        #expect(cs_call_add(add, 1, 1) == 2)
        #expect(cs_call_add(mul, 11, 2) == 13)
        #expect(cs_call_add(add, 5, 9) == 14)
        #expect(cs_call_add(mul, 1, 1) == 0)
        #expect(cs_call_add(add, 5, 8) == 0)
    }

    @Test func groupedPrototypes() {
        stub {
            add(1, 1)
            mul(2, anyInt())
            next()
        }.with { 9 }
        #expect(cs_call_add(add, 1, 1) == 9)
        #expect(cs_call_add(mul, 2, 100) == 9)
        #expect(cs_call_next(next) == 9)
        #expect(cs_call_add(add, 2, 2) == 0)
        #expect(cs_call_add(mul, 3, 100) == 0)
    }

    @Test func aGroupConvertsNumberLiteralsToEachMocksResultType() {
        let scale = mockFunction(of: cs_fn_scale.self, named: "scale")
        let byte = mockFunction(of: cs_fn_byte.self, named: "byte")
        stub {
            add(1, 1)
            scale(any(), any())
            byte()
        }.with { 2 }
        #expect(cs_call_add(add, 1, 1) == 2)
        #expect(cs_call_scale(scale, 7, 7) == 2.0)
        #expect(cs_call_byte(byte) == 2)

        stub { scale(0, 0) }.with { -0.5 }
        #expect(cs_call_scale(scale, 0, 0) == -0.5)
    }

    @Test func aGroupReturningValuesInTurn() {
        stub { add(1, 1); mul(1, 1) }.returning(1, 2, 3)
        #expect(cRepeatedResults(add, 1, 1, count: 4) == [1, 2, 3, 3])
        #expect(cRepeatedResults(mul, 1, 1, count: 4) == [1, 2, 3, 3])
    }

    @Test func aGroupWithConsecutiveBlocks() {
        stub { add(1, 1); next() }.with { 1 }.then { 2 }.thenReturning(3)
        #expect(cRepeatedResults(add, 1, 1, count: 4) == [1, 2, 3, 3])
        #expect((0..<4).map { _ in cs_call_next(next) } == [1, 2, 3, 3])
    }

    @Test func aGroupConvertsTheLiteralsOfLaterAnswersToo() {
        let scale = mockFunction(of: cs_fn_scale.self, named: "scale")
        stub { scale(1, 1) }.with { 1 }.then { 2 }.thenReturning(3)
        #expect(cs_call_scale(scale, 1, 1) == 1.0)
        #expect(cs_call_scale(scale, 1, 1) == 2.0)
        #expect(cs_call_scale(scale, 1, 1) == 3.0)
    }

    // MARK: Consecutive answers

    @Test func returningGivesValuesInTurnAndRepeatsTheLast() {
        stub(add(any(), any())).returning(1, 2, 3)
        #expect(cRepeatedResults(add, 0, 0, count: 5) == [1, 2, 3, 3, 3])
    }

    @Test func returningOneValue() {
        stub(add(1, 1)).returning(11)
        #expect(cRepeatedResults(add, 1, 1, count: 3) == [11, 11, 11])
    }

    @Test func withThenThenReturning() {
        stub(next()).with { 1 }.then { 2 }.thenReturning(3, 4)
        #expect((0..<6).map { _ in cs_call_next(next) } == [1, 2, 3, 4, 4, 4])
    }

    @Test func thenWithTypedArguments() {
        stub(add(any(), any())).with { (a: Int32, b: Int32) in a + b }.then { (a: Int32, b: Int32) in a * b }
        #expect(cRepeatedResults(add, 3, 4, count: 3) == [7, 12, 12])
    }

    @Test func returningThenMore() {
        stub(add(any(), any())).returning(1, 2).then { -1 }.thenReturning(5)
        #expect(cRepeatedResults(add, 0, 0, count: 6) == [1, 2, -1, 5, 5, 5])
    }

    @Test func onlyMatchingCallsUseUpAnswers() {
        stub(add(1, any())).returning(10, 20, 30)
        #expect(cs_call_add(add, 1, 0) == 10)
        #expect(cs_call_add(add, 2, 0) == 0)
        #expect(cs_call_add(add, 1, 0) == 20)
        // A newer stub answering some calls does not use up the older stub's answers.
        stub(add(1, 5)).with { -5 }
        #expect(cs_call_add(add, 1, 5) == -5)
        #expect(cs_call_add(add, 1, 0) == 30)
        #expect(cs_call_add(add, 1, 0) == 30)
    }

    @Test func eachPrototypeCountsItsOwnCalls() {
        stub(add(1, 1), add(2, 2)).returning(10, 20)
        #expect(cs_call_add(add, 1, 1) == 10)
        #expect(cs_call_add(add, 2, 2) == 10)
        #expect(cs_call_add(add, 1, 1) == 20)
        #expect(cs_call_add(add, 2, 2) == 20)
    }

    // MARK: Out-parameters and side effects

    @Test func aBlockWritesThroughAnOutParameter() {
        let fetch = mockFunction(of: cs_fn_fetch.self, named: "fetch")
        stub(fetch(gt(0), isNotNil())).with { (key: Int32, out: UnsafeMutablePointer<Int32>?) in
            out?.pointee = key * 6
            return 1
        }
        var value: Int32 = 0
        #expect(cs_call_fetch(fetch, 7, &value) == 1)
        #expect(value == 42)
        // Unmatched: the C caller's local keeps the -1 it started with.
        #expect(cs_call_fetch(fetch, -7, &value) == 0)
        #expect(value == -1)
    }

    @Test func aBlockFillsACallersBuffer() {
        let readName = mockFunction(of: cs_fn_read_name.self, named: "readName")
        stub(readName(isNotNil(), ge(6))).with { (buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int in
            let name = Array("hello".utf8CString)
            guard let buffer, name.count <= capacity else { return 0 }
            buffer.update(from: name, count: name.count)
            return name.count - 1
        }
        #expect(cs_check_read_name(readName, "hello") == 1)
    }

    @Test func aVoidMockWithASideEffect() {
        let notify = mockFunction(of: cs_fn_notify.self, named: "notify")
        var received: [Int32] = []
        stub(notify(gt(2))).with { (event: Int32) in received.append(event) }
        cs_notify_range(notify, 0, 6)
        #expect(received == [3, 4, 5])
        #expect(invocations(of: notify).count == 6)
    }

    @Test func aVoidMockWithConsecutiveBlocks() {
        let notify = mockFunction(of: cs_fn_notify.self, named: "notify")
        var log: [String] = []
        stub(notify(any())).with { log.append("first") }.then { (event: Int32) in log.append("then \(event)") }
        cs_notify_range(notify, 10, 3)
        #expect(log == ["first", "then 11", "then 12"])
    }

    @Test func aBoolResult() {
        let ready = mockFunction(of: cs_fn_ready.self, named: "ready")
        #expect(cs_call_ready(ready) == false)
        stub(ready()).returning(true, false)
        #expect(cs_call_ready(ready) == true)
        #expect(cs_call_ready(ready) == false)
    }

    @Test func aDoubleResult() {
        let scale = mockFunction(of: cs_fn_scale.self, named: "scale")
        stub(scale(any(), any())).with { (value: Double, factor: Float) in value * Double(factor) }
        #expect(cs_call_scale(scale, -2.5, 4) == -10)
    }

    // MARK: Stubs and other threads

    @Test func aStubAnswersCallsFromAnotherThread() async {
        stub(add(any(), 1)).with { (a: Int32, _: Int32) in a + 1 }
        let add = self.add
        let result = await Task.detached { cs_call_add(add, 41, 1) }.value
        #expect(result == 42)
    }
}
