import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A signal handler may call a mock while the thread it interrupted is inside the same mock
/// (recording a call, or holding malloc's lock between calls): no record is lost and nothing
/// deadlocks, on both kinds of entry point, unstubbed and answered by a stub key. The cases run
/// in a child process with a timeout, so a deadlock fails the test instead of hanging the run.
@Suite struct SignalHandlerCallTests {
    private static let parentRun = getenv("IMPOSTOR_SIGNAL_SCENARIO") == nil

    @Test(.enabled(if: parentRun)) func staticTrampolines() throws {
        try expectScenariosPass(environment: "IMPOSTOR_SIGNAL_SCENARIO=1")
    }

    @Test(.enabled(if: parentRun)) func libffiClosures() throws {
        try expectScenariosPass(environment: "IMPOSTOR_SIGNAL_SCENARIO=1 IMPOSTOR_TRAMPOLINE=libffi")
    }

    private func expectScenariosPass(environment: String) throws {
        let output = try childRun(environment: environment, filter: "SignalHandlerCallScenarios", timeout: 120)
        #expect(output.contains("exit status 0"), "\(output.suffix(3_000))")
        #expect(output.contains("unstubbedCallsFromAHandlerAreAllRecorded() passed"))
        #expect(output.contains("keyedAnswersFromAHandlerAreAllRecorded() passed"))
    }
}

/// Run only in the child processes `SignalHandlerCallTests` starts.
@Suite(.serialized, .enabled(if: getenv("IMPOSTOR_SIGNAL_SCENARIO") != nil))
struct SignalHandlerCallScenarios {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32
    private static let calls: Int32 = 20_000
    private static let handlerCalls: Int64 = 3_000

    /// Every call of the interrupted thread and of its handler is in the log, once, in each
    /// one's own order.
    private func expectEveryCall(of mock: Binary, _ result: csig_result) {
        // Signals arrive as fast as the sending thread gets a core: on a loaded machine far
        // fewer than asked for in the time allowed, but some.
        #expect(result.handled >= 5, "the handler made only \(result.handled) calls")
        #expect(result.wrong == 0)
        let calls = invocations(of: mock)
        #expect(calls.count == Int(result.calls) + Int(result.handled))
        let own = calls.filter { $0.argument(1, as: Int32.self) == 1 }.map { $0.argument(0, as: Int32.self) }
        let handlers = calls.filter { $0.argument(1, as: Int32.self) == 2 }.map { $0.argument(0, as: Int32.self) }
        // Compared without printing the arrays: a failure shows where they first differ.
        let ownGap = own.indices.first { own[$0] != Int32($0) } ?? (own.count == Int(result.calls) ? nil : own.count)
        let handlerGap = handlers.indices.first { handlers[$0] != 1_000_000 + Int32($0) }
            ?? (handlers.count == Int(result.handled) ? nil : handlers.count)
        #expect(ownGap == nil, "the interrupted thread's calls differ from call \(ownGap ?? -1) on (\(own.count) recorded)")
        #expect(handlerGap == nil, "the handler's calls differ from call \(handlerGap ?? -1) on (\(handlers.count) recorded)")
    }

    @Test(.mockery) func unstubbedCallsFromAHandlerAreAllRecorded() {
        let mock: Binary = mockFunction(named: "hammered")
        expectEveryCall(of: mock, csig_hammer(mock, Self.calls, Self.handlerCalls, 0))
    }

    @Test(.mockery) func keyedAnswersFromAHandlerAreAllRecorded() {
        let mock: Binary = mockFunction(named: "hammered")
        stub(mock(any(), any())).returning(7)
        expectEveryCall(of: mock, csig_hammer(mock, Self.calls, Self.handlerCalls, 7))
    }
}
