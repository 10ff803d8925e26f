import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `clearInvocations` and `reset`, with the mocks called from C, also while C threads call them.
@Suite struct ClearingMockTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    /// A call is recorded before its answer runs, and its result written when the answer
    /// returns. A block that clears the mock's calls and calls the mock again leaves only that
    /// inner call, which took the outer one's place in the log: the outer call's result is not
    /// written over it. On both kinds of stub (the entry point's keys and the handler's).
    @Test(arguments: [false, true])
    func aBlockThatClearsItsMockLeavesTheCallsMadeAfterTheClearIntact(handler: Bool) {
        let add: Binary = mockFunction(named: "add")
        stub(add(handler ? matching { $0 < 10 } : any(), any())).with { (a: Int32, b: Int32) -> Int32 in
            if a == 1 {
                clearInvocations(add)
                #expect(ct_call_binary_i32(add, 2, 2) == 4)
            }
            return a + b
        }
        stub(add(5, 5)).with { 55 }
        #expect(ct_call_binary_i32(add, 1, 1) == 2)
        let calls = invocations(of: add)
        #expect(calls.map(\.description) == ["add(2, 2) -> 4"])
        #expect(ct_call_binary_i32(add, 5, 5) == 55)
        #expect(invocations(of: add).map(\.description) == ["add(2, 2) -> 4", "add(5, 5) -> 55"])
    }

    @Test func clearInvocationsForgetsCallsButKeepsStubs() {
        let add: Binary = mockFunction(named: "add")
        stub(add(any(), 5)).with { 10 }
        #expect(ct_call_binary_i32(add, 1, 5) == 10)
        #expect(ct_call_binary_i32(add, 2, 6) == 0)

        clearInvocations(add)

        #expect(invocations(of: add).isEmpty)
        verifyZeroInvocations(add)
        #expect(ct_call_binary_i32(add, 3, 5) == 10)
        #expect(invocations(of: add).map(\.description) == ["add(3, 5) -> 10"])
        verify(.once, add(any(), 5))
        verifyNoMoreInvocations(add)
    }

    @Test func resetForgetsStubsAndCalls() {
        let add: Binary = mockFunction(named: "add")
        stub(add(1, any())).with { 1 }
        stub(add(2, any())).with { 2 }
        #expect(ct_call_binary_i32(add, 1, 0) == 1)
        #expect(ct_call_binary_i32(add, 2, 0) == 2)

        reset(add)

        #expect(invocations(of: add).isEmpty)
        #expect(ct_call_binary_i32(add, 1, 0) == 0)
        #expect(ct_call_binary_i32(add, 2, 0) == 0)
        // A stub made after the reset answers; the forgotten ones stay forgotten.
        stub(add(2, any())).with { 3 }
        #expect(ct_call_binary_i32(add, 1, 0) == 0)
        #expect(ct_call_binary_i32(add, 2, 0) == 3)
        #expect(invocations(of: add).map(\.description) == ["add(1, 0) -> 0", "add(2, 0) -> 0", "add(1, 0) -> 0", "add(2, 0) -> 3"])
        // Resetting again forgets the new stub too.
        reset(add)
        #expect(ct_call_binary_i32(add, 2, 0) == 0)
    }

    @Test func bothTakeSeveralMocksOfDifferentTypes() {
        let add: Binary = mockFunction(named: "add")
        let event: cv_event_fn = mockFunction(named: "event")
        stub(add(any(), any())).with { 4 }
        #expect(cv_call_binary(add, 1, 2) == 4)
        cv_call_later(event, 1, nil, 1, 0).map(cv_join)

        clearInvocations(add, event)
        verifyZeroInvocations(add, event)
        #expect(cv_call_binary(add, 1, 2) == 4)

        reset(event, add)
        verifyZeroInvocations(add, event)
        #expect(cv_call_binary(add, 1, 2) == 0)
    }

    @Test func somethingThatIsNotAMockIsReportedAtTheLine() {
        let add: Binary = mockFunction(named: "add")
        let real: Binary = { a, b in a &+ b }
        stub(add(any(), any())).with { 4 }
        _ = ct_call_binary_i32(add, 1, 2)
        let line = #line + 1
        let failures = captureFailures { reset(add, real) }
        #expect(failures.map(\.message) == [
            "@convention(c) (Int32, Int32) -> Int32 is not a mock made by Impostor: pass the function pointer mockFunction returned."
        ])
        #expect(failures.map(\.site.line) == [line])
        // The mock beside it was reset all the same.
        #expect(ct_call_binary_i32(add, 1, 2) == 0)
        #expect(invocations(of: add).count == 1)
    }

    @Test func aReleasedMockIsReported() {
        let add = Mockery().mock(of: Binary.self, named: "gone")
        let line = #line + 1
        let failures = captureFailures { clearInvocations(add) }
        #expect(failures.map(\.message) == ["Mock gone was released with its Mockery; its calls are gone."])
        #expect(failures.map(\.site.line) == [line])
    }

    @Test func failuresRaisedByEarlierCallsAreReportedNotForgotten() {
        // A Mockery of its own, so only clearing the mock can bring its failures to this thread.
        let context = Mockery("clearing")
        let event = context.mock(of: cv_event_fn.self, named: "event")
        stub(event(any(), any())).with { (call: Invocation) in _ = call.argument(2, as: Int32.self) }
        cv_call_later(event, 1, nil, 1, 0).map(cv_join)   // the failure waits: no test on that thread

        let failures = captureFailures { clearInvocations(event) }
        #expect(failures.map(\.message) == ["Cannot read argument 2 of a call to event: it takes 2 arguments (indices 0..<2)."])
    }

    /// The example in the Verifying article.
    @Test func theArticlesExample() {
        let add: Binary = mockFunction(named: "add")
        let onEvent: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = mockFunction(named: "onEvent")
        onEvent(1, nil)
        stub(add(any(), 5)).with { 10 }
        #expect(ct_call_binary_i32(add, 1, 5) == 10)
        clearInvocations(add)
        verifyZeroInvocations(add)
        #expect(ct_call_binary_i32(add, 2, 5) == 10)
        reset(add, onEvent)
        #expect(ct_call_binary_i32(add, 3, 5) == 0)
        verifyZeroInvocations(onEvent)
    }

    /// Four C threads call the mock without pause while the test resets it.
    @Test func resetWhileFourCThreadsCallTheMock() throws {
        let pair: cc_pair_fn = mockFunction(named: "pair")
        stub(pair(any(), any())).with { 7 }
        let run = try #require(cc_start(pair, 4, 7))
        while cc_calls(run) < 2_000 { usleep(100) }

        let before = cc_calls(run)
        reset(pair)
        let after = cc_calls(run)
        while cc_calls(run) < after + 2_000 { usleep(100) }
        let tally = cc_stop(run)

        // Calls that returned before the reset began were answered by the stub; calls that
        // began after it returned were not. At most one call per thread was in progress.
        #expect(tally.others == 0)
        #expect(tally.answered >= before)
        #expect(tally.zeros >= tally.calls - after - 4)
        #expect(tally.answered_after_zero == 0)
        // The calls recorded are those made since, give or take the ones in progress.
        let recorded = Int64(invocations(of: pair).count)
        #expect(recorded >= tally.calls - after - 4)
        #expect(recorded <= tally.calls - before)
        // The mock works as a new one would.
        stub(pair(any(), 2)).with { 9 }
        #expect(ct_call_binary_i32(pair, 1, 2) == 9)
        #expect(ct_call_binary_i32(pair, 1, 3) == 0)
    }

    /// `clearInvocations` and `reset` take Swift mocks too: `clearInvocations` forgets the
    /// calls and keeps the stubs; `reset` forgets every member's stubs (one stubbed but never
    /// called included) and registered result, as well as the calls, and later stubs answer.
    @Test(.mockery) func swiftMocksAreClearedAndResetToo() throws {
        let gauge = MockGauge()
        stub(gauge.levelRef, any(), any(), any()).returning(5)
        stub(gauge.readRef, any()).returning(9)  // not called before the reset
        #expect(gauge.level(1, 2, true) == 5)
        clearInvocations(gauge)
        #expect(gauge.calls(to: gauge.levelRef).isEmpty)
        #expect(gauge.level(1, 2, true) == 5)
        gauge.registerResult(for: gauge.levelRef) { _, _, _ in 7 }
        Impostor.reset(gauge)
        #expect(gauge.calls(to: gauge.levelRef).isEmpty)
        #expect(gauge.level(1, 2, true) == 0)
        #expect(try gauge.read("a") == nil)
        stub(gauge.levelRef, any(), any(), any()).returning(6)
        #expect(gauge.level(1, 2, true) == 6)
        verify(.times(2), gauge.levelRef, any(), any(), any())
    }

    /// After `reset`, a call no newer stub answers gets the default value on the typed entry
    /// point too, not the result registered before the reset: a stub made since (for other
    /// arguments) sends the member's calls past the default path, to the stubs and then to
    /// whatever result is registered.
    @Test(.mockery) func aResetMembersRegisteredResultNoLongerAnswersTypedCalls() {
        let gauge = MockGauge()
        gauge.registerResult(for: gauge.levelRef) { _, _, _ in 7 }
        #expect(gauge.level(1, 2, true) == 7)
        Impostor.reset(gauge)
        stub(gauge.levelRef, eq(9), any(), any()).returning(90)
        #expect(gauge.level(9, 2, true) == 90)
        #expect(gauge.level(1, 2, true) == 0)
        #expect(gauge.calls(to: gauge.levelRef).map { $0.returnValue(as: Int.self) } == [90, 0])
        gauge.registerResult(for: gauge.levelRef) { _, _, _ in 8 }
        #expect(gauge.level(1, 2, true) == 8)
    }
}
