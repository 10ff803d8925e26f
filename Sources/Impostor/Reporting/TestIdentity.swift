import Testing

/// The test a Mockery was made in, so that a failure raised after that test ended can be told
/// apart from one the test itself can still be failed for.
struct TestIdentity: Sendable, Equatable {
    private enum Key: Sendable, Equatable {
        case swiftTesting(Test.ID)
        case xcTest(String)
    }

    private let key: Key
    /// `lateCallerTest()`, for messages.
    let name: String

    /// The test running in this task (Swift Testing) or on this thread (XCTest), if any.
    static var current: TestIdentity? {
        if let test = Test.current { return TestIdentity(key: .swiftTesting(test.id), name: test.name) }
        #if canImport(XCTest)
        if let name = XCTestReporting.currentTestCaseName() { return TestIdentity(key: .xcTest(name), name: name) }
        #endif
        return nil
    }
}
