#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` again and again with one more call failing each time: the k-th call the
/// prototype selects fails in run k, for k = 1, 2, … until a run makes fewer than k such calls.
///
/// SQLite's test practice, per test: every error path the calls can take is run once.
///
/// ```swift
/// let write = interpose("write", as: Write.self, in: .mainExecutable)
/// let runs = faultSweep(write(eq(fd), any(), any()), returning: -1, errno: EIO) { k in
///     try saveDocument(to: path)                 // returns or throws
/// }
/// #expect(runs.allSatisfy { $0.outcome != .returned || $0.failedCall == nil })
/// ```
///
/// Every run is kept, whatever it did: the sweep never stops at the first failure, and
/// Impostor failures raised during a run are returned with it rather than failing the test.
/// The last run is the one that made fewer than k calls: it ran untouched. The sweep stops
/// after `limit` runs (reported). In-process (the default) a run that crashes the process ends
/// the test run; with `isolation: .childProcess()` each run is made in a child process that
/// runs the test again up to the sweep, so a crash or a hang is one run's outcome
/// (``FaultRun/Outcome/crashed``) and the sweep goes on.
public func faultSweep<Result>(
    _ prototype: @autoclosure () -> Result, returning value: Result, errno: Int32? = nil, limit: Int = 10_000,
    isolation: FaultIsolation = .none,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (_ k: Int) throws -> Void
) -> FaultSweep {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    switch FaultSweepDriver.start(prototype(), value: value, errno: errno, limit: limit, isolation: isolation, site: site) {
    case .done(let sweep):
        return sweep
    case .isolated(let parent):
        // First a run with no fault: how many calls the body selects, and that it ends at all.
        let baseline = parent.run(0)
        guard let count = parent.runs(after: baseline) else { return FaultSweep(prototype: parent.prototypeText, runs: []) }
        return parent.sweep(baseline: baseline, runs: (0..<count).map { parent.run($0 + 1) })
    case .inProcess(var driver):
        while let k = driver.nextRun() {
            var thrown: (any Error)?
            let failures = captureFailures {
                do { try body(k) } catch { thrown = error }
            }
            driver.finish(k, thrown: thrown, failures: failures)
        }
        return driver.sweep
    }
}

/// Runs the `async` body again and again with one more call failing each time: the form of
/// ``faultSweep(_:returning:errno:limit:isolation:fileID:filePath:line:column:_:)-(_,_,_,_,_,_,_,_,_,(Int)->Void)``
/// for code under test that is `async`, with the same runs, table and isolation.
///
/// ```swift
/// let runs = await faultSweep(fsyncMock(any()), returning: -1, errno: EIO) { _ in
///     try await store.save(document)
/// }
/// ```
///
/// An isolated sweep (`isolation: .childProcess()`) waits for each child on a thread of its
/// own, not on one of the tasks' threads, so other tests' tasks go on meanwhile.
public func faultSweep<Result>(
    _ prototype: @autoclosure () -> Result, returning value: Result, errno: Int32? = nil, limit: Int = 10_000,
    isolation: FaultIsolation = .none,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (_ k: Int) async throws -> Void
) async -> FaultSweep {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    switch FaultSweepDriver.start(prototype(), value: value, errno: errno, limit: limit, isolation: isolation, site: site) {
    case .done(let sweep):
        return sweep
    case .isolated(let parent):
        // As in the synchronous form, each child waited for on a thread of its own.
        let baseline = await parent.runOnItsOwnThread(0)
        guard let count = parent.runs(after: baseline) else { return FaultSweep(prototype: parent.prototypeText, runs: []) }
        var runs: [FaultRun] = []
        for k in 1..<count + 1 { runs.append(await parent.runOnItsOwnThread(k)) }
        return parent.sweep(baseline: baseline, runs: runs)
    case .inProcess(var driver):
        while let k = driver.nextRun() {
            var thrown: (any Error)?
            let failures = await captureFailures {
                do { try await body(k) } catch { thrown = error }
            }
            driver.finish(k, thrown: thrown, failures: failures)
        }
        return driver.sweep
    }
}

/// The steps a fault sweep takes, shared by its synchronous and `async` forms: only running
/// the body differs between them.
struct FaultSweepDriver {
    enum Start {
        /// Nothing to run (a misuse reported, or nothing selected): the sweep's result.
        case done(FaultSweep)
        /// Runs in this process, one after the other.
        case inProcess(FaultSweepDriver)
        /// Runs in child processes (the parent's side).
        case isolated(IsolatedFaultSweep)
    }

