import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A C library may call a mock after the test that made it is over. Such a call is reported
/// to that test while it can still be failed, and otherwise fails the test run: never an
/// unrelated test, and never silently.
@Suite struct LateCallTests {
    private static let released = "Call to released mock"

    @Test(.mockery) func aLateCallWhileItsTestStillRunsIsReportedToThatTest() {
        var inner: Mockery? = Mockery("inner")
        let callback = inner!.mock(of: cv_event_fn.self, named: "innerCallback")
        inner = nil
        cv_join(cv_call_later(callback, 1, nil, 1, 0))
        withKnownIssue("the C thread called a mock whose Mockery was released during this test") {
            Mockery.current.assertIsSatisfied()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("\(Self.released) innerCallback") }
        }
    }

    @Test func aLateCallAfterItsTestEndedFailsASerialRun() throws {
        let run = try #require(childRun(filter: "LateCallSerialScenario"))
        #expect(run.status != 0, "the run must fail")
        #expect(run.output.contains("\(Self.released) lateCallback"))
        #expect(run.output.contains("was made in test handsAMockToALateThread(), which had ended, so it fails the test run instead"))
        #expect(run.output.contains("runsLongerWithoutImpostor() passed"), "the test running at the time is not blamed")
    }

    @Test func aLateCallAfterItsTestEndedFailsAParallelRun() throws {
        let run = try #require(childRun(filter: "LateCallParallelScenario"))
        #expect(run.status != 0, "the run must fail")
        #expect(run.output.contains("\(Self.released) lateParallelCallback"))
        #expect(run.output.contains("usesImpostorMeanwhile() passed"), "the test that used Impostor meanwhile is not blamed")
    }

    /// A late failure belongs to the test that made the mock, not to the test whose thread
    /// happens to call it: that test passes and the run fails, naming the first.
    @Test func aLateCallFromAnotherTestsThreadIsNotThatTestsFailure() throws {
        let run = try #require(childRun(filter: "LateCallOtherTestScenario"))
        #expect(run.status != 0, "the run must fail")
        #expect(run.output.contains("\(Self.released) leftBehindAdd"))
        #expect(run.output.contains("was made in test leavesAMockInAGlobal(), which had ended, so it fails the test run instead"))
        #expect(run.output.contains("callsTheMockLeftBehind() passed"), "the test whose thread called is not blamed")
    }

    /// Runs this test binary again with only `filter`'s tests enabled, and returns what it
    /// printed and its exit status.
    private func childRun(filter: String) -> (output: String, status: Int32)? {
        var path = [CChar](repeating: 0, count: 4096)
        guard readlink("/proc/self/exe", &path, path.count - 1) > 0 else { return nil }
        let executable = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let command = "IMPOSTOR_LATE_CALL_SCENARIO=1 '\(executable)' --testing-library swift-testing --filter \(filter) 2>&1; echo \"exit status $?\""
        guard let pipe = popen(command, "r") else { return nil }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        pclose(pipe)
        let marker = "exit status "
        guard let last = output.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) else { return nil }
        return (output, Int32(last.dropFirst(marker.count)) ?? -1)
    }
}
