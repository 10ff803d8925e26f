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
/// after `limit` runs (reported). A run that crashes the process ends the test run: keep the
/// body's effects in a temporary directory and check what it left after the sweep.
public func faultSweep<Result>(
    _ prototype: @autoclosure () -> Result, returning value: Result, errno: Int32? = nil, limit: Int = 10_000,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (_ k: Int) throws -> Void
) -> FaultSweep {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let stubbing = Stubbing<Result>(patterns: StubFunctions.checked(
        Result.self, StubFunctions.patterns(count: 1, shape: .oneCallEach, site: site) { _ in PrototypeRecorder.noteResult(prototype()) },
        site: site))
    let prototypeText = stubbing.bound.map(\.description).joined(separator: " or ")
    guard !stubbing.bound.isEmpty, let states = stubbing.installFailing(.onCall(1), value: value, errno: errno, site: site)
    else { return FaultSweep(prototype: prototypeText, runs: []) }
    defer { for state in states { state.deactivate() } }
    var runs: [FaultRun] = []
    var k = 1
    while true {
        for state in states { state.restart(.onCall(k)) }
        var thrown: (any Error)?
        let failures = captureFailures {
            do { try body(k) } catch { thrown = error }
        }
        for state in states { state.deactivate() }
        let selected = states.reduce(0) { $0 + $1.selectedCalls }
        let failedCall: Invocation? = selected < k ? nil : zip(stubbing.bound, states).lazy.compactMap { pattern, state in
            state.lastFailedStamp.flatMap { stamp in pattern.invocations().first { $0.stamp == stamp } }
        }.first
        runs.append(FaultRun(k: k, selectedCalls: selected, failedCall: failedCall, error: thrown, failures: failures))
        if selected < k { break }
        if k >= limit {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepLimitReached(prototypeText, limit: limit), site: site))
            break
        }
        k += 1
    }
    if runs.count == 1, runs[0].selectedCalls == 0 {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.sweepWithoutMatchingCall(prototypeText), site: site))
    }
    return FaultSweep(prototype: prototypeText, runs: runs)
}

/// One run of a fault sweep: which call failed and how the body ended.
public struct FaultRun: CustomStringConvertible {
    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// The body returned and Impostor raised no failure.
        case returned
        /// The body threw ``FaultRun/error``.
        case threw
        /// Impostor raised failures during the run (``FaultRun/failures``), whatever the body did.
        case raisedFailures
    }

    /// The run's number: the k-th selected call failed in it (none in the last run).
    public let k: Int
    /// How many calls the prototype selected in this run.
    public let selectedCalls: Int
    /// The call that was failed, as recorded; nil in the last run, which made fewer than `k`
    /// calls and ran untouched.
    public let failedCall: Invocation?
    /// What the body threw, if it threw.
    public let error: (any Error)?
    /// The failures Impostor raised during the run, which did not fail the test.
    public let failures: [ImpostorFailure]

    /// How the run ended.
    public var outcome: Outcome {
        if !failures.isEmpty { return .raisedFailures }
        return error == nil ? .returned : .threw
    }

    /// `3  write(5, 0x…, 4096) -> -1 (injected fault, errno 5: …)  threw SaveError.io`.
    public var description: String {
        let call = failedCall?.description ?? "no call failed (\(selectedCalls) selected)"
        let ending = switch outcome {
        case .returned: "returned"
        case .threw: "threw \(error.map { String(describing: $0) } ?? "")"
        case .raisedFailures: "raised \(failures.count) Impostor failure\(failures.count == 1 ? "" : "s"): \(failures[0].message)"
        }
        return "\(k)  \(call)  \(ending)"
    }
}

/// Every run of a ``faultSweep(_:returning:errno:limit:fileID:filePath:line:column:_:)``, in order,
/// printed as a table (what an `#expect` on it shows when it fails).
public struct FaultSweep: RandomAccessCollection, CustomStringConvertible {
    /// The swept prototype: `write(any(), any(), any())`.
    public let prototype: String
    /// The runs, k = 1 first.
    public let runs: [FaultRun]

    public var startIndex: Int { runs.startIndex }
    public var endIndex: Int { runs.endIndex }
    public subscript(position: Int) -> FaultRun { runs[position] }

    /// One line per run: k, the call failed, how the run ended.
    public var description: String {
        (["fault sweep over \(prototype), \(runs.count) run\(runs.count == 1 ? "" : "s"):"] + runs.map { "  " + $0.description })
            .joined(separator: "\n")
    }
}
