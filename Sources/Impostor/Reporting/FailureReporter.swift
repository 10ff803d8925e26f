import Synchronization
import Testing

/// Delivers failures to whoever should see them.
///
/// A report goes to Swift Testing (`Issue.record`) when a Swift Testing test is current, to
/// XCTest (`recordFailure`) when an XCTest test case runs on this thread, and otherwise waits.
/// Each framework ignores reports made under the other, so the choice is made per report.
/// Swift Testing drops an `Issue.record` made on a thread that is not the test's own, and a
/// mock may be called on any thread a C library likes. So a failure raised where no test is
/// current is kept, and reported on the test's thread at the next Impostor call made there
/// (creating, querying or verifying mocks, or the end of a Mockery's scope). None is lost.
enum FailureReporter {
    /// Where failures go inside ``captureFailures(_:)-48uu4``.
    @TaskLocal static var capture: FailureCapture?

    /// Reports `failure` now if this thread can, or keeps it in `pending` for the test's
    /// thread: by default the store of the Mockery whose mock is answering a call on this
    /// thread, else the process-wide one.
    static func report(_ failure: ImpostorFailure, pending: PendingFailures? = nil) {
        let pending = pending ?? PendingFailures.answering ?? .global
        if let capture {
            capture.append(failure)
        } else if Test.current != nil {
            record(failure)
        } else if failure.isWarning, TestFrameworkHooks.currentTestCaseName != nil {
            // XCTest has no warnings: print it where the test's output is.
            StandardError.write("Impostor warning: \(failure)\n")
        } else if reportToXCTest(failure) {
            return
        } else {
            pending.append(failure)
        }
    }

    /// Reports a failure raised after the Mockery that owns `store` was released (a call to a
    /// released mock): to the test that made the Mockery if it is still running on this
    /// thread, else to the enclosing `.mockery` test if that is still running, else to the
    /// test run as a whole. Never to an unrelated test, and never silently.
    static func reportAfterRelease(_ entry: PendingFailure, from store: PendingFailures) {
        if let capture {
            capture.append(entry.failure)
            return
        }
        if let owner = store.owner, owner == TestIdentity.current {
            if Test.current != nil {
                record(entry.failure)
                return
            }
            if reportToXCTest(entry.failure) { return }
        }
        if let parent = store.parent, parent.appendToNearestLive(entry) { return }
        let failure = entry.failure
        let annotated = ImpostorFailure(
            message: failure.message + " " + FailureMessages.reportedToTheRun(test: store.owner?.name, mockery: store.mockeryName),
            site: failure.site, isWarning: failure.isWarning)
        if annotated.isWarning {
            StandardError.write("Impostor warning: \(annotated)\n")
            return
        }
        LateFailures.report(annotated)
    }

    /// Reports a failure found as a thread ended (a matcher left over on it): kept for the test
    /// of `owner`, or of the nearest enclosing Mockery, while its Mockery lives, else to the
    /// test run. The ending thread has no test of its own, and will make no further call.
    static func reportFromEndedThread(_ failure: ImpostorFailure, owner: PendingFailures?) {
        if let owner, owner.appendToNearestLive(.failure(failure)) { return }
        LateFailures.report(ImpostorFailure(
            message: failure.message + " " + FailureMessages.endedThreadReportedToTheRun, site: failure.site))
    }

    /// Reports the failures kept in `pending`. Called on the test's thread by the Impostor
    /// entry points that run there; on a thread that is answering a call without a test (a
    /// stub's block that queries mocks on a C library's thread), they stay kept for the test's
    /// thread, which may still be running.
    static func flush(_ pending: PendingFailures) {
        if capture == nil, Test.current == nil, PendingFailures.answering != nil { return }
        let failures = pending.takeAll()
        guard !failures.isEmpty else { return }
        if let capture {
            for failure in failures { capture.append(failure) }
        } else if Test.current != nil {
            for failure in failures { record(failure) }
        } else {
            // No test can take them: they fail the run (standard error, then the exit status);
            // warnings are only printed.
            for failure in failures {
                if failure.isWarning {
                    StandardError.write("Impostor warning: \(failure)\n")
                } else if !reportToXCTest(failure) {
                    LateFailures.report(failure)
                }
            }
        }
    }

