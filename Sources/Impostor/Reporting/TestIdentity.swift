import Testing

/// The test a Mockery was made in, so that a failure raised after that test ended can be told
/// apart from one the test itself can still be failed for.
struct TestIdentity: Sendable, Equatable {
    private enum Key: Sendable, Equatable {
        /// Where the test is declared: unique per test, and cheap to keep (its strings are the
        /// test's own), which matters because released mocks keep it for life.
        case swiftTesting(fileID: String, line: Int, column: Int)
        case xcTest(String)
    }

    private let key: Key
    /// `lateCallerTest()`, for messages.
    let name: String

    /// The test running in this task (Swift Testing) or on this thread (XCTest), if any.
    static var current: TestIdentity? {
        if let test = Test.current {
            let place = test.sourceLocation
            return TestIdentity(key: .swiftTesting(fileID: place.fileID, line: place.line, column: place.column), name: test.name)
        }
        if let name = TestFrameworkHooks.currentTestCaseName { return TestIdentity(key: .xcTest(name), name: name) }
        return nil
    }
}
