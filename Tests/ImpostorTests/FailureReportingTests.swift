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
