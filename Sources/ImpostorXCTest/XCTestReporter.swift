import Impostor
import XCTest

/// Reports Impostor's failures to the running XCTest test case, found through XCTest's own
/// observation API.
///
/// A report is made directly only on the thread that runs the test case: XCTest expects
/// failures on its own thread, like Swift Testing. Failures from other threads wait in the
/// Mockery's store, and the ones left at the end of a test case are reported to it before it
/// finishes.
final class XCTestReporter: NSObject, XCTestObservation, TestFrameworkReporter, @unchecked Sendable {
    // @unchecked: NSObject is not Sendable. XCTest calls the observer methods on its own
    // thread, the shared state is in `current`, and the test case in it is only used on the
    // thread it runs on.

    private struct Current {
        var testCase: XCTestCase?
        var thread: UInt = 0
    }

    private let current = Locked(Current())

    /// Observes XCTest and reports to it. Installed once, when the library is loaded (see
    /// `impostor_xctest_loaded`), before XCTest announces its first test case.
    static func install() { _ = installed }

    private static let installed: Void = {
        let reporter = XCTestReporter()
        XCTestObservationCenter.shared.addTestObserver(reporter)
        TestFrameworkHooks.install(reporter)
    }()

    // MARK: TestFrameworkReporter

    func report(_ failure: ImpostorFailure) -> Bool {
        guard let testCase = testCaseOnThisThread() else { return false }
        testCase.recordFailure(
            withDescription: failure.message, inFile: failure.site.filePath, atLine: failure.site.line, expected: true)
        return true
    }

    func currentTestCaseName() -> String? { testCaseOnThisThread()?.name }

    private func testCaseOnThisThread() -> XCTestCase? {
        let thread = CallingThread.current.id
        return current.withLock { $0.thread == thread ? $0.testCase : nil }
    }

    // MARK: XCTestObservation

    func testCaseWillStart(_ testCase: XCTestCase) {
        let thread = CallingThread.current.id
        current.withLock { $0 = Current(testCase: testCase, thread: thread) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        // Before forgetting the test case, so that the failures reach it.
        TestFrameworkHooks.testCaseDidFinish()
        current.withLock { $0 = Current() }
    }
}

/// Called by CImpostorXCTest's load-time constructor.
@_cdecl("impostor_xctest_loaded")
func impostorXCTestLoaded() {
    XCTestReporter.install()
}