    let prototypeText: String
    private let bound: [any BoundPattern]
    private let states: [FaultState]
    private let limit: Int
    private let site: SourceSite
    /// The one run a child of an isolated sweep makes, if this process is one.
    private let point: Int?
    private var k: Int
    private var runs: [FaultRun] = []
    private var finished = false

    static func start<Result>(
        _ prototype: @autoclosure () -> Result, value: Result, errno: Int32?, limit: Int, isolation: FaultIsolation,
        site: SourceSite
    ) -> Start {
        guard limit >= 1 else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepLimitTooSmall(limit), site: site))
            return .done(FaultSweep(prototype: "", runs: []))
        }
        if case .childProcess(let timeout) = isolation, FaultSweepChild.point(at: site) == nil {
            return IsolatedFaultSweep.start(prototype(), site: site, limit: limit, timeout: timeout)
        }
        let (stubbing, prototypeText) = sweptPrototype(prototype(), site: site)
        guard !stubbing.bound.isEmpty, let states = stubbing.installFailing(.onCall(1), value: value, errno: errno, site: site)
        else { return .done(FaultSweep(prototype: prototypeText, runs: [])) }
        for state in states { state.deactivate() }
        return .inProcess(FaultSweepDriver(
            prototypeText: prototypeText, bound: stubbing.bound, states: states, limit: limit, site: site,
            point: FaultSweepChild.point(at: site)))
    }

    private init(prototypeText: String, bound: [any BoundPattern], states: [FaultState], limit: Int, site: SourceSite, point: Int?) {
        self.prototypeText = prototypeText
        self.bound = bound
        self.states = states
        self.limit = limit
        self.site = site
        self.point = point
        k = point ?? 1
    }

    /// The next run's k, with its fault armed; nil once the sweep is over.
    mutating func nextRun() -> Int? {
        guard !finished else { return nil }
        for state in states { state.restart(.onCall(k)) }
        return k
    }

    /// Records run `k`, whose body threw `thrown` and raised `failures`, and decides whether
    /// another follows. A child of an isolated sweep reports its one run and exits here.
    mutating func finish(_ k: Int, thrown: (any Error)?, failures: [ImpostorFailure]) {
        for state in states { state.deactivate() }
        let selected = states.reduce(0) { $0 + $1.selectedCalls }
        let failedCall: Invocation? = selected < k ? nil : zip(bound, states).lazy.compactMap { pattern, state in
            state.lastFailedStamp.flatMap { stamp in pattern.invocations().first { $0.stamp == stamp } }
        }.first
        let run = FaultRun(k: k, selectedCalls: selected, failedCall: failedCall, error: thrown, failures: failures)
        // A child of an isolated sweep makes its one run and tells the parent.
        if point != nil { FaultSweepChild.report(run) }
        runs.append(run)
        if selected < k {
            finished = true
        } else if k >= limit {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepLimitReached(prototypeText, limit: limit), site: site))
            finished = true
        } else {
            self.k = k + 1
        }
    }

    /// The sweep, once every run is made.
    var sweep: FaultSweep {
        if runs.count == 1, runs[0].selectedCalls == 0 {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepWithoutMatchingCall(prototypeText), site: site))
        }
        return FaultSweep(prototype: prototypeText, runs: runs)
    }
}

