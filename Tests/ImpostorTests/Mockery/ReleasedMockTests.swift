import CImpostorTestSupport
import Impostor
import Testing

/// A mock outlives its Mockery as a tombstone: C may still call the pointer, gets zero back,
/// and the calls are reported, once, as a failure located at the mock's creation.
@Suite struct ReleasedMockTests {
    /// True when `message` is the report of `calls` late calls of the C mock `name` (or of the
    /// Swift mock member, with `swift`), the first from `thread`, some milliseconds after the
    /// release.
    static func isLateCallReport(
        _ message: String?, name: String, calls: Int = 1, thread: CallingThread = .current, swift: Bool = false
    ) -> Bool {
        guard let message else { return false }
        let count = calls == 1 ? "1 call after its Mockery was released, from" : "\(calls.groupedDigits) calls after its Mockery was released, the first from"
        let head = "Call to released mock \(name): \(count) \(thread), "
        let outcome = swift
            ? (calls == 1 ? "it returned its default value and was not recorded" : "each returned its default value and none was recorded")
                + ". Something kept the mock longer than the test that made it."
            : (calls == 1 ? "it returned zero" : "each returned zero") + ". A C library kept the function pointer longer than the test that made it."
        let tail = " ms after the release; \(outcome) Later calls are only counted; if any come after this report, the run ends with their total."
        guard message.hasPrefix(head), message.hasSuffix(tail) else { return false }
        // Between them, the delay: `0.006`.
        let delay = message.dropFirst(head.count).dropLast(tail.count)
        return delay.split(separator: ".").map(\.count).count == 2 && delay.allSatisfy { $0.isNumber || $0 == "." }
    }

    @Test func callFromCAfterTheMockeryIsGone() {
        var mockery: Mockery? = Mockery("short-lived")
        let creationLine = #line + 1
        let add = mockery!.withCurrent { mockFunction(of: ct_binary_i32.self, named: "late_add") }
        #expect(mockery?.mockCount == 1)
        #expect(ct_call_binary_i32(add, 1, 2) == 0)
        #expect(invocations(of: add).count == 1)

        mockery = nil
        var result: Int32 = -1
        let failures = captureFailures { result = ct_call_binary_i32(add, 3, 4) }
        #expect(result == 0)
        #expect(failures.count == 1)
        #expect(Self.isLateCallReport(failures.first?.message, name: "late_add"), "\(failures)")
        #expect(failures.first?.site.line == creationLine)
        #expect(failures.first?.site.fileID == #fileID)
    }

    @Test func structReturnedThroughAHiddenPointerIsZeroed() {
        var mockery: Mockery? = Mockery("short-lived struct")
        let long3 = mockery!.mock(of: ct_fn_long3.self, named: "late_long3")
        mockery = nil
        var expected = ct_long3()
        var matched: Int32 = 0
        let failures = captureFailures { matched = ct_zoo_long3(long3, &expected) }
        #expect(matched == 1, "C got an all-zero struct back")
        #expect(failures.count == 1)
        #expect(Self.isLateCallReport(failures.first?.message, name: "late_long3"), "\(failures)")
    }

    @Test func onTheTestThreadTheFailureIsAnIssueOfTheRunningTest() {
        var mockery: Mockery? = Mockery("short-lived issue")
        let creationLine = #line + 1
        let add = mockery!.mock(of: ct_binary_i32.self, named: "late_issue")
        mockery = nil
        withKnownIssue("the call is to a released mock") {
            #expect(ct_call_binary_i32(add, 5, 6) == 0)
        } matching: { issue in
            issue.comments.contains { Self.isLateCallReport($0.rawValue, name: "late_issue") }
                && issue.sourceLocation?.line == creationLine
        }
    }

