import CImpostorTestSupport
import Dispatch
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Answers that leave with longjmp, run by NeverReturningTests in a child process with a timeout
// (once per entry path): longjmp skips the Swift frames of the answer, and if that ever took the
// process down, it would take that child down, not the test run. Enabled only in the child.

/// True in the child process NeverReturningTests starts.
let neverReturningScenario = getenv("IMPOSTOR_NEVER_RETURNING") != nil

@Suite(.enabled(if: neverReturningScenario))
struct NeverReturningScenarios {
    typealias Decode = @convention(c) (Int32) -> Int32
    typealias Parse = @convention(c) (UnsafePointer<CChar>?) -> Int32

    /// A stub whose block fails a negative value the C way: it jumps back to the caller.
    static func failNegatives(_ value: Int32) -> Int32 {
        if value < 0 { ctj_jump_back() }
        return value * 2
    }

    /// Calls `decode` with -1 (the block jumps back), then 3 (it returns 6), from C.
    static func callFailingThenReturning(_ decode: Decode) {
        var result: Int32 = 0
        #expect(ctj_call_catching(decode, -1, &result) == 0)
        #expect(ctj_call_catching(decode, 3, &result) == 1)
        #expect(result == 6)
    }

    /// What every path must show: both calls in the log, in order, the first without a result.
    static func expectBothCallsLogged(_ decode: Decode, mock: String) {
        let calls = invocations(of: decode)
        #expect(calls.map { $0.argument(0, as: Int32.self) } == [-1, 3])
        #expect(calls.map(\.didReturn) == [false, true])
        #expect(calls.map(\.description) == ["\(mock)(-1) (did not return)", "\(mock)(3) -> 6"])
        verify(.exactly(2), decode(any()))
        verify(.once, decode(-1))
        verifyInOrder {
            decode(-1)
            decode(3)
        }
        let never = captureFailures { verify(.never, decode(-1)) }
        #expect(never.count == 1)
        #expect(never.first?.message.contains("\(mock)(-1) (did not return)  (call #1): matches") == true, "\(never)")
        let captor = ArgumentCaptor<Int32>()
        verify(.exactly(2), decode(captor.capture()))
        #expect(captor.values == [-1, 3])
        // The call that did not return has no value to read.
        let read = captureFailures { _ = calls[0].returnValue(as: Int32.self) }
        #expect(read.map(\.message) == [
            "Cannot read the return value of \(mock)(-1) (did not return): its answer never returned to the caller "
                + "(it left with longjmp, or was still running when the calls were read), so the caller got no value."
        ])
    }

    /// A block stub on `any()`: the entry point matches it and runs the answer itself.
    @Test func aStubBlockTheEntryPointRunsJumpsBack() {
        let mockery = Mockery("keyed")
        let decode = mockery.mock(of: Decode.self, named: "decode")
        stub(decode(any())).with(Self.failNegatives)
        Self.callFailingThenReturning(decode)
        Self.expectBothCallsLogged(decode, mock: "decode")
        // A clear hides the call that stays open; the calls after it are recorded as usual.
        clearInvocations(decode)
        #expect(invocations(of: decode).isEmpty)
        var result: Int32 = 0
        #expect(ctj_call_catching(decode, 4, &result) == 1)
        #expect(ctj_call_catching(decode, -2, &result) == 0)
        #expect(invocations(of: decode).map(\.description) == ["decode(4) -> 8", "decode(-2) (did not return)"])
    }

    /// A block stub on a matcher that runs code: the Swift handler matches and answers.
    @Test func aStubBlockTheHandlerRunsJumpsBack() {
        let mockery = Mockery("handler")
        let decode = mockery.mock(of: Decode.self, named: "decode")
        stub(decode(matching { $0 < 100 })).with(Self.failNegatives)
        Self.callFailingThenReturning(decode)
        Self.expectBothCallsLogged(decode, mock: "decode")
    }

    /// A mock that copies text: the record and its capture are both kept.
    @Test func aStubBlockOfAMockThatCopiesTextJumpsBack() {
        let mockery = Mockery("text")
        let parse = mockery.mock(of: Parse.self, named: "parse")
        stub(parse(cString("bad"))).with { (_: UnsafePointer<CChar>?) -> Int32 in ctj_jump_back() }
        stub(parse(cString("good"))).with { (_: UnsafePointer<CChar>?) -> Int32 in 1 }
        var result: Int32 = 0
        #expect(ctj_call_text_catching(parse, "bad", &result) == 0)
        #expect(ctj_call_text_catching(parse, "good", &result) == 1)
        verify(.once, parse("bad"))
        verify(.once, parse("good"))
        #expect(invocations(of: parse).map(\.description) == ["parse(\"bad\") (did not return)", "parse(\"good\") -> 1"])
    }

    /// An expectation's action that jumps back: the expectation counts the call and the log
    /// has it, so the two agree.
    @Test func anExpectationsActionJumpsBack() {
        let failures = captureFailures {
            let mockery = Mockery("expected")
            let decode = mockery.mock(of: Decode.self, named: "decode")
            mockery.checking {
                oneOf(decode(-1)).will(perform { (value: Int32) -> Int32 in Self.failNegatives(value) })
                oneOf(decode(3)).will(perform { (value: Int32) -> Int32 in Self.failNegatives(value) })
            }
            Self.callFailingThenReturning(decode)
            Self.expectBothCallsLogged(decode, mock: "decode")
            mockery.assertIsSatisfied()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// A call recorded open is closed after its answer returns, without a busy span: a release
    /// of the Mockery while the answer still runs on a C thread must leave the record's memory
    /// mapped for that close (unmapped, the close would take this process down).
    @Test func aReleaseWhileAnAnswerRunsOnAnotherThreadLeavesItsRecordForTheClose() {
        typealias Event = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var handle: UnsafeMutableRawPointer?
        do {
            let mockery = Mockery("released while answering")
            let event: Event = mockery.mock(named: "event")
            mockery.withCurrent {
                stub(event(any(), any())).with { (_: Int32, _: UnsafePointer<CChar>?) in
                    entered.signal()
                    proceed.wait()
                }
            }
            handle = cv_call_later(event, 7, "late", 1, 0)
            #expect(handle != nil)
            entered.wait()
        }
        // The Mockery is released; the answer returns now and closes its record.
        proceed.signal()
        cv_join(handle)
    }

    /// A block that jumps back never restores what the answer set on its thread; failures
    /// raised there later, after the jump and after the answering Mockery is gone, still reach
    /// the test (not the released Mockery's store).
    @Test func failuresAfterAJumpGoWhereTheyWouldHaveGone() {
        do {
            let gone = Mockery("gone")
            let decode = gone.mock(of: Decode.self, named: "decode")
            stub(decode(any())).with(Self.failNegatives)
            var result: Int32 = 0
            #expect(ctj_call_catching(decode, -1, &result) == 0)
        }
        let mockery = Mockery("later")
        let other = mockery.mock(of: Decode.self, named: "other")
        let failures = captureFailures { verify(other(5)) }
        #expect(failures.map(\.message) == [
            "Expected other to receive other(5) at least once but received it 0 times.\nother received no calls."
        ], "\(failures)")
    }
}