    /// Reports to the XCTest test case running on this thread, if there is one.
    private static func reportToXCTest(_ failure: ImpostorFailure) -> Bool {
        GOT.asOwnCode { TestFrameworkHooks.report(failure) }
    }

    /// The report is Impostor's own code, and the framework's calls it leads to are the
    /// framework's (see ``FrameworkCalls``): both reach the real functions.
    private static func record(_ failure: ImpostorFailure) {
        GOT.asOwnCode { recordWithSwiftTesting(failure) }
    }

    private static func recordWithSwiftTesting(_ failure: ImpostorFailure) {
        Issue.record(
            Comment(rawValue: failure.message),
            severity: failure.isWarning ? .warning : .error,
            sourceLocation: SourceLocation(
                fileID: failure.site.fileID, filePath: failure.site.filePath,
                line: failure.site.line, column: failure.site.column))
    }
}

/// A failure waiting in a ``PendingFailures`` store, as it was raised or written only when it
/// is delivered.
enum PendingFailure: Sendable {
    case failure(ImpostorFailure)
    /// A released mock's late calls: the text gives their count when it is delivered.
    case lateCalls(LateCallReport)

    /// The failure's text as of now.
    var failure: ImpostorFailure {
        switch self {
        case .failure(let failure): failure
        case .lateCalls(let report): report.failure()
        }
    }
}

/// Failures raised on a thread where no test was current, waiting for the test's thread.
@usableFromInline
final class PendingFailures: Sendable {
    private let failures = Locked<[PendingFailure]>([])
    /// Set when the Mockery that owns this store is gone.
    private let orphaned = Atomic<Bool>(false)
    /// The test the owning Mockery was made in, if any.
    let owner: TestIdentity?
    /// The owning Mockery's name, for messages.
    let mockeryName: String
    /// The store of the Mockery that was current when the owner was made (a `.mockery`
    /// test's): where failures go once this one's Mockery is gone, while that one lives.
    let parent: PendingFailures?

    init(mockeryName: String = "", owner: TestIdentity? = nil, parent: PendingFailures? = nil) {
        self.mockeryName = mockeryName
        self.owner = owner
        self.parent = parent
    }

    /// For failures that concern no mock.
    static let global = PendingFailures()

    func append(_ failure: ImpostorFailure) { append(.failure(failure)) }

    func append(_ entry: PendingFailure) {
        if !appendIfLive(entry) { FailureReporter.reportAfterRelease(entry, from: self) }
    }

    /// Keeps `entry` unless the owning Mockery is gone; false then. The check is made under the
    /// lock its Mockery's last flush takes after orphaning the store, so an entry is never left
    /// in a store that flush has already emptied.
    func appendIfLive(_ entry: PendingFailure) -> Bool {
        let kept = failures.withLock { failures in
            if self !== Self.global, orphaned.load(ordering: .acquiring) { return false }
            failures.append(entry)
            return true
        }
        // Whatever is still here when the process exits was never reported: fail the run.
        if kept { ExitCheck.arm() }
        return kept
    }

    /// Keeps `entry` in this store or the nearest ancestor whose Mockery lives; false when
    /// none does.
    func appendToNearestLive(_ entry: PendingFailure) -> Bool {
        var candidate: PendingFailures? = self
        while let store = candidate {
            if store.appendIfLive(entry) { return true }
            candidate = store.parent
        }
        return false
    }

    /// Sends this store's future failures on through ``FailureReporter/reportAfterRelease(_:from:)``:
    /// its Mockery is gone.
    func orphan() { orphaned.store(true, ordering: .releasing) }

    /// True once the owning Mockery is gone.
    var isOrphaned: Bool { orphaned.load(ordering: .acquiring) }

