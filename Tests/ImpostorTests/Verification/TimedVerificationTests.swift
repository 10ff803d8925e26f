import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `verify(within:)` and `verifyInOrder(within:)` with calls made by a pthread started in C.
@Suite struct TimedVerificationTests {
    @Test func waitsForACallFromAnotherThread() {
        let event: cv_event_fn = mockFunction(named: "event")
        let handle = cv_call_later(event, 7, nil, 1, 50)
        defer { cv_join(handle) }
        verify(within: .seconds(5), event(7, any()))
        #expect(invocations(of: event).first?.thread != CallingThread.current)
        #expect(invocations(of: event).first.map { $0.thread.id != 0 } == true, "a calling thread was recorded")
    }

    @Test func givesUpAtTheTimeout() {
        let event: cv_event_fn = mockFunction(named: "event")
        let handle = cv_call_later(event, 7, nil, 1, 0)
        cv_join(handle)
        let failures = captureFailures { verify(within: .milliseconds(50), event(8, any())) }
        #expect(failures.first?.message.hasPrefix(
            "Expected event to receive event(8, any()) at least once within 0.05 seconds but received it 0 times.") == true)
    }

    @Test func neverWatchesTheWholeDuration() {
        let event: cv_event_fn = mockFunction(named: "event")
        let handle = cv_call_later(event, 9, nil, 1, 50)
        defer { cv_join(handle) }
        let failures = captureFailures { verify(within: .seconds(2), .never, event(9, any())) }
        #expect(failures.first?.message.hasPrefix("Expected event never to receive event(9, any()) within 2.0 seconds") == true)
    }

    @Test func exactCountSucceedsOnceReached() {
        let event: cv_event_fn = mockFunction(named: "event")
        // The thread reads the name later, so it must outlive this call (a Swift string
        // argument would be a temporary).
        let name = strdup("tick")
        let handle = cv_call_later(event, 1, name, 3, 20)
        defer {
            cv_join(handle)
            free(name)
        }
        verify(within: .seconds(5), .exactly(3), event(1, "tick"))
    }

    // MARK: In order

    @Test func inOrderWaitsForTheSequenceFromAnotherThread() throws {
        let open: cv_binary_fn = mockFunction(named: "open")
        let event: cv_event_fn = mockFunction(named: "event")
        let handle = try #require(co_call_in_order_later(open, 1, 2, event, 3, 50, 20))
        defer { co_join(handle) }
        verifyInOrder(within: .seconds(5)) {
            open(1, 2)
            event(3, any())
        }
        #expect(invocations(of: event).map(\.description) == ["event(3, nil)"])
        #expect(invocations(of: event).first?.thread != CallingThread.current)
        #expect(invocations(of: event).first.map { $0.thread.id != 0 } == true, "a calling thread was recorded")
    }

    @Test func inOrderGivesUpAtTheTimeoutWithTheOrder() {
        let open: cv_binary_fn = mockFunction(named: "open")
        let event: cv_event_fn = mockFunction(named: "event")
        _ = cv_call_binary(open, 1, 2)
        cv_join(cv_call_later(event, 3, nil, 1, 0))
        let clock = ContinuousClock()
        let start = clock.now
        let line = #line + 2
        let failures = captureFailures {
            verifyInOrder(within: .milliseconds(50)) {
                open(1, 2)
                event(4, any())
            }
        }
        #expect(clock.now - start >= .milliseconds(50))
        #expect(failures.map(\.message) == ["""
            Expected calls in this order within 0.05 seconds:
              1. open(1, 2)
              2. event(4, any())
            but event(4, any()) did not follow open(1, 2) (call #1).
            Calls to these mocks, in the order received:
              #1 open(1, 2) -> 0
              #2 event(3, nil)
            """])
        #expect(failures.map(\.site.line) == [line])
    }

    @Test func inOrderFailsWhenTheCallsArriveInAnotherOrder() throws {
        let open: cv_binary_fn = mockFunction(named: "open")
        let event: cv_event_fn = mockFunction(named: "event")
        let handle = try #require(co_call_in_order_later(open, 1, 2, event, 3, 0, 0))
        co_join(handle)
        let failures = captureFailures {
            verifyInOrder(within: .milliseconds(20)) {
                event(3, any())
                open(1, 2)
            }
        }
        #expect(failures.first?.message.hasPrefix(
            "Expected calls in this order within 0.02 seconds:\n  1. event(3, any())\n  2. open(1, 2)\n"
                + "but open(1, 2) did not follow event(3, any())") == true)
    }
}
