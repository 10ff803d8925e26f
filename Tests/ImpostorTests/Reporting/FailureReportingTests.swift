import CImpostorTestSupport
import Impostor
import Testing

/// Failures reach Swift Testing at the line they concern, from the test's thread or later.
@Suite struct FailureReportingTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    @Test func failingVerifyIsReportedAtItsOwnLine() {
        let add: Binary = mockFunction(named: "add")
        _ = cv_call_binary(add, 1, 3)
        let verifyLine = #line + 2
        withKnownIssue {
            verify(add(1, 2))
        } matching: { issue in
            issue.sourceLocation?.line == verifyLine
                && issue.sourceLocation?.fileID == "ImpostorTests/FailureReportingTests.swift"
                && issue.comments.contains { $0.rawValue.hasPrefix("Expected add to receive add(1, 2) at least once") }
        }
    }

    @Test(.mockery) func failureOnACThreadIsReportedOnTheTestThreadAtTheNextCheck() {
        let event: cv_event_fn = mockFunction(named: "event")
        let misuseLine = #line + 1
        stub(event(any(), any())).with { (call: Invocation) in _ = call.argument(0, as: Int64.self) }
        cv_join(cv_call_later(event, 1, nil, 1, 0))
        withKnownIssue {
            Mockery.current.assertIsSatisfied()
        } matching: { issue in
            issue.sourceLocation?.line == misuseLine
                && issue.comments.contains { $0.rawValue.hasPrefix("Cannot read argument 0 of a call to event as Int64") }
        }
    }

    /// A stub's block that queries mocks on a C library's thread must not take the failures
    /// kept for the test's thread and report them as if the test had ended (found by a trial).
    @Test func aBlockQueryingMocksOnACThreadLeavesKeptFailuresForTheTest() {
        let failures = captureFailures {
            let mockery = Mockery("strict", strictness: .strict)
            let count: ce_count_fn = mockery.mock(named: "count")
            mockery.withCurrent {
                stub(count(any(), gt(0))).with { (_: Int32, _: Int32) -> Int32 in Int32(invocations(of: count).count) }
            }
            // One thread calls count(0, 0), uninteresting, then count(0, 1), whose block runs
            // invocations(of:) there: 0 + 2 (that call and its own, recorded before its answer).
            #expect(ce_call_from_threads(count, 1, 2) == 2)
            mockery.assertIsSatisfied()
        }
        #expect(failures.count == 1, "\(failures.map(\.message))")  // kept, then reported once on the test's thread
        #expect(failures.first?.message.hasPrefix("Uninteresting call: count(0, 0)") == true, "\(failures.map(\.message))")
    }

    @Test func callToAReleasedMockFromCReturnsZeroAndIsReported() {
        var add: Binary?
        do {
            let context = Mockery("short-lived")
            add = context.mock(of: Binary.self, named: "late add")
            stub(add!(any(), any())).with { 5 }
            #expect(cv_call_binary(add!, 1, 1) == 5)
        }
        let failures = captureFailures {
            #expect(cv_call_binary(add!, 1, 1) == 0)
        }
        #expect(failures.contains { $0.message.hasPrefix("Call to released mock late add:") })
    }
}