    /// The store of the Mockery whose stub is answering a call on this thread.
    static var answering: PendingFailures? {
        guard let pointer = ThreadState.answeringFailures else { return nil }
        return Unmanaged<PendingFailures>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// What a stub's answer begun by ``beginAnswering(frame:)`` replaced on its thread.
    @usableFromInline
    struct AnsweringMark {
        let failures: UnsafeMutableRawPointer?
        let stack: UInt
    }

    /// ``whileAnswering(_:)`` in two halves, for the typed entry point of a Swift mock, which
    /// runs a stub's block inline rather than in a closure (a closure around the block and its
    /// arguments cost more than the rest of the answer). `frame` is an address in the frame
    /// that runs the block: an answer left by `longjmp` is told apart by it. Pair every call
    /// with ``endAnswering(_:)``.
    @usableFromInline
    func beginAnswering(frame: UnsafeRawPointer) -> AnsweringMark {
        // Sound: the caller keeps `self` (its mock's store) alive until `endAnswering`.
        let mark = ThreadState.mark(of: ThreadState.beginAnswering(
            Unmanaged.passUnretained(self).toOpaque(), frame: UInt(bitPattern: frame)))
        return AnsweringMark(failures: mark.failures, stack: mark.stack)
    }

    /// Puts back what ``beginAnswering(frame:)`` replaced.
    @usableFromInline
    static func endAnswering(_ mark: AnsweringMark) { ThreadState.endAnswering(mark: (mark.failures, mark.stack)) }

    /// Runs `body` (a stub's answer) with failures raised on this thread going to this store.
    @inline(__always)
    @usableFromInline
    func whileAnswering(_ body: () -> Void) {
        // Sound: `self` outlives `body`, and the previous value is restored before returning;
        // a body left by `longjmp` never returns here, and `ThreadState.answeringFailures` then
        // tells its stale value by the frame address kept with it.
        let previous = ThreadState.beginAnswering(Unmanaged.passUnretained(self).toOpaque())
        defer { ThreadState.endAnswering(previous) }
        withExtendedLifetime(self) { body() }
    }

    /// Takes every waiting failure, oldest first, with the texts written now.
    func takeAll() -> [ImpostorFailure] {
        let entries = failures.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
        return entries.map(\.failure)
    }
}

/// Collects failures instead of reporting them; see ``captureFailures(_:)-48uu4``.
final class FailureCapture: Sendable {
    private let failures = Locked<[ImpostorFailure]>([])

    func append(_ failure: ImpostorFailure) { failures.withLock { $0.append(failure) } }

    var all: [ImpostorFailure] { failures.withLock { $0 } }
}

/// Runs `body` and returns the failures Impostor raised during it, instead of failing the
/// current test: the seam for testing code that is expected to misuse mocks (and for
/// Impostor's own tests).
///
/// Failures raised on other threads during `body` (kept until a test's thread collects them)
/// are included when they belong to the current Mockery or to no Mockery.
///
/// ```swift
/// let failures = captureFailures {
///     _ = invocations(of: add)[0].argument(0, as: Int64.self)
/// }
/// #expect(failures.first?.message.contains("that parameter is Int32") == true)
/// ```
public func captureFailures(_ body: () throws -> Void) rethrows -> [ImpostorFailure] {
    let capture = FailureCapture()
    try FailureReporter.$capture.withValue(capture) {
        try body()
        FailureReporter.flush(Mockery.current.pendingFailures)
        FailureReporter.flush(.global)
    }
    return capture.all
}

/// Runs the async `body` and returns the failures Impostor raised during it, instead of
/// failing the current test; see the synchronous form.
///
/// ```swift
/// let failures = await captureFailures {
///     await context.waitUntil(door.is("closed"), timeout: .milliseconds(100))
/// }
/// ```
public func captureFailures(_ body: () async throws -> Void) async rethrows -> [ImpostorFailure] {
    let capture = FailureCapture()
    try await FailureReporter.$capture.withValue(capture) {
        try await body()
        FailureReporter.flush(Mockery.current.pendingFailures)
        FailureReporter.flush(.global)
    }
    return capture.all
}