/// One run of a fault sweep: which call failed and how the body ended.
public struct FaultRun: CustomStringConvertible {
    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// The body returned and Impostor raised no failure.
        case returned
        /// The body threw (``FaultRun/error``, or ``FaultRun/errorDescription`` from a child).
        case threw
        /// Impostor raised failures during the run (``FaultRun/failures``), whatever the body did.
        case raisedFailures
        /// The run's child process died or hung (``FaultRun/crash`` says how); only with
        /// ``FaultIsolation/childProcess(timeout:)``.
        case crashed
    }

    /// How a child process that reported nothing ended.
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        /// Killed by this signal (11 is SIGSEGV, 6 SIGABRT).
        case signal(Int32)
        /// Still running after the timeout, and killed.
        case timedOut(seconds: Int)
        /// Exited with this status without reaching the sweep; the end of its output.
        case exited(Int32, tail: String)

        /// `killed by signal 6 (Aborted)`, `still running after 120 s, killed`.
        public var description: String {
            switch self {
            case .signal(let signal): "killed by signal \(signal) (\(String(cString: strsignal(signal))))"
            case .timedOut(let seconds): "still running after \(seconds) s, killed"
            case .exited(let status, _): "exited with status \(status) before the sweep"
            }
        }
    }

    /// The run's number: the k-th selected call failed in it (none in the last run).
    public let k: Int
    /// How many calls the prototype selected in this run.
    public let selectedCalls: Int
    /// The call that was failed, as recorded; nil in the last run, which made fewer than `k`
    /// calls and ran untouched, and for a run made in a child process.
    public let failedCall: Invocation?
    /// The failed call as listed (`fsync(5) -> -1 (injected fault, …)`), in or out of process
    /// (a child announces it as it fails the call, so a run that crashed has it too).
    public internal(set) var failedCallDescription: String?
    /// What the body threw, if it threw in this process.
    public let error: (any Error)?
    /// What the body threw, described, in or out of process.
    public let errorDescription: String?
    /// The failures Impostor raised during the run, which did not fail the test.
    public let failures: [ImpostorFailure]
    /// How the run ended.
    public let outcome: Outcome
    /// How its child process ended, for a crashed run.
    public let crash: Ending?
    /// What a crashed run's child printed last, for why it crashed: Swift's fatal-error line
    /// (`Database.swift:120: Fatal error: out of memory`) and the lines printed before it, at
    /// most 16, without the test framework's progress lines; nil for a run that did not crash
    /// or printed nothing. The sweep's table shows it under the run.
    public internal(set) var crashOutput: String?

    init(k: Int, selectedCalls: Int, failedCall: Invocation?, error: (any Error)?, failures: [ImpostorFailure], crash: Ending? = nil) {
        self.k = k
        self.selectedCalls = selectedCalls
        self.failedCall = failedCall
        failedCallDescription = failedCall?.description
        self.error = error
        errorDescription = error.map { String(describing: $0) }
        self.failures = failures
        self.crash = crash
        crashOutput = nil
        outcome = crash != nil ? .crashed : !failures.isEmpty ? .raisedFailures : error == nil ? .returned : .threw
    }

    /// A run a child process reported.
    init(k: Int, selectedCalls: Int, failedCallDescription: String?, outcome word: String, errorDescription: String?,
         failures: [ImpostorFailure]) {
        self.k = k
        self.selectedCalls = selectedCalls
        failedCall = nil
        self.failedCallDescription = failedCallDescription
        error = nil
        self.errorDescription = errorDescription
        self.failures = failures
        crash = nil
        crashOutput = nil
        outcome = switch word {
        case "threw": .threw
        case "raisedFailures": .raisedFailures
        default: .returned
        }
    }

    /// The outcome's name, as a child reports it.
    var outcomeWord: String {
        switch outcome {
        case .returned: "returned"
        case .threw: "threw"
        case .raisedFailures: "raisedFailures"
        case .crashed: "crashed"
        }
    }

    /// `3  write(5, 0x…, 4096) -> -1 (injected fault, errno 5: …)  threw SaveError.io`.
    public var description: String {
        let call = failedCallDescription ?? (outcome == .crashed ? "call \(k)" : "no call failed (\(selectedCalls) selected)")
        let ending = switch outcome {
        case .returned: "returned"
        case .threw: "threw \(errorDescription ?? "")"
        case .raisedFailures: "raised \(failures.count) Impostor failure\(failures.count == 1 ? "" : "s"): \(failures[0].message)"
        case .crashed: "crashed: \(crash.map { String(describing: $0) } ?? "")"
        }
        let output = crashOutput.map { "\n" + $0.split(separator: "\n").map { "     | " + $0 }.joined(separator: "\n") } ?? ""
        return "\(k)  \(call)  \(ending)\(output)"
    }
}

/// Every run of a ``faultSweep(_:returning:errno:limit:isolation:fileID:filePath:line:column:_:)-3nvll``, in order,
/// printed as a table (what an `#expect` on it shows when it fails).
public struct FaultSweep: RandomAccessCollection, CustomStringConvertible {
    /// The swept prototype: `write(any(), any(), any())`.
    public let prototype: String
    /// The runs, k = 1 first.
    public let runs: [FaultRun]

