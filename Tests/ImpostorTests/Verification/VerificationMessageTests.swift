import CImpostorTestSupport
import Impostor
import Testing

/// The exact texts of failed verifications.
@Suite struct VerificationMessageTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    @Test func wrongCountListsEveryCallNearestFirstWithDifferencesMarked() {
        let add: Binary = mockFunction(named: "add")
        _ = cv_call_binary(add, 3, 6)
        _ = cv_call_binary(add, 3, 5)
        _ = cv_call_binary(add, 4, 4)
        let verifyLine = #line + 1
        let failures = captureFailures { verify(.exactly(2), add(any(), 5)) }
        #expect(failures.map(\.message) == ["""
            Expected add to receive add(any(), 5) exactly 2 times but received it 1 time.
            Calls to add (3 calls), nearest match first:
              add(3, 5) -> 0  (call #2): matches
              add(3, «6») -> 0  (call #1): argument 2: expected 5, got 6
              add(4, «4») -> 0  (call #3): argument 2: expected 5, got 4
            """])
        #expect(failures.first?.site.line == verifyLine)
        #expect(failures.first?.site.fileID == "ImpostorTests/VerificationMessageTests.swift")
    }

    @Test func structArgumentMismatchNamesTheField() {
        let draw: cv_point_fn = mockFunction(named: "draw")
        cv_call_point(draw, 1, 2.5, "origin")
        let failures = captureFailures { verify(draw(cv_point(x: 1, y: 3), "origin")) }
        #expect(failures.map(\.message) == ["""
            Expected draw to receive draw(cv_point(x: 1, y: 3.0), "origin") at least once but received it 0 times.
            Calls to draw (1 call), nearest match first:
              draw(«cv_point(x: 1, y: 2.5)», "origin")  (call #1): argument 1 (expected cv_point(x: 1, y: 3.0)): field y expected 3.0, got 2.5
            """])
    }

    @Test func cStringMismatchQuotesBothStrings() {
        let draw: cv_point_fn = mockFunction(named: "draw")
        cv_call_point(draw, 1, 2.5, "other")
        let failures = captureFailures { verify(draw(any(), "origin")) }
        #expect(failures.map(\.message) == ["""
            Expected draw to receive draw(any(), "origin") at least once but received it 0 times.
            Calls to draw (1 call), nearest match first:
              draw(cv_point(x: 1, y: 2.5), «"other"»)  (call #1): argument 2: expected "origin", got "other"
            """])
    }

    @Test func matcherMismatchShowsTheMatcher() {
        let add: Binary = mockFunction(named: "add")
        _ = cv_call_binary(add, 3, 6)
        let failures = captureFailures { verify(add(gt(5), between(1...4))) }
        #expect(failures.first?.message.contains("argument 1: expected gt(5), got 3; argument 2: expected between(1...4), got 6") == true)
    }

    @Test func mockWithoutCallsSaysSo() {
        let add: Binary = mockFunction(named: "add")
        let failures = captureFailures { verify(.once, add(1, 2)) }
        #expect(failures.map(\.message) == [
            "Expected add to receive add(1, 2) exactly once but received it 0 times.\nadd received no calls."
        ])
    }

    @Test func longListsAreCut() {
        let add: Binary = mockFunction(named: "add")
        for value in Int32(0)..<15 { _ = cv_call_binary(add, value, value) }
        let failures = captureFailures { verify(add(99, 99)) }
        let lines = failures.first?.message.split(separator: "\n") ?? []
        #expect(lines.count == 2 + 10 + 1)
        #expect(lines.last == "  … and 5 more")
    }
}
