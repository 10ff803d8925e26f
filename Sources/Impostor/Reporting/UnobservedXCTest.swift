/// Where failures go while XCTest runs tests without the ImpostorXCTest product, which
/// reports to it: standard error, after a hint printed once that says what to link, and the
/// process's exit status (see ``LateFailures``).
///
/// Without that product XCTest cannot see Impostor's failures: kept for a test's thread, they
/// would wait for a Swift Testing test that never comes, and the XCTest case would pass in
/// silence. Only while XCTest is running, so that a process running Swift Testing (with XCTest
/// loaded by SwiftPM's runner) keeps failures from C threads for its tests as usual.
package final class UnobservedXCTest: Sendable {
    /// The process-wide one, writing to standard error.
    static let standardError = UnobservedXCTest(
        isXCTestRunning: { XCTestPresence.isRunning }, write: { StandardError.write($0) }, fail: { LateFailures.report($0) })

    private let hinted = Locked(false)
    private let isXCTestRunning: @Sendable () -> Bool
    private let write: @Sendable (String) -> Void
    private let fail: @Sendable (ImpostorFailure) -> Void

    /// Asks `isXCTestRunning` whether XCTest runs, writes the hint through `write`, and hands
    /// each failure to `fail`.
    package init(
        isXCTestRunning: @escaping @Sendable () -> Bool, write: @escaping @Sendable (String) -> Void,
        fail: @escaping @Sendable (ImpostorFailure) -> Void
    ) {
        self.isXCTestRunning = isXCTestRunning
        self.write = write
        self.fail = fail
    }

    /// Fails the run with `failure` (after the hint, the first time) when XCTest is running;
    /// false when it is not, and the failure is left to the caller. Called for a failure that found no Swift
    /// Testing test and no installed XCTest reporter.
    package func report(_ failure: ImpostorFailure) -> Bool {
        // Asked outside the lock: it looks at the loaded libraries under the loader's lock.
        guard isXCTestRunning() else { return false }
        let first = hinted.withLock { hinted in
            defer { hinted = true }
            return !hinted
        }
        if first { write(FailureMessages.xctestWithoutImpostorXCTest) }
        fail(failure)
        return true
    }
}
