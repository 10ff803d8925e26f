import CImpostorTestSupport
import Impostor
import Testing

/// What nice, naggy and strict Mockeries do with uninteresting calls (a mock no expectation
/// mentions, no stub answering), and that an expected mock's unexpected call fails whatever
/// the strictness.
@Suite struct StrictnessTests {
    @Test func aNiceMockeryRecordsUninterestingCallsSilently() {
        let failures = expectationFailures(strictness: .nice) { context in
            let add: Binary = context.mock(named: "add")
            #expect(cs_call_add(add, 1, 2) == 0)
            #expect(invocations(of: add).count == 1)
        }
        #expect(failures.isEmpty)
        #expect(Mockery("default").strictness == .nice)
    }

    @Test func aNaggyMockeryWarnsWithoutFailing() {
        let failures = expectationFailures("naggy one", strictness: .naggy) { context in
            let add: Binary = context.mock(named: "add")
            #expect(cs_call_add(add, 1, 2) == 0)
            #expect(invocations(of: add).count == 1)
        }
        #expect(failures.count == 1)
        #expect(failures.first?.isWarning == true)
        #expect(failures.first?.message == "Uninteresting call: add(1, 2) returned zero. No expectation of Mockery \"naggy one\" "
            + "mentions the mock and no stub answers it (the Mockery is naggy).")
    }

    @Test func aStrictMockeryFailsUninterestingCalls() {
        let failures = expectationFailures("strict one", strictness: .strict) { context in
            let add: Binary = context.mock(named: "add")
            #expect(cs_call_add(add, 1, 2) == 0)
        }
        #expect(failures.count == 1)   // at once; the check does not repeat it
        #expect(failures.allSatisfy { !$0.isWarning })
        #expect(failures.first?.message.hasPrefix("Uninteresting call: add(1, 2)\nMockery \"strict one\" is strict") == true)
        #expect(failures.first?.message.contains("Expectations: none") == true)
    }

    @Test func stubsAndExpectationsMakeCallsInterestingInAStrictMockery() {
        let failures = expectationFailures(strictness: .strict) { context in
            let add: Binary = context.mock(named: "add")
            let next: @convention(c) () -> Int32 = context.mock(named: "next")
            stub(add(any(), any())).with { 9 }
            context.checking { allowing(next()).will(returnValue(4)) }
            #expect(cs_call_add(add, 1, 2) == 9)
            #expect(cs_call_next(next) == 4)
        }
        #expect(failures.isEmpty)
    }

    @Test func anUnexpectedCallFailsEvenInANiceMockery() {
        let failures = expectationFailures(strictness: .nice) { context in
            let add: Binary = context.mock(named: "add")
            context.checking { allowing(add(1, any())) }
            _ = cs_call_add(add, 2, 2)
        }
        #expect(failures.first?.message.hasPrefix("Unexpected call: add(2, 2)") == true)
    }
}
