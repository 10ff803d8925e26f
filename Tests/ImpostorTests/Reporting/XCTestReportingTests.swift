import CImpostorTestSupport
import Impostor
import XCTest

/// Failures inside an XCTest are reported through XCTest, at the verify's own line.
///
/// Through the ImpostorXCTest product, which this target links and never imports or sets up:
/// its load-time constructor installs the reporter.
final class XCTestReportingTests: XCTestCase {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    private var capturing = false
    private var captured: [(description: String, file: String, line: Int)] = []

    // The XCTestExpectFailure-style capture that corelibs XCTest lacks: failures recorded while
    // `capturing` are kept for the test to inspect instead of failing it.
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailingVerifyIsReportedThroughXCTestAtItsLine() {
        let add: Binary = mockFunction(named: "add")
        _ = cv_call_binary(add, 1, 3)
        capturing = true
        let verifyLine = #line + 1
        verify(add(1, 2))
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, verifyLine)
        XCTAssertEqual(captured.first?.file, #filePath)
        XCTAssertTrue(captured.first?.description.hasPrefix("Expected add to receive add(1, 2) at least once") == true)
    }

    func testPassingVerifyRecordsNothing() {
        let add: Binary = mockFunction(named: "add")
        _ = cv_call_binary(add, 1, 2)
        capturing = true
        verify(add(1, 2))
        capturing = false
        XCTAssertTrue(captured.isEmpty)
    }

    func testReporterIsInstalledWithoutSetupAndKnowsThisTestCase() {
        XCTAssertTrue(TestFrameworkHooks.isInstalled)
        XCTAssertEqual(TestFrameworkHooks.currentTestCaseName, name)
    }

    func testFailureOnACThreadReachesTheTestCaseWhenItEnds() {
        let event: cv_event_fn = mockFunction(named: "event")
        let misuseLine = #line + 1
        stub(event(any(), any())).with { (call: Invocation) in _ = call.argument(0, as: Int64.self) }
        cv_join(cv_call_later(event, 1, nil, 1, 0))
        // What ImpostorXCTest's observer calls as XCTest finishes a test case.
        capturing = true
        TestFrameworkHooks.testCaseDidFinish()
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, misuseLine)
        XCTAssertTrue(captured.first?.description.hasPrefix("Cannot read argument 0 of a call to event as Int64") == true)
    }
}
