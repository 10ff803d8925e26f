import Testing

/// The test framework's own calls are not the code under test: while a test interposes what
/// Swift Testing, the Swift runtime or Impostor call themselves, a failure is still recorded,
/// timed by the real clock, and the process goes on (see FrameworkCallsScenarios, which these
/// run in a child process with a timeout: the failure they guard against traps or hangs).
@Suite(.enabled(if: !frameworkCallsScenario))
struct FrameworkCallsTests {
    @Test(arguments: [
        "aFailedExpectationWhileOnlyTheWallClockIsStubbed", "aRefusalReportedAtInterposeWhileAnUnstubbedClockIsInPlace",
        "writeStubbedToFailInEveryObject",
    ])
    func theFrameworksCallsReachTheRealFunction(scenario: String) throws {
        for entry in ["", "IMPOSTOR_TRAMPOLINE=libffi "] {
            let output = try childRun(
                environment: entry + "IMPOSTOR_FRAMEWORK_SCENARIO=1", filter: "FrameworkCallsScenarios/\(scenario)", timeout: 120)
            #expect(exitStatus(output) == 0, "\(entry)\(output.suffix(6000))")
            let passed = output.split(separator: "\n").contains {
                $0.contains("Test \(scenario)()") && $0.contains("passed after") && $0.contains("known issue")
            }
            #expect(passed, "\(entry)\(scenario) did not pass with its known issue: \(output.suffix(6000))")
        }
    }
}
