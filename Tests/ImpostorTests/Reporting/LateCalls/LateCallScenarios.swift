import CImpostorTestSupport
import Impostor
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Test runs that LateCallTests starts in a child process (they end with a failed run on
// purpose, so they only run when the child's environment asks for them).

/// True in the child process LateCallTests starts.
let runsLateCallScenarios = getenv("IMPOSTOR_LATE_CALL_SCENARIO") != nil

/// A C thread calls a test's mock 300 ms after the test ended; the next test runs for longer
/// and never touches Impostor.
@Suite(.serialized, .enabled(if: runsLateCallScenarios))
struct LateCallSerialScenario {
    @Test(.mockery) func handsAMockToALateThread() {
        let callback: cv_event_fn = mockFunction(named: "lateCallback")
        _ = cv_call_later(callback, 7, nil, 1, 300)
    }

    @Test func runsLongerWithoutImpostor() {
        usleep(900_000)
        #expect(Bool(true))
    }
}

/// The same late call while another test, running in parallel, uses Impostor all along.
@Suite(.enabled(if: runsLateCallScenarios))
struct LateCallParallelScenario {
    @Test(.mockery) func handsAMockToALateThread() {
        let callback: cv_event_fn = mockFunction(named: "lateParallelCallback")
        _ = cv_call_later(callback, 7, nil, 1, 300)
    }

    @Test(.mockery) func usesImpostorMeanwhile() {
        let add: cv_binary_fn = mockFunction(named: "busyAdd")
        stub(add(any(), any())).with { (a: Int32, b: Int32) in a + b }
        for round in 0..<30 {
            #expect(cv_call_binary(add, Int32(round), 1) == Int32(round) + 1)
            verify(.exactly(round + 1), add(any(), 1))
            usleep(30_000)
        }
    }
}

/// A mock that a finished test left behind, for the next test to call.
private let leftBehind = Mutex<cv_binary_fn?>(nil)

/// One test leaves its mock in a global; the next test, on its own thread and with a Mockery of
/// its own, calls it after the first test's Mockery was released.
@Suite(.serialized, .enabled(if: runsLateCallScenarios))
struct LateCallOtherTestScenario {
    @Test(.mockery) func leavesAMockInAGlobal() {
        let add: cv_binary_fn = mockFunction(named: "leftBehindAdd")
        leftBehind.withLock { $0 = add }
    }

    @Test(.mockery) func callsTheMockLeftBehind() {
        let add = leftBehind.withLock { $0 }
        #expect(add != nil)
        if let add { #expect(cv_call_binary(add, 1, 2) == 0) }
    }
}

/// Mocks a finished test left behind, for the next test to call from C threads.
private let hammered = Mutex<[ct_fn_thread_call]>([])

/// One test leaves a mock behind; the next, without Impostor, has four C threads call it
/// 50,000 times each: one report at the first call, the exact total when the run ends.
@Suite(.serialized, .enabled(if: runsLateCallScenarios))
struct LateCallHammerScenario {
    @Test(.mockery) func leavesAMockBehind() {
        let hammer: ct_fn_thread_call = mockFunction(named: "lateHammer")
        hammered.withLock { $0 = [hammer] }
    }

    @Test func fourThreadsCallItFiftyThousandTimesEach() {
        let hammer = hammered.withLock { $0 }
        #expect(hammer.count == 1)
        for mock in hammer { #expect(ct_call_from_threads(mock, 4, 50_000) == 0) }
    }
}

/// One test leaves twelve mocks behind; the next calls each twice: twelve reports at once, and
/// at exit a summary of ten lines and one for the rest.
@Suite(.serialized, .enabled(if: runsLateCallScenarios))
struct LateCallManyMocksScenario {
    @Test(.mockery) func leavesTwelveMocksBehind() {
        let mocks = (1...12).map { (index: Int) -> ct_fn_thread_call in mockFunction(named: "lateMock\(index)") }
        hammered.withLock { $0 = mocks }
    }

    @Test func callsEachTwice() {
        for mock in hammered.withLock({ $0 }) { #expect(ct_call_from_threads(mock, 1, 2) == 0) }
    }
}

/// A POSIX thread that no test's Mockery owns writes a matcher outside any stub and ends.
@Suite(.enabled(if: runsLateCallScenarios))
struct MatcherOnEndedThreadScenario {
    @Test func leavesAMatcherOnAThreadThatEnds() {
        // Outside #expect, whose expansion would give the matcher its own line.
        let status = ct_run_on_new_thread({ _ in
            let stray: Int32 = any()
            _ = stray
        }, nil)
        #expect(status == 0)
    }
}

/// The mock a finished test left behind to be called again after its report was delivered.
private let calledAgain = Mutex<ct_fn_thread_call?>(nil)

/// One test has a C thread call each of two released mocks once, and collects both reports
/// (count 1 each); the next calls one of them once more: at exit the summary names that one
/// only, since the other's report already gave its final count.
@Suite(.serialized, .enabled(if: runsLateCallScenarios))
struct LateCallFinalCountScenario {
    @Test(.mockery) func collectsTwoReportsOfOneCallEach() {
        var inner: Mockery? = Mockery("inner")
        let final = inner!.mock(of: ct_fn_thread_call.self, named: "lateFinal")
        let grown = inner!.mock(of: ct_fn_thread_call.self, named: "lateGrown")
        inner = nil
        #expect(ct_call_from_threads(final, 1, 1) == 0)
        #expect(ct_call_from_threads(grown, 1, 1) == 0)
        let failures = captureFailures { Mockery.current.assertIsSatisfied() }
        #expect(failures.map(\.message).sorted { $0 < $1 }.map { $0.prefix(31) } == [
            "Call to released mock lateFinal", "Call to released mock lateGrown",
        ])
        calledAgain.withLock { $0 = grown }
    }

    @Test func callsOneOfThemAgain() {
        let grown = calledAgain.withLock { $0 }
        #expect(grown != nil)
        if let grown { #expect(ct_call_from_threads(grown, 1, 1) == 0) }
    }
}

/// A Mockery that outlives the run, which no test checks again.
private let outliving = Mutex<Mockery?>(nil)

/// A mock released inside a Mockery that outlives the run is called late from a C thread: its
/// report waits in that Mockery's store, which no test's thread ever collects. At exit the
/// summary says it was never reported, and the run fails.
@Suite(.enabled(if: runsLateCallScenarios))
struct LateCallUndeliveredScenario {
    @Test func leavesAReportNoTestCollects() {
        let outer = Mockery("outliving")
        outliving.withLock { $0 = outer }
        let mock = outer.withCurrent { () -> ct_fn_thread_call in
            let inner = Mockery("inner")
            return inner.mock(of: ct_fn_thread_call.self, named: "lateUndelivered")
        }
        #expect(ct_call_from_threads(mock, 1, 1) == 0)
    }
}
