import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Memory a mock cannot read never ends the test process: the call returns and is recorded,
/// its listing says `unreadable at call time (0x…)`, and a matcher or captor that needs it
/// fails at its own line (see UnreadableMemoryScenarios, which these run in a child process
/// with a timeout, so that a regression fails a test instead of killing the run).
@Suite(.enabled(if: unreadableMemoryScenario == nil))
struct UnreadableMemoryTests {
    /// Every test of UnreadableMemoryScenarios.
    static let scenarios = [
        "theReadersStopAtAGuardPageAndCountWhatTheyCouldNotRead", "textWithoutANulThatRunsIntoAGuardPage",
        "anExpectationThatCannotReadItsArgumentSaysSo", "aBufferWhoseLengthRunsPastAGuardPage",
        "dataWithItsLengthFurtherOnIsReadToThatLength", "aLengthNoProcessCanOwnIsRefusedWithoutReading",
        "textInMemoryThatWasUnmapped", "aBufferInMemoryThatWasUnmapped",
    ]

    /// Each scenario in a child of its own, so that one that takes its process down fails
    /// alone; on both entry paths, since captures are made after either.
    @Test(arguments: scenarios)
    func memoryThatCannotBeReadIsReportedNotFaultedOn(scenario: String) throws {
        for entry in ["", "IMPOSTOR_TRAMPOLINE=libffi "] {
            let output = try childRun(
                environment: entry + "IMPOSTOR_UNREADABLE_SCENARIO=reads", filter: "UnreadableMemoryScenarios/\(scenario)",
                timeout: 120)
            #expect(exitStatus(output) == 0, "\(entry)\(output.suffix(6000))")
            let passed = output.split(separator: "\n").contains { $0.contains("Test \(scenario)(") && $0.contains(" passed after ") }
            #expect(passed, "\(entry)\(scenario) did not pass")
        }
    }

    /// A fault that is not the reader's goes on to the handler installed before Impostor's:
    /// the Swift runtime's backtracer by default, the default action (SIG_DFL) without it, or a
    /// sanitizer's. The process ends as it would have without Impostor.
    @Test(arguments: ["", "SWIFT_BACKTRACE=enable=no "])
    func aFaultOutsideTheReaderStillEndsTheProcess(backtrace: String) throws {
        let output = try childRun(
            environment: backtrace + "IMPOSTOR_UNREADABLE_SCENARIO='fault elsewhere'", filter: "FaultOutsideTheReaderScenario",
            timeout: 120)
        #expect(output.contains("about to fault outside the reader"), "\(output)")
        #expect(!output.contains("still running after a fault"), "\(output)")
        let status = exitStatus(output)
        let sanitizer = output.contains("AddressSanitizer: SEGV") || output.contains("ThreadSanitizer: SEGV")
        #expect(status == 128 + SIGSEGV || (sanitizer && status != 0 && status != 124), "exit status \(status ?? -1): \(output)")
        if backtrace.isEmpty, !sanitizer {
            // The Swift runtime's crash handler got the fault, says where it was, and finished
            // its report (it reads memory on a thread that must be able to catch its own faults).
            #expect(output.contains("Program crashed: Bad pointer dereference"), "\(output)")
            #expect(output.contains("cgp_fault"), "\(output)")
            #expect(output.contains("Backtrace took"), "\(output)")
        }
    }

    /// A SIGSEGV handler the test installs after Impostor's takes the faults, the readers' too.
    @Test func aSignalHandlerInstalledLaterTakesPrecedence() throws {
        let output = try childRun(
            environment: "IMPOSTOR_UNREADABLE_SCENARIO='later handler'", filter: "LaterSignalHandlerScenario", timeout: 120)
        #expect(output.contains("test's own SIGSEGV handler"), "\(output)")
        #expect(exitStatus(output) == 42, "\(output)")
    }
}
