import CImpostorTestSupport
import Foundation
import Impostor
import Testing

// faultSweep(isolation: .childProcess()): each run in a child process that runs this test
// again up to the sweep, so a run that aborts the process is one run's outcome.

@Suite(.mockery) struct FaultSweepIsolationTests {
    @Test func aRunThatAbortsIsReportedAndTheSweepGoesOn() throws {
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let path = NSTemporaryDirectory() + "impostor-abort-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        defer { close(fd); unlink(path) }
        let runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO, isolation: .childProcess()) { _ in
            _ = cf_flush_twice_or_abort(fd)
        }
        // Each of the two fsyncs failing aborts its child (SIGABRT); the third run is untouched.
        #expect(runs.map(\.k) == [1, 2, 3], "\(runs)")
        #expect(runs.map(\.outcome) == [.crashed, .crashed, .returned], "\(runs)")
        #expect(runs.prefix(2).allSatisfy { $0.crash == .signal(SIGABRT) }, "\(runs)")
        #expect(runs.last?.selectedCalls == 2)
        #expect(runs.first?.failedCallDescription?.hasPrefix("fsync(") == true, "the child said which call it failed: \(runs)")
        #expect(runs.description.contains("crashed: killed by signal 6 (Aborted)"), "\(runs)")
    }

    /// A run whose body traps (a library's `fatalError` on a failed call, as GRDB's on a failed
    /// malloc) shows why in the sweep's table: the fatal error's text and the first frames.
    @Test func aRunThatTrapsShowsTheTrapsMessage() throws {
        let path = NSTemporaryDirectory() + "impostor-trap-\(getpid())"
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO, isolation: .childProcess()) { _ in
            let data = Array("trapped".utf8)
            if cf_save_atomically(path, data, data.count, 0) != 0 { fatalError("the journal could not be synced") }
        }
        #expect(runs.map(\.outcome) == [.crashed, .returned], "\(runs)")
        let output = try #require(runs.first?.crashOutput, "\(runs)")
        #expect(output.contains("Fatal error: the journal could not be synced"), "\(output)")
        #expect(output.contains("FaultSweepIsolationTests.swift"), "the fatal error's file and line: \(output)")
        #expect(runs.description.contains("| ") && runs.description.contains("the journal could not be synced"), "\(runs)")
        #expect(runs.last?.crashOutput == nil)
    }

    /// The async form, isolated: each child runs this async test again up to the sweep.
    @Test func anAsyncBodyIsSweptInChildProcesses() async throws {
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let path = NSTemporaryDirectory() + "impostor-async-abort-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        defer { close(fd); unlink(path) }
        let runs = await faultSweep(fsyncMock(any()), returning: -1, errno: EIO, isolation: .childProcess()) { _ in
            await Task.yield()
            _ = cf_flush_twice_or_abort(fd)
        }
        #expect(runs.map(\.outcome) == [.crashed, .crashed, .returned], "\(runs)")
        #expect(runs.prefix(2).allSatisfy { $0.crash == .signal(SIGABRT) }, "\(runs)")
    }

    @Test func aChildRunReportsTheFailedCallAndWhatTheBodyThrew() throws {
        let path = NSTemporaryDirectory() + "impostor-isolated-\(getpid())"
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO, isolation: .childProcess()) { _ in
            let data = Array("isolated".utf8)
            guard cf_save_atomically(path, data, data.count, 0) == 0 else { throw SaveFailed(errno: errno) }
        }
        #expect(runs.map(\.outcome) == [.threw, .returned], "\(runs)")
        #expect(runs.first?.errorDescription == "SaveFailed(errno: 5)")
        #expect(runs.first?.failedCallDescription?.hasSuffix("-> -1 (injected fault, errno 5: Input/output error)") == true)
        #expect(runs.first?.failedCall == nil, "the Invocation stays in the child")
    }

    /// A test with two sweeps: the child of the second, isolated, one runs the first sweep in
    /// full, in-process, as the parent did, and fails a call only at its own sweep's site.
    @Test func aChildAppliesItsFaultPointOnlyAtItsOwnSweep() {
        let first: ct_binary_i32 = mockFunction(named: "first")
        let second: ct_binary_i32 = mockFunction(named: "second")
        stub(first(any(), any())).returning(1)
        stub(second(any(), any())).returning(2)
        let inProcess = faultSweep(first(any(), any()), returning: -1) { _ in
            for index in 1...2 { _ = ct_call_binary_i32(first, 0, Int32(index)) }
        }
        #expect(inProcess.runs.map(\.k) == [1, 2, 3], "\(inProcess)")
        let isolated = faultSweep(second(any(), any()), returning: -1, isolation: .childProcess()) { _ in
            for index in 1...3 { _ = ct_call_binary_i32(second, 0, Int32(index)) }
        }
        #expect(isolated.runs.map(\.k) == [1, 2, 3, 4], "\(isolated)")
        #expect(isolated.runs.map(\.selectedCalls) == [3, 3, 3, 3], "\(isolated)")
        #expect(isolated.runs.map(\.outcome) == [.returned, .returned, .returned, .returned], "\(isolated)")
        #expect(isolated.runs.prefix(3).map(\.failedCallDescription) == [
            "second(0, 1) -> -1 (injected fault)", "second(0, 2) -> -1 (injected fault)", "second(0, 3) -> -1 (injected fault)",
        ], "\(isolated)")
    }

    /// A run whose child hangs comes back timed out, whether `timeout` ended it with SIGTERM
    /// (status 124) or, since it ignored that, with SIGKILL ten seconds later (status 137): both
    /// are "still running after 5 s, killed", not a signal of the run's own. The limit covers
    /// the clean first run too: 1 s was too little for a child under ASan on a loaded machine
    /// (CI saw it killed), which then stopped the sweep before any fault.
    @Test func aRunThatHangsComesBackTimedOutEvenIfItIgnoresSIGTERM() {
        let step: ct_binary_i32 = mockFunction(named: "step")
        stub(step(any(), any())).returning(1)
        let runs = faultSweep(step(any(), any()), returning: -1, isolation: .childProcess(timeout: .seconds(5))) { _ in
            if ct_call_binary_i32(step, 0, 1) == -1 {
                signal(SIGTERM, SIG_IGN)
                while true { pause() }
            }
            if ct_call_binary_i32(step, 0, 2) == -1 {
                while true { pause() }
            }
        }
        #expect(runs.map(\.k) == [1, 2, 3], "\(runs)")
        #expect(runs.map(\.outcome) == [.crashed, .crashed, .returned], "\(runs)")
        #expect(runs.prefix(2).map(\.crash) == [.timedOut(seconds: 5), .timedOut(seconds: 5)], "\(runs)")
        #expect(runs.description.contains("still running after 5 s, killed"), "\(runs)")
    }

    @Test func aBodyThatCrashesWithNoFaultIsReportedOnce() {
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        var runs: FaultSweep?
        let failures = captureFailures {
            runs = faultSweep(fsyncMock(any()), returning: -1, isolation: .childProcess()) { _ in abort() }
        }
        #expect(runs?.isEmpty == true)
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.hasPrefix(
            "faultSweep(fsync(any()), isolation: .childProcess()) first runs the body in a child process with no fault "
                + "injected, and that child ended (killed by signal 6 (Aborted)): the body fails without any fault, so no run "
                + "could tell what a fault does."), "\(message)")
        // And why it crashed, as a crashed run shows it (the runtime's report, without a
        // sanitizer's; libc's abort has no frame pointers, so its frames stop at the first).
        if InterpositionTestSupport.sanitizer == nil {
            #expect(message.contains(" It printed last:\n") && message.contains("Program crashed: Aborted"), "\(message)")
        }
    }

    @Test func outsideATestThereIsNothingToRunAgain() async {
        let failures = await Task.detached {
            captureFailures {
                let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
                _ = faultSweep(fsyncMock(any()), returning: -1, isolation: .childProcess()) { _ in }
            }
        }.value
        #expect(failures.map(\.message).contains(
            "faultSweep(..., isolation: .childProcess()) runs the current Swift Testing test again in a child process, and "
                + "no Swift Testing test is running here. Call it from a @Test, or sweep in-process (isolation: .none)."))
    }

    @Test(arguments: [1]) func aParameterizedTestCannotIsolateItsRuns(_: Int) {
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let failures = captureFailures {
            _ = faultSweep(fsyncMock(any()), returning: -1, isolation: .childProcess()) { _ in }
        }
        #expect(failures.map(\.message) == [
            "faultSweep(..., isolation: .childProcess()) cannot isolate the runs of aParameterizedTestCannotIsolateItsRuns(_:): "
                + "it is parameterized, and a child process can run only all of its cases. Move the sweep into a test without "
                + "arguments, or sweep in-process."
        ])
    }
}
