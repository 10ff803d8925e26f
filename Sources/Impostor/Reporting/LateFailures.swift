#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Failures that reached Impostor where no test can be failed for them: after the test they
/// concern had ended (a C library calling a released mock late), or outside any test.
///
/// Each is written to standard error at once, where it happened in the run's output, and the
/// process then exits with status 1 (see ``ExitCheck``), so the run fails. They are not
/// recorded as Swift Testing issues: outside a test, Swift Testing reports such an issue once
/// per running suite, against an «unknown» test.
enum LateFailures {
    private static let reported = Atomic<Int>(0)

    /// How many such failures this process has seen.
    static var count: Int { reported.load(ordering: .relaxed) }

    static func report(_ failure: ImpostorFailure) {
        StandardError.write("Impostor failure: \(failure)\n")
        reported.add(1, ordering: .relaxed)
        ExitCheck.arm()
    }
}

/// Fails the process at exit when failures were never reported to a test: late calls, and
/// failures still waiting for a test's thread. Also gives the final count of each released
/// mock called again after its one report (see ``LateCallLedger``).
enum ExitCheck {
    private static let armed: Bool = {
        atexit { ExitCheck.run() }
        return true
    }()

    /// Makes sure the check runs at exit.
    static func arm() { _ = armed }

    private static func run() {
        let all = PendingFailures.global.takeAll() + Mockery.processDefault.pendingFailures.takeAll()
        for warning in all where warning.isWarning { StandardError.write("Impostor warning: \(warning)\n") }
        let waiting = all.filter { !$0.isWarning }
        for failure in waiting { StandardError.write("Impostor failure: \(failure)\n") }
        // After the waiting failures are written: a late-call report among them gives its count then.
        let lateCalls = LateCallLedger.summary()
        for line in lateCalls.lines { StandardError.write(line + "\n") }
        let late = LateFailures.count
        let unreported = waiting.count + lateCalls.undelivered
        guard late + unreported > 0 else { return }
        StandardError.write(FailureMessages.unreportedAtExit(late: late, waiting: unreported) + "\n")
        // Standard output may hold the test runner's last lines.
        fflush(nil)
        _exit(1)
    }
}
