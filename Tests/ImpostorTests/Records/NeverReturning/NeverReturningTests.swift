import Testing

/// A call whose answer never returns (a stub's block or an expectation's action that leaves with
/// `longjmp`, as C libraries let callbacks fail) is in the log before the answer runs and stays
/// there, listed as "did not return": verify, `.never`, in-order checks, captors and
/// expectations all see it. The scenarios (NeverReturningScenarios) run in a child process with
/// a timeout, once on each entry path.
@Suite(.enabled(if: !neverReturningScenario))
struct NeverReturningTests {
    static let scenarios = [
        "aStubBlockTheEntryPointRunsJumpsBack", "aStubBlockTheHandlerRunsJumpsBack", "aStubBlockOfAMockThatCopiesTextJumpsBack",
        "anExpectationsActionJumpsBack", "failuresAfterAJumpGoWhereTheyWouldHaveGone",
        "aReleaseWhileAnAnswerRunsOnAnotherThreadLeavesItsRecordForTheClose",
    ]

    @Test(arguments: ["", "IMPOSTOR_TRAMPOLINE=libffi "])
    func callsWhoseAnswerJumpsBackAreLoggedAsNotReturned(entry: String) throws {
        let output = try childRun(
            environment: entry + "IMPOSTOR_NEVER_RETURNING=1", filter: "NeverReturningScenarios", timeout: 120)
        #expect(exitStatus(output) == 0, "\(entry)\(output.suffix(6000))")
        for scenario in Self.scenarios {
            let passed = output.split(separator: "\n").contains { $0.contains("Test \(scenario)()") && $0.contains(" passed after ") }
            #expect(passed, "\(entry)\(scenario) did not pass")
        }
    }
}
