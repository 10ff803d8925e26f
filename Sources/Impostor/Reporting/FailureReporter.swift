import CImpostor
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
    /// Where failures go inside ``captureFailures(_:)``.
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
        } else if reportToXCTest(failure) {
            return
        } else {
            pending.append(failure)
        }
    }

    /// Reports the failures kept in `pending`. Called on the test's thread by the Impostor
    /// entry points that run there.
    static func flush(_ pending: PendingFailures) {
        let failures = pending.takeAll()
        guard !failures.isEmpty else { return }
        if let capture {
            for failure in failures { capture.append(failure) }
        } else if Test.current != nil {
            for failure in failures { record(failure) }
        } else {
            for failure in failures where !reportToXCTest(failure) { printToStandardError(failure) }
        }
    }

    /// Reports to the XCTest test case running on this thread, if there is one.
    private static func reportToXCTest(_ failure: ImpostorFailure) -> Bool {
        TestFrameworkHooks.report(failure)
    }

    private static func record(_ failure: ImpostorFailure) {
        Issue.record(
            Comment(rawValue: failure.message),
            sourceLocation: SourceLocation(
                fileID: failure.site.fileID, filePath: failure.site.filePath,
                line: failure.site.line, column: failure.site.column))
    }

    private static func printToStandardError(_ failure: ImpostorFailure) {
        StandardError.write("Impostor failure: \(failure)\n")
    }
}

/// Failures raised on a thread where no test was current, waiting for the test's thread.
final class PendingFailures: Sendable {
    private let failures = Locked<[ImpostorFailure]>([])
    /// Set when the Mockery that owns this store is gone: later failures go to `global`.
    private let orphaned = Atomic<Bool>(false)

    /// For mocks whose Mockery is gone, and failures that concern no mock.
    static let global = PendingFailures()

    func append(_ failure: ImpostorFailure) {
        if orphaned.load(ordering: .acquiring), self !== Self.global {
            Self.global.append(failure)
        } else {
            failures.withLock { $0.append(failure) }
        }
    }

    /// Hands this store's future failures to `global`: its Mockery is gone.
    func orphan() { orphaned.store(true, ordering: .releasing) }

    /// The store of the Mockery whose stub is answering a call on this thread.
    static var answering: PendingFailures? {
        guard let pointer = impostor_current_thread_state().pointee.answering_failures else { return nil }
        return Unmanaged<PendingFailures>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` (a stub's answer) with failures raised on this thread going to this store.
    @inline(__always)
    func whileAnswering(_ body: () -> Void) {
        let state = impostor_current_thread_state()
        let previous = state.pointee.answering_failures
        // Sound: `self` outlives `body`, and the previous value is restored before returning.
        state.pointee.answering_failures = Unmanaged.passUnretained(self).toOpaque()
        defer { state.pointee.answering_failures = previous }
        withExtendedLifetime(self) { body() }
    }

    func takeAll() -> [ImpostorFailure] {
        failures.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
    }
}

/// Collects failures instead of reporting them; see ``captureFailures(_:)``.
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