    @Test func invocationsOfAReleasedMockAreGone() {
        var mockery: Mockery? = Mockery("short-lived query")
        let add = mockery!.mock(of: ct_binary_i32.self, named: "late_query")
        #expect(ct_call_binary_i32(add, 1, 1) == 0)
        mockery = nil
        var calls: [Invocation] = []
        var line = 0
        let failures = captureFailures {
            line = #line + 1
            calls = invocations(of: add)
        }
        #expect(calls.isEmpty)
        #expect(failures.map(\.message) == ["Mock late_query was released with its Mockery; its calls are gone."])
        #expect(failures.first?.site.line == line)
    }

    /// A prototype naming a released mock, in verify, stub or an expectation, gets the one
    /// failure that says so at its line: not a "call to released mock" (the prototype is no
    /// call) nor a complaint about its matchers or about naming no mock.
    @Test func verifyingStubbingOrExpectingAReleasedMockSaysItWasReleased() {
        var mockery: Mockery? = Mockery("short-lived prototypes")
        let add = mockery!.mock(of: ct_binary_i32.self, named: "late_prototype")
        #expect(ct_call_binary_i32(add, 1, 1) == 0)
        mockery = nil
        let released = ["Mock late_prototype was released with its Mockery; its calls are gone."]
        var lines: [Int] = []
        let verifyFailures = captureFailures {
            lines.append(#line + 1)
            verify(.never, add(any(), 2))
            lines.append(#line + 1)
            verify(.once, add(1, 1))
        }
        #expect(verifyFailures.map(\.message) == released + released)
        #expect(verifyFailures.map(\.site.line) == lines)
        lines = []
        let stubFailures = captureFailures {
            lines.append(#line + 1)
            stub(add(any(), any())).with { 5 }
        }
        #expect(stubFailures.map(\.message) == released)
        #expect(stubFailures.map(\.site.line) == lines)
        let other = Mockery("outliving")
        let expectationFailures = captureFailures {
            other.checking { oneOf(add(any(), any())) }
        }
        #expect(expectationFailures.map(\.message) == released)
        #expect(captureFailures { other.assertIsSatisfied() }.isEmpty, "nothing was expected of the released mock")
    }

    /// `verifyNoMoreInvocations` and `verifyZeroInvocations` on a released mock have nothing
    /// left to check: each says so at its line, for a C mock (whose release used to let them
    /// pass) and a Swift mock alike.
    @Test func checkingForNoMoreCallsOfAReleasedMockSaysItWasReleased() {
        var mockery: Mockery? = Mockery("short-lived no more")
        let add = mockery!.mock(of: ct_binary_i32.self, named: "late_no_more")
        let probe = mockery!.withCurrent { MockProbe(named: "late_probe") }
        #expect(ct_call_binary_i32(add, 1, 1) == 0)
        _ = probe.count()
        mockery = nil
        var lines: [Int] = []
        let failures = captureFailures {
            lines.append(#line + 1)
            verifyNoMoreInvocations(add)
            lines.append(#line + 1)
            verifyZeroInvocations(add)
            lines.append(#line + 1)
            verifyNoMoreInvocations(probe)
            lines.append(#line + 1)
            verifyZeroInvocations(probe)
        }
        let c = "Mock late_no_more was released with its Mockery; its calls are gone."
        let swift = "Mock late_probe was released with its Mockery; its calls are gone."
        #expect(failures.map(\.message) == [c, c, swift, swift])
        #expect(failures.map(\.site.line) == lines)
    }

    @Test func mocksOfALiveMockeryAreNotReleased() {
        let mockery = Mockery("alive")
        let add = mockery.mock(of: ct_binary_i32.self, named: "alive_add")
        let failures = captureFailures { #expect(ct_call_binary_i32(add, 2, 3) == 0) }
        #expect(failures.isEmpty)
        #expect(invocations(of: add).count == 1)
        #expect(mockery.mockCount == 1)
    }
}

extension Int {
    /// `200,000`, as the late-call texts write counts.
    var groupedDigits: String {
        let digits = String(self)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
