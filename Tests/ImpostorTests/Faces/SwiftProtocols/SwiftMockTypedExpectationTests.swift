import Dispatch
import Foundation
import Impostor
import Testing

// Expectations on a Swift member are dispatched by its typed entry point
// (SwiftProtocols/TypedExpectationPlan.swift) when every expectation on the member before the
// one that takes a call has a typed form: keys for its matchers, and `returnValue`, `perform`,
// `throwError` or `onConsecutiveCalls` of those as its action. These cases check that it
// dispatches exactly as the engine does: declaration order (with an expectation only the engine
// can try among them), cardinalities under threads, states and sequences, `never`, calls no
// expectation takes, an expectation without actions, and waiting on a state.

@Suite("Swift mocks: expectations on the typed entry point")
struct SwiftMockTypedExpectationTests {
    /// Runs `body` with a fresh Mockery current, checks it, and returns every failure raised.
    private func failures(_ body: (Mockery) -> Void) -> [ImpostorFailure] {
        captureFailures {
            let context = Mockery("typed expectations")
            context.withCurrent { body(context) }
            context.assertIsSatisfied()
        }
    }

    /// An expectation bounded at 4,000 calls takes exactly 4,000 of 4,800 made by eight threads
    /// at once; the `allowing` after it takes the rest, with a block of the member's arguments.
    @Test func aBoundedExpectationTakesExactlyItsCallsUnderThreads() {
        let failures = failures { context in
            let gauge = MockGauge()
            context.checking {
                exactly(4_000).of(gauge.levelRef, eq(1), any(), any()).will(returnValue(7))
                allowing(gauge.levelRef, any(), any(), any()).will(perform { (small: Int8, large: UInt64, _: Bool) in
                    Int(small) * 100 + Int(large)
                })
            }
            // Each thread writes its own slots; `concurrentPerform` returns after every thread.
            nonisolated(unsafe) let answers = UnsafeMutableBufferPointer<Int>.allocate(capacity: 4_800)
            defer { answers.deallocate() }
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in 0..<600 { answers[thread * 600 + index] = gauge.level(1, 2, false) }
            }
            #expect(answers.filter { $0 == 7 }.count == 4_000)
            #expect(answers.filter { $0 == 102 }.count == 800)
            #expect(gauge.calls(to: gauge.levelRef).count == 4_800)
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    /// Expectations are tried in declaration order, an expectation only the engine can try (an
    /// `Invocation` block) included, and a Mocka-style literal, which is `eq`; `onConsecutiveCalls` gives one
    /// action a call and throws through `throwError`; an expectation without `will` gives the
    /// default value.
    @Test func expectationsAnswerInDeclarationOrderWithEveryTypedAction() throws {
        var reads: [Result<Int?, any Error>] = []
        var logged: [String] = []
        let failures = failures { context in
            let gauge = MockGauge()
            context.checking {
                oneOf(gauge.levelRef, eq(3), any(), any()).will(returnValue(30))
                oneOf(gauge.level(3, any(), any())).will(returnValue(31))  // a Mocka-style literal: eq(3)
                oneOf(gauge.levelRef, eq(3), any(), any()).will(perform { (call: Invocation) -> Int in
                    Int(call.argument(1, as: UInt64.self))
                })
                oneOf(gauge.levelRef, eq(3), any(), any())
                exactly(3).of(gauge.readRef, eq("x")).will(onConsecutiveCalls(returnValue(1), throwError(GaugeFault()), returnValue(nil)))
            }
            let levels: [Int] = [gauge.level(3, 0, false), gauge.level(3, 0, false), gauge.level(3, 32, false), gauge.level(3, 0, false)]
            #expect(levels == [30, 31, 32, 0])
            reads = (0..<3).map { _ in Result { try gauge.read("x") } }
            logged = gauge.calls(to: gauge.readRef).map(\.description)
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(try reads[0].get() == 1)
        #expect(throws: GaugeFault()) { try reads[1].get() }
        #expect(try reads[2].get() == nil)
        #expect(logged == [
            "MockGauge.read(\"x\") -> 1", "MockGauge.read(\"x\") -> throws GaugeFault()", "MockGauge.read(\"x\") -> nil",
        ])
    }