    /// 0: the first run, k = 1.
    public var startIndex: Int { runs.startIndex }
    /// The number of runs.
    public var endIndex: Int { runs.endIndex }
    /// The run at `position` (k = position + 1).
    public subscript(position: Int) -> FaultRun { runs[position] }

    /// One line per run: k, the call failed, how the run ended.
    public var description: String {
        (["fault sweep over \(prototype), \(runs.count) run\(runs.count == 1 ? "" : "s"):"] + runs.map { "  " + $0.description })
            .joined(separator: "\n")
    }
}

/// The parent of an isolated sweep: each run in a child process (see ``FaultSweepChild``). A
/// first child, run 0, makes no fault and counts the calls; runs 1 to `childCount` follow.
struct IsolatedFaultSweep {
    let prototypeText: String
    let site: SourceSite
    let limit: Int
    let timeout: Duration
    /// The test the children run again, by its filter.
    let test: String

    /// Checks that the sweep can be isolated here; misuse is reported and sweeps nothing.
    static func start<Result>(_ prototype: @autoclosure () -> Result, site: SourceSite, limit: Int, timeout: Duration) -> FaultSweepDriver.Start {
        // The prototype is evaluated once here too, for its text (and its misuse reports).
        let (stubbing, prototypeText) = sweptPrototype(prototype(), site: site)
        guard !stubbing.bound.isEmpty else { return .done(FaultSweep(prototype: prototypeText, runs: [])) }
        if let refusal = FaultSweepChild.refusal {
            FailureReporter.report(ImpostorFailure(message: refusal, site: site))
            return .done(FaultSweep(prototype: prototypeText, runs: []))
        }
        return .isolated(IsolatedFaultSweep(
            prototypeText: prototypeText, site: site, limit: limit, timeout: timeout, test: FaultSweepChild.currentTestFilter))
    }

    /// Run `k` in a child process, waited for on this thread.
    func run(_ k: Int) -> FaultRun { FaultSweepChild.run(k: k, test: test, site: site, timeout: timeout) }

    /// Run `k` in a child process, waited for on a thread of its own, so that no task's
    /// thread is held meanwhile.
    func runOnItsOwnThread(_ k: Int) async -> FaultRun {
        await FaultSweepChild.runOnItsOwnThread(k: k, test: test, site: site, timeout: timeout)
    }

    /// How many faulty runs follow the `baseline` run (k = 0, no fault); nil, reported, when
    /// it shows there is nothing to sweep.
    func runs(after baseline: FaultRun) -> Int? {
        if baseline.outcome == .crashed {
            let message = if case .exited(0, let tail)? = baseline.crash {
                FailureMessages.isolatedSweepNotReached(prototypeText, output: tail)
            } else {
                FailureMessages.isolatedSweepBaselineCrashed(
                    prototypeText, ending: baseline.crash.map { String(describing: $0) } ?? "", output: baseline.crashOutput)
            }
            FailureReporter.report(ImpostorFailure(message: message, site: site))
            return nil
        }
        let total = baseline.selectedCalls
        if total == 0 {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepWithoutMatchingCall(prototypeText), site: site))
        }
        if total > limit {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepLimitReached(prototypeText, limit: limit), site: site))
        }
        return min(total, limit)
    }

    /// The sweep: the faulty `runs` (k = 1, 2, …), then the untouched `baseline`.
    func sweep(baseline: FaultRun, runs: [FaultRun]) -> FaultSweep {
        var runs = runs
        let total = baseline.selectedCalls
        // The untouched run last, as in-process: the one that made fewer than k calls.
        if total <= limit {
            runs.append(FaultRun(
                k: total + 1, selectedCalls: total, failedCallDescription: nil, outcome: baseline.outcomeWord,
                errorDescription: baseline.errorDescription, failures: baseline.failures))
        }
        return FaultSweep(prototype: prototypeText, runs: runs)
    }
}

/// A sweep's prototype, bound as `stub(_:)` binds it, and its text for reports.
private func sweptPrototype<Result>(_ prototype: @autoclosure () -> Result, site: SourceSite) -> (Stubbing<Result>, String) {
    let stubbing = Stubbing<Result>(patterns: StubFunctions.checked(
        Result.self, StubFunctions.patterns(count: 1, shape: .oneCallEach, site: site) { _ in PrototypeRecorder.noteResult(prototype()) },
        site: site))
    return (stubbing, stubbing.bound.map(\.description).joined(separator: " or "))
}
