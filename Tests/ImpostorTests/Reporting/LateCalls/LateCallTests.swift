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

    /// Four C threads calling a released mock 50,000 times each, while its test still runs:
    /// one failure, whose text the test's thread writes when it collects it, with the count.
    @Test(.mockery) func lateCallsFromFourThreadsAreReportedOnceWithTheirExactCount() {
        var inner: Mockery? = Mockery("inner")
        let hammer = inner!.mock(of: ct_fn_thread_call.self, named: "innerHammer")
        inner = nil
        #expect(ct_call_from_threads(hammer, 4, 50_000) == 0)
        let failures = captureFailures { Mockery.current.assertIsSatisfied() }
        #expect(failures.count == 1, "\(failures.prefix(3))")
        #expect(failures.first?.message.hasPrefix("\(Self.released) innerHammer: 200,000 calls after its Mockery was released, the first from thread 0x") == true,
                "\(failures.prefix(3))")
    }

    /// The same after the test ended: the report fails the run at once, and the run's last
    /// lines give the exact total; the output stays small.
    @Test func lateCallsFromFourThreadsAfterTheTestEndedAreReportedOnceAndTotalledAtExit() throws {
        let run = try #require(childRun(filter: "LateCallHammerScenario"))
        #expect(run.status != 0, "the run must fail")
        #expect(run.output.components(separatedBy: "\(Self.released) lateHammer:").count == 2, "one report: \(run.output.prefix(4000))")
        #expect(run.output.contains("was made in test leavesAMockBehind(), which had ended, so it fails the test run instead"))
        #expect(run.output.contains("\n  lateHammer: 200,000 calls (the report gave "), "\(run.output.suffix(2000))")
        #expect(run.output.contains("fourThreadsCallItFiftyThousandTimesEach() passed"), "the calling test is not blamed")
        let impostorLines = run.output.split(separator: "\n").filter { $0.hasPrefix("Impostor") || $0.hasPrefix("  ") }
        #expect(impostorLines.reduce(0) { $0 + $1.utf8.count + 1 } < 4096, "\(impostorLines)")
    }

    /// The summary at exit names ten mocks at most, then counts the rest.
    @Test func theExitSummaryOfLateCallsIsBounded() throws {
        let run = try #require(childRun(filter: "LateCallManyMocksScenario"))
        #expect(run.status != 0, "the run must fail")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count { $0.contains("\(Self.released) lateMock") } == 12, "one report per mock")
        #expect(lines.count { $0.hasPrefix("  lateMock") && $0.hasSuffix(" 2 calls (the report gave 1)") } == 10, "\(run.output.suffix(2000))")
        #expect(lines.contains("  and 2 more released mocks"), "\(run.output.suffix(2000))")
    }

    /// A report delivered with its final count is not summarized at exit: only the mock called
    /// again after its report is, and the run passes (each report reached its test).
    @Test func theExitSummaryNamesOnlyMocksCalledAfterTheirReport() throws {
        let run = try #require(childRun(filter: "LateCallFinalCountScenario"))
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        #expect(run.output.contains("collectsTwoReportsOfOneCallEach() passed"), "\(run.output.suffix(3000))")
        #expect(run.output.contains("\n  lateGrown: 2 calls (the report gave 1)\n"), "\(run.output.suffix(3000))")
        #expect(!run.output.contains("  lateFinal:"), "a report that gave the final count is summarized again: \(run.output.suffix(3000))")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count { $0.hasPrefix("Impostor: released mocks were called again after their report") } == 1, "\(run.output.suffix(3000))")
        #expect(lines.count { $0.hasPrefix("  late") } == 1, "one mock summarized: \(run.output.suffix(3000))")
    }

    /// A report still waiting in the store of a Mockery that outlived the run was never
    /// delivered to a test: the summary says so and the run fails ("none is lost").
    @Test func aReportNoTestCollectedFailsTheRunAtExit() throws {
        let run = try #require(childRun(filter: "LateCallUndeliveredScenario"))
        #expect(run.status == 1, "the run must fail: \(run.output.suffix(3000))")
        #expect(run.output.contains("leavesAReportNoTestCollects() passed"), "\(run.output.suffix(3000))")
        #expect(run.output.contains(
            "\n  lateUndelivered: 1 call (never reported: it was still waiting for a test's thread)\n"), "\(run.output.suffix(3000))")
        #expect(run.output.contains(
            "\nImpostor: 1 failure that no test's thread collected (listed above); exiting with status 1.\n"), "\(run.output.suffix(3000))")
    }

    /// A matcher left on a thread that no running test owns, when the thread ends: on
    /// standard error at the matcher's line, failing the run, and not the test's failure.
    @Test func aMatcherLeftOnAnEndingThreadNoTestOwnsFailsTheRun() throws {
        let run = try #require(childRun(filter: "MatcherOnEndedThreadScenario"))
        #expect(run.status != 0, "the run must fail")
        #expect(run.output.contains(
            "Impostor failure: ImpostorTests/LateCallScenarios.swift:107:35: Matcher any() was used outside stub(...) or verify(...), "
                + "where it means nothing, on a thread that then ended. Write matchers only inside the prototype of a stub or verify. "
                + "No test still running owned that thread's calls"), "\(run.output.suffix(3000))")
        #expect(run.output.contains("leavesAMatcherOnAThreadThatEnds() passed"))
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

    /// Run alone in a child process (see the next test), since the heap figure is the whole
    /// process's: after the first late call, which is reported, the others only count.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "late heap"))
    func lateCallsAfterTheFirstAllocateNothing() {
        var mockery: Mockery? = Mockery("late heap")
        let add = mockery!.mock(of: ct_binary_i32.self, named: "lateHeap")
        mockery = nil
        #expect(captureFailures { _ = ct_call_binary_i32(add, 1, 2) }.count == 1)
        var results: Int32 = 0
        var grown = 0
        let later = captureFailures {
            // The loop once before measuring: in a debug build its first run instantiates the
            // runtime's metadata for `Range<Int32>` iteration, which takes a 16 KB slab or not
            // depending on what the process instantiated before. That is the test's, not Impostor's.
            for index in 0..<Int32(10) { results |= ct_call_binary_i32(add, index, 1) }
            let before = cx_heap_in_use()
            for index in 0..<Int32(100_000) { results |= ct_call_binary_i32(add, index, 1) }
            grown = Int(cx_heap_in_use()) - Int(before)
        }
        #expect(later.isEmpty)
        #expect(results == 0)
        #expect(grown < 1024, "100,000 late calls allocated \(grown) bytes")
    }

    /// The count goes on after the report was delivered; the report was delivered, so the
    /// run's last lines give the total without failing the run.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") == nil))
    func theRunTotalsLateCallsThatFollowADeliveredReportWithoutFailing() throws {
        let run = try #require(childRun(filter: "lateCallsAfterTheFirstAllocateNothing", environment: "IMPOSTOR_ALONE='late heap'"))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("lateCallsAfterTheFirstAllocateNothing() passed"), "\(run.output)")
        #expect(run.output.contains("\n  lateHeap: 100,011 calls (the report gave 1)\n"), "\(run.output)")
    }

    /// Runs this test binary again with only `filter`'s tests enabled, and returns what it
    /// printed and its exit status.
    private func childRun(filter: String, environment: String = "IMPOSTOR_LATE_CALL_SCENARIO=1") -> (output: String, status: Int32)? {
        var path = [CChar](repeating: 0, count: 4096)
        guard readlink("/proc/self/exe", &path, path.count - 1) > 0 else { return nil }
        let executable = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Killed after two minutes, so that a hang fails the test instead of the whole run.
        let command = "\(environment) timeout -k 5 120 '\(executable)' --testing-library swift-testing --filter \(filter) 2>&1; echo \"exit status $?\""
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