    /// An expectation only the engine can try (an `Invocation` block), declared first, takes
    /// the call before any stub, as the engine would: the typed entry point hands the call to
    /// the engine rather than to the member's stubs. Once it is saturated the stub answers.
    @Test func anExpectationOnlyTheEngineCanTryComesBeforeTheStubs() {
        var answers: [Int] = []
        let failures = failures { context in
            let gauge = MockGauge()
            stub(gauge.levelRef, eq(3), any(), any()).returning(5)
            context.checking {
                oneOf(gauge.levelRef, eq(3), any(), any()).will(perform { (call: Invocation) -> Int in
                    Int(call.argument(1, as: UInt64.self))
                })
            }
            answers = [gauge.level(3, 40, false), gauge.level(3, 41, false)]
        }
        #expect(answers == [40, 5])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    /// `reset` forgets a member's stubs, not the Mockery's expectations on it: afterwards the
    /// typed entry point still sends the member's calls to them (SwiftProtocols.md: "its
    /// expectations stay"), rather than answering with the default value.
    @Test func aResetMemberStillMeetsItsExpectations() {
        var answers: [Int] = []
        let failures = failures { context in
            let gauge = MockGauge()
            stub(gauge.levelRef, any(), any(), any()).returning(5)
            context.checking { allowing(gauge.levelRef, eq(1), any(), any()).will(returnValue(11)) }
            answers.append(gauge.level(1, 0, false))
            answers.append(gauge.level(2, 0, false))
            Impostor.reset(gauge)
            answers.append(gauge.level(1, 0, false))
        }
        #expect(answers == [11, 5, 11])
        #expect(failures.map(\.message).filter { $0.hasPrefix("Unexpected call") }.count == 0, "\(failures.map(\.message))")
    }

    /// States and sequences hold back an expectation on the typed path as on the engine's; a
    /// call no expectation takes is answered by a stub, else reported; a `never` that matches
    /// is reported; `onConsecutiveCalls` past its list is reported and gives the default.
    @Test func statesSequencesNeverAndUnexpectedCalls() {
        var answers: [Int] = []
        let failures = failures { context in
            let gauge = MockGauge()
            let power = context.states("power", startsAs: "off")
            let steps = context.sequence("steps")
            stub(gauge.levelRef, eq(9), any(), any()).returning(90)
            context.checking {
                allowing(gauge.levelRef, eq(1), any(), any()).when(power.is("on")).will(returnValue(11))
                oneOf(gauge.levelRef, eq(2), any(), any()).then(power.becomes("on")).will(returnValue(22))
                oneOf(gauge.levelRef, eq(4), any(), any()).inSequence(steps).will(returnValue(44))
                oneOf(gauge.levelRef, eq(5), any(), any()).inSequence(steps).will(returnValue(55))
                never(gauge.levelRef, eq(6), any(), any())
                atLeast(1).of(gauge.levelRef, eq(7), any(), any()).will(onConsecutiveCalls(returnValue(70)))
            }
            answers.append(gauge.level(9, 0, false))  // no expectation: the stub
            answers.append(gauge.level(2, 0, false))  // power on
            answers.append(gauge.level(1, 0, false))  // when power is on
            answers.append(gauge.level(4, 0, false))
            answers.append(gauge.level(5, 0, false))
            answers.append(gauge.level(7, 0, false))
            answers.append(gauge.level(7, 0, false))  // past onConsecutiveCalls: reported, 0
            answers.append(gauge.level(6, 0, false))  // never: reported, 0
            answers.append(gauge.level(8, 0, false))  // unexpected: reported, 0
        }
        #expect(answers == [90, 22, 11, 44, 55, 70, 0, 0, 0])
        let messages = failures.map(\.message)
        #expect(messages.contains { $0.hasPrefix("onConsecutiveCalls(...) has 1 action, but this is call 2 it answers for MockGauge.level") })
        #expect(messages.contains { $0.hasPrefix("Unexpected call: MockGauge.level(6, 0, false)") })
        #expect(messages.contains { $0.hasPrefix("Unexpected call: MockGauge.level(8, 0, false)") })
    }

    /// `onConsecutiveCalls` with an `Invocation` block among its actions has no typed form, so
    /// the engine's boxed path runs it: one action a call there too, and a call past the list
    /// reported with the default returned (issue 48's planted bug: the boxed path running past
    /// its list passed a suite whose only such test reached the typed path).
    @Test func onConsecutiveCallsPastItsListOnTheBoxedPath() {
        var answers: [Int] = []
        let failures = failures { context in
            let gauge = MockGauge()
            context.checking {
                allowing(gauge.levelRef, eq(7), any(), any()).will(onConsecutiveCalls(
                    returnValue(70), perform { (call: Invocation) -> Int in Int(call.argument(1, as: UInt64.self)) }))
            }
            answers = [gauge.level(7, 0, false), gauge.level(7, 71, false), gauge.level(7, 72, false), gauge.level(7, 73, false)]
        }
        #expect(answers == [70, 71, 0, 0])
        let messages = failures.map(\.message)
        #expect(messages.filter { $0.hasPrefix("onConsecutiveCalls(...) has 2 actions, but this is call 3 it answers for MockGauge.level") }.count == 1,
                "\(messages)")
        #expect(messages.filter { $0.hasPrefix("onConsecutiveCalls(...) has 2 actions, but this is call 4 it answers for MockGauge.level") }.count == 1,
                "\(messages)")
    }

    /// A state a Swift call moves counts as reached once the call is recorded, on the typed
    /// path too: the waiter sees the call in the log.
    @Test func aWaiterWakesOnceTheCallThatMovedTheStateIsRecorded() {
        let failures = failures { context in
            let gauge = MockGauge()
            let done = context.states("worker", startsAs: "running")
            context.checking {
                oneOf(gauge.levelRef, any(), any(), any()).then(done.becomes("finished")).will(perform { (_: Int8, _: UInt64, _: Bool) in
                    Thread.sleep(forTimeInterval: 0.02)
                    return 1
                })
            }
            let worker = Thread { _ = gauge.level(0, 0, true) }
            worker.start()
            context.waitUntil(done.is("finished"), timeout: .seconds(5))
            #expect(gauge.calls(to: gauge.levelRef).count == 1)
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}

extension SwiftMockTypedExpectationTests {
    /// A mock made in a Mockery whose `lazy var` reference is first read outside it (at the
    /// `checking` line) still takes that Mockery's expectations: a member no mock has called
    /// yet joins the Mockery that names it. (It was refused as another Mockery's.)
    @Test func aLazyReferenceReadOutsideItsMockeryJoinsTheCheckingMockery() {
        let context = Mockery("late reference")
        let gauge = context.withCurrent { MockGauge() }
        var answer = 0
        let failures = captureFailures {
            context.checking { oneOf(gauge.levelRef, eq(1), any(), any()).will(returnValue(10)) }
            answer = gauge.level(1, 0, false)
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(answer == 10)

        // Once its mock has called it, the member is its mock's Mockery's: another refuses it.
        let other = Mockery("other")
        let refused = captureFailures { other.checking { oneOf(gauge.levelRef, any(), any(), any()) } }
        #expect(refused.map(\.message).first?.hasPrefix(
            "oneOf(...) names mock MockGauge.level, which belongs to Mockery \"late reference\"") == true, "\(refused.map(\.message))")
    }
}
