// The verification entry points, Mockito-style.

/// Verifies that the call `prototype` describes happened at least once.
///
/// ```swift
/// verify(add(1, 2))
/// verify(add(any(), gt(4)))
/// ```
///
/// On failure, reports at this line which call was expected, how often, and every call the
/// mock did receive, the differing arguments marked, nearest match first.
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func verify<Result>(
    _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verification.run(mode: .atLeastOnce, timeout: nil, site: site) { PrototypeRecorder.note(prototype) }
}

/// Verifies that the call `prototype` describes happened as often as `mode` says.
///
/// ```swift
/// verify(.exactly(2), add(any(), 5))
/// verify(.never, add(9, 9))
/// ```
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func verify<Result>(
    _ mode: VerificationMode, _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verification.run(mode: mode, timeout: nil, site: site) { PrototypeRecorder.note(prototype) }
}

/// Verifies that each mock call in `group` happened as often as `mode` says (at least once by
/// default).
///
/// ```swift
/// verify { add(1, 2); onEvent(3, nil) }
/// ```
public func verify(
    _ mode: VerificationMode = .atLeastOnce,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    @PrototypeList _ group: () throws -> Void
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verification.run(mode: mode, timeout: nil, shape: .group, site: site, group)
}

/// Verifies a call that may come from another thread: waits up to `timeout` for it to happen
/// at least once.
///
/// It waits by blocking the calling thread. When the call comes from a Swift task, that task
/// may need the very thread blocked (the cooperative pool has as many threads as cores), so
/// make such calls on a `Thread` or in C, or await the task before a plain `verify`.
///
/// ```swift
/// startWorker(callback)
/// verify(within: .seconds(1), callback(7, any()))
/// ```
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func verify<Result>(
    within timeout: Duration, _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verification.run(mode: .atLeastOnce, timeout: timeout, site: site) { PrototypeRecorder.note(prototype) }
}

/// Verifies calls that may come from another thread: waits up to `timeout` for them to
/// happen as `mode` says.
///
/// Succeeds as soon as the count satisfies `mode`; `.never` and `.atMost` can only fail later,
/// so they watch the whole duration, as Mockito's `after` does.
/// It blocks the calling thread while it waits, as `verify(within:_:)` explains.
///
/// ```swift
/// verify(within: .milliseconds(200), .never, callback(-1, any()))
/// ```
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func verify<Result>(
    within timeout: Duration, _ mode: VerificationMode, _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verification.run(mode: mode, timeout: timeout, site: site) { PrototypeRecorder.note(prototype) }
}

/// Verifies that the mock calls in `sequence` happened in this order, across mocks. Other
/// calls may come in between.
///
/// ```swift
/// verifyInOrder {
///     open(cString("db"))
///     query(any())
///     close(any())
/// }
/// ```
public func verifyInOrder(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    @PrototypeList _ sequence: () throws -> Void
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let patterns = Verification.patterns(shape: .group, site: site, sequence) else { return }
    OrderVerifier.verify(patterns, site: site)
}

/// Verifies calls that may come from other threads in order: waits up to `timeout` for the
/// mock calls in `sequence` to have happened in this order, across mocks.
///
/// Succeeds as soon as the whole sequence is found; at the timeout, fails with the order
/// expected and the calls received.
///
/// ```swift
/// startWorker(open, onEvent)
/// verifyInOrder(within: .seconds(1)) {
///     open(1, 2)
///     onEvent(3, any())
/// }
/// ```
public func verifyInOrder(
    within timeout: Duration,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    @PrototypeList _ sequence: () throws -> Void
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let patterns = Verification.patterns(shape: .group, site: site, sequence) else { return }
    OrderVerifier.verify(patterns, timeout: timeout, site: site)
}

/// Verifies that every call the mocks received was accounted for by an earlier `verify`.
///
/// ```swift
/// verify(add(1, 2))
/// verifyNoMoreInvocations(add)
/// ```
///
/// For C mocks and Swift mocks alike: a Swift mock's calls to all its members count, listed
/// oldest first. Something that is not a mock, or a mock released with its Mockery (whose
/// calls are gone), is reported at this line.
public func verifyNoMoreInvocations<each Mock>(
    _ mocks: repeat each Mock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    repeat Verification.checkUnverified(each mocks, allCalls: false, site: site)
}

/// Verifies that the mocks received no calls at all.
///
/// Something that is not a mock, or a mock released with its Mockery, is reported at this
/// line, as for ``verifyNoMoreInvocations(_:fileID:filePath:line:column:)``.
public func verifyZeroInvocations<each Mock>(
    _ mocks: repeat each Mock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    repeat Verification.checkUnverified(each mocks, allCalls: true, site: site)
}

enum Verification {
    static func patterns(
        count: Int = 1, shape: PrototypeEvaluation.Shape, site: SourceSite, _ prototype: () throws -> Void
    ) -> [any BoundPattern]? {
        FailureReporter.flush(Mockery.current.pendingFailures)
        FailureReporter.flush(.global)
        return PrototypeEvaluation.patterns(count: count, shape: shape, purpose: "verify", site: site) { _ in
            // A block of steps may hold `try` (a throwing member's prototype), which makes it a
            // throwing closure; a recorded prototype does not throw, so an error here is the
            // block's own.
            do {
                try prototype()
            } catch {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.prototypeBlockThrew(ValueFormatter.describeSwiftValue(error)), site: site))
            }
        }
    }

    static func run(
        mode: VerificationMode, timeout: Duration?, shape: PrototypeEvaluation.Shape = .oneCallEach,
        site: SourceSite, _ prototype: () throws -> Void
    ) {
        guard let patterns = patterns(shape: shape, site: site, prototype) else { return }
        Verifier.verify(patterns, mode: mode, timeout: timeout, site: site)
        for pattern in patterns { FailureReporter.flush(pattern.pendingFailures) }
    }

    /// `verifyNoMoreInvocations` / `verifyZeroInvocations`: every call to `mock` (each member
    /// of a Swift mock), or those no verify has accounted for, fails at `site`.
    static func checkUnverified<Mock>(_ mock: Mock, allCalls: Bool, site: SourceSite) {
        guard let whole = MockRegistry.wholeMock(of: mock) else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.notAMock("\(Mock.self)"), site: site))
            return
        }
        FailureReporter.flush(whole.pendingFailures)
        if whole.isReleased {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(whole.name), site: site))
            return
        }
        let offending = whole.recordedCalls(unverifiedOnly: !allCalls)
        guard !offending.isEmpty else { return }
        FailureReporter.report(ImpostorFailure(
            message: allCalls
                ? FailureMessages.unexpectedCalls(mock: whole.name, calls: offending)
                : FailureMessages.unverifiedCalls(mock: whole.name, calls: offending),
            site: site))
    }
}
