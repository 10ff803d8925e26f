import CImpostorTestSupport
import Impostor
import Testing

/// Each cardinality at, below and above its bounds, with calls made from C.
@Suite struct CardinalityTests {
    /// Declares one expectation on `add`, makes `calls` calls of add(1, 2) from C, and returns
    /// what C saw and the failures.
    private func run(calls: Int32, _ declare: @escaping (Binary) -> Void) -> (results: [Int32], failures: [String]) {
        var results: [Int32] = []
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking { declare(add) }
            results = cRepeatedResults(add, 1, 2, count: calls)
        }
        return (results, failures.messages)
    }

    private func unexpected(_ failures: [String]) -> Bool {
        // Reported once, as it is made: the check at the end does not repeat it.
        failures.count == 1 && failures[0].hasPrefix("Unexpected call: add(1, 2)")
    }

    @Test func oneOfAtBelowAndAboveItsBound() {
        let declare: (Binary) -> Void = { add in Impostor.oneOf(add(1, 2)).will(returnValue(7)) }
        let below = run(calls: 0, declare)
        #expect(below.failures == ["Expected add to receive add(1, 2) exactly once but received it 0 times."])
        let at = run(calls: 1, declare)
        #expect(at.failures.isEmpty)
        #expect(at.results == [7])
        let above = run(calls: 2, declare)
        #expect(above.results == [7, 0])
        #expect(unexpected(above.failures))
        #expect(above.failures.first?.contains("expected once, already invoked 1 time: add(1, 2) -> 7") == true)
    }

    @Test func exactlyAtBelowAndAboveItsBound() {
        let declare: (Binary) -> Void = { add in Impostor.exactly(2).of(add(1, 2)).will(returnValue(7)) }
        #expect(run(calls: 1, declare).failures == ["Expected add to receive add(1, 2) exactly 2 times but received it 1 time."])
        #expect(run(calls: 2, declare) == ([7, 7], []))
        let above = run(calls: 3, declare)
        #expect(above.results == [7, 7, 0])
        #expect(unexpected(above.failures))
        #expect(above.failures.first?.contains("matches, but it was expected exactly 2 times and already invoked 2 times") == true)
    }

    @Test func atLeastBelowAtAndFarAbove() {
        let declare: (Binary) -> Void = { add in Impostor.atLeast(2).of(add(1, 2)).will(returnValue(7)) }
        #expect(run(calls: 1, declare).failures == ["Expected add to receive add(1, 2) at least 2 times but received it 1 time."])
        #expect(run(calls: 2, declare) == ([7, 7], []))
        #expect(run(calls: 9, declare) == ([Int32](repeating: 7, count: 9), []))
    }

    @Test func atMostNoneAtAndAbove() {
        let declare: (Binary) -> Void = { add in Impostor.atMost(2).of(add(1, 2)).will(returnValue(7)) }
        #expect(run(calls: 0, declare) == ([], []))
        #expect(run(calls: 2, declare) == ([7, 7], []))
        let above = run(calls: 3, declare)
        #expect(above.results == [7, 7, 0])
        #expect(unexpected(above.failures))
        #expect(above.failures.first?.contains("expected at most 2 times, already invoked 2 times: add(1, 2) -> 7") == true)
    }

    @Test func betweenBelowWithinAndAbove() {
        let declare: (Binary) -> Void = { add in Impostor.between(2...3).of(add(1, 2)).will(returnValue(7)) }
        #expect(run(calls: 1, declare).failures == ["Expected add to receive add(1, 2) between 2 and 3 times but received it 1 time."])
        #expect(run(calls: 2, declare) == ([7, 7], []))
        #expect(run(calls: 3, declare) == ([7, 7, 7], []))
        let above = run(calls: 4, declare)
        #expect(above.results == [7, 7, 7, 0])
        #expect(unexpected(above.failures))
    }

    @Test func allowingAcceptsNoneAndAnyNumber() {
        let declare: (Binary) -> Void = { add in Impostor.allowing(add(1, any())).will(returnValue(7)) }
        #expect(run(calls: 0, declare) == ([], []))
        #expect(run(calls: 12, declare) == ([Int32](repeating: 7, count: 12), []))
    }

    @Test func neverFailsAtTheFirstCall() {
        let declare: (Binary) -> Void = { add in Impostor.never(add(1, 2)) }
        #expect(run(calls: 0, declare) == ([], []))
        let above = run(calls: 1, declare)
        #expect(above.results == [0])
        #expect(unexpected(above.failures))
        #expect(above.failures.first?.contains("forbidden: add(1, 2)") == true)
        #expect(above.failures.first?.contains("matches, but it must never happen") == true)
    }

    @Test func neverBeforeABroaderAllowingStillForbidsButAfterItDoesNot() {
        let before = run(calls: 1) { add in
            Impostor.never(add(1, 2))
            Impostor.allowing(add(any(), any())).will(returnValue(5))
        }
        #expect(unexpected(before.failures))
        let after = run(calls: 1) { add in
            Impostor.allowing(add(any(), any())).will(returnValue(5))
            Impostor.never(add(1, 2))
        }
        #expect(after == ([5], []))
    }

    @Test func ignoringAMockTakesEveryCallAndReturnsZero() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            let logger: Binary = context.mock(named: "logger")
            context.checking {
                ignoring(logger)
                oneOf(add(1, 2)).will(returnValue(3))
            }
            #expect(cRepeatedResults(logger, 4, 5, count: 3) == [0, 0, 0])
            #expect(cs_call_add(add, 1, 2) == 3)
            #expect(invocations(of: logger).count == 3)
        }
        #expect(failures.isEmpty)
    }

    @Test func ignoringACallPatternTakesOnlyThoseCalls() {
        let failures = expectationFailures { context in
            let logger: Binary = context.mock(named: "logger")
            context.checking { ignoring(logger(any(), 0)) }
            #expect(cs_call_add(logger, 9, 0) == 0)
            #expect(cs_call_add(logger, 9, 1) == 0)
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Unexpected call: logger(9, 1)") == true)
        #expect(failures.first?.message.contains("ignored, already invoked 1 time: logger(any(), 0)") == true)
    }

    @Test func expectationsComeFirstThenTheNewestStubThenUnexpected() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            stub(add(any(), any())).with { (a: Int32, b: Int32) in a + b }
            stub(add(5, any())).with { 50 }
            context.checking { oneOf(add(1, 2)).will(returnValue(-3)) }
            #expect(cs_call_add(add, 1, 2) == -3)   // the expectation
            #expect(cs_call_add(add, 1, 2) == 3)    // saturated: the stub
            #expect(cs_call_add(add, 5, 2) == 50)   // the newest matching stub
        }
        #expect(failures.isEmpty)
    }

    @Test func laterCheckingBlocksAddToEarlierOnes() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking { oneOf(add(1, 2)).will(returnValue(3)) }
            context.checking { oneOf(add(1, 2)).will(returnValue(4)) }
            #expect(cRepeatedResults(add, 1, 2, count: 2) == [3, 4])
        }
        #expect(failures.isEmpty)
    }

    @Test func aCallMadeInsideCheckingMeetsNoHalfDeclaredExpectation() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                oneOf(add(1, 2)).will(returnValue(3))
                // Not published yet: the mock is still uninteresting, so this call returns zero.
                #expect(cs_call_add(add, 1, 2) == 0)
            }
            #expect(cs_call_add(add, 1, 2) == 3)
        }
        #expect(failures.isEmpty)
    }

    @Test func invalidCardinalitiesAreReportedAndExpectNothing() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                Impostor.exactly(-1).of(add(1, 2))
                Impostor.atLeast(-2).of(add(1, 2))
                Impostor.atMost(-1).of(add(1, 2))
            }
            #expect(cs_call_add(add, 1, 2) == 0)
        }
        #expect(failures.messages == [
            "exactly(-1) is not a valid cardinality: counts cannot be negative, and a range's upper bound cannot be below its lower. Nothing was expected.",
            "atLeast(-2) is not a valid cardinality: counts cannot be negative, and a range's upper bound cannot be below its lower. Nothing was expected.",
            "atMost(-1) is not a valid cardinality: counts cannot be negative, and a range's upper bound cannot be below its lower. Nothing was expected.",
        ])
    }
}
