import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `verify(within:)` with calls made by a pthread started in C.
@Suite struct TimedVerificationTests {
    @Test func waitsForACallFromAnotherThread() {
        let event: cv_event_fn = mockFunction(named: "event")
        let handle = cv_call_later(event, 7, nil, 1, 50)
        defer { cv_join(handle) }
        verify(within: .seconds(5), event(7, any()))
        #expect(invocations(of: event).first?.thread != CallingThread.current)
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
}
