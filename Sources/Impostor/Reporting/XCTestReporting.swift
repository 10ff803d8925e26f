#if canImport(XCTest)
import Synchronization
import XCTest

/// Reports failures to the running XCTest test case, found through XCTest's own observation
/// API (so nothing has to be set up by the user).
///
/// A report is made directly only on the thread that runs the test case: XCTest expects
/// failures on its own thread, like Swift Testing. Failures from other threads wait in the
/// Mockery's store, and the ones left at the end of a test case are reported to it before it
/// finishes.
enum XCTestReporting {
    private struct Current {
        var testCase: XCTestCase?
        var thread: UInt = 0
    }

    private final class Observer: NSObject, XCTestObservation, @unchecked Sendable {
        // @unchecked: XCTest calls observers on its own thread; shared state is in `current`.
        func testCaseWillStart(_ testCase: XCTestCase) {
            XCTestReporting.current.withLock { $0.value = Current(testCase: testCase, thread: CallingThread.currentID) }
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            FailureReporter.flush(Mockery.current.pendingFailures)
            FailureReporter.flush(.global)
            XCTestReporting.current.withLock { $0.value = Current() }
        }
    }

    // The test case inside is only used on its own thread.
    private static let current = Locked(UncheckedBox(Current()))

    private static let installed: Bool = {
        XCTestObservationCenter.shared.addTestObserver(Observer())
        return true
    }()

    /// Starts observing XCTest. Runs when the library is loaded (see `impostor_library_loaded`),
    /// before XCTest announces its first test case.
    static func install() { _ = installed }

    /// The name of the XCTest test case running on this thread, if any.
    static func currentTestCaseName() -> String? {
        install()
        return current.withLock { box in
            box.value.thread == CallingThread.currentID ? box.value.testCase?.name : nil
        }
    }

    /// Reports `failure` to the XCTest test case running on this thread; false when none is.
    static func report(_ failure: ImpostorFailure) -> Bool {
        install()
        let testCase: XCTestCase? = current.withLock { box in
            box.value.thread == CallingThread.currentID ? box.value.testCase : nil
        }
        guard let testCase else { return false }
        testCase.recordFailure(
            withDescription: failure.message, inFile: failure.site.filePath, atLine: failure.site.line, expected: true)
        return true
    }
}

/// Carries a value that is only used under a lock.
private struct UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Called by CImpostor's load-time constructor.
@_cdecl("impostor_library_loaded")
func impostorLibraryLoaded() {
    XCTestReporting.install()
}
#endif
