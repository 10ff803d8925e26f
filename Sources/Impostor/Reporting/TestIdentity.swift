import Testing

/// The test a Mockery was made in, so that a failure raised after that test ended can be told
/// apart from one the test itself can still be failed for.
///
/// Interned, one object per test: every released mock keeps its Mockery's for life, so each
/// pays one reference for it.
final class TestIdentity: Sendable, Equatable {
    /// What tells one test from another.
    enum Key: Sendable, Hashable {
        /// Where the test is declared: unique per test.
        case swiftTesting(fileID: String, line: Int, column: Int)
        /// One case of a parameterized test run under the `.mockery` trait: its test's place and
        /// the case's number among every case the trait ran in this process.
        case swiftTestingCase(fileID: String, line: Int, column: Int, serial: Int)
        case xcTest(String)
        /// A test made up by Impostor's own tests and benchmarks (``standingIn(for:)``).
        case standIn(String)
    }

    /// `lateCallerTest()`, for messages.
    let name: String
    let key: Key

    private init(_ key: Key, name: String) {
        self.key = key
        self.name = name
    }

    private static let interned = Locked<[Key: TestIdentity]>([:])

    /// The case of a parameterized test this task runs, when the `.mockery` trait gave it one:
    /// cases run in parallel, and each owns its interpositions as a test of its own would.
    @TaskLocal static var testCase: TestIdentity?

    private static let caseSerials = Locked(0)

    /// A new identity for one case of `test` (see ``testCase``).
    static func newCase(of test: Test) -> TestIdentity {
        let serial = caseSerials.withLock { count in
            count += 1
            return count
        }
        let place = test.sourceLocation
        return interned(.swiftTestingCase(fileID: place.fileID, line: place.line, column: place.column, serial: serial),
                        name: test.name)
    }

    /// A new identity for the case of a parameterized test this task runs, when nothing (the
    /// `.mockery` trait) gave it one: for a scope whose mocks must answer this case alone,
    /// since its cases run in parallel (``withVirtualTime(startingAt:in:executable:advancing:fileID:filePath:line:column:_:)-26gdx``).
    /// Nil outside such a case, where ``testCase`` stands.
    static func caseOfItsOwn() -> TestIdentity? {
        guard testCase == nil, let test = Test.current, Test.Case.current?.isParameterized == true else { return nil }
        return newCase(of: test)
    }

    /// The test running in this task (Swift Testing) or on this thread (XCTest), if any.
    static var current: TestIdentity? {
        if let testCase { return testCase }
        if let test = Test.current {
            let place = test.sourceLocation
            return interned(.swiftTesting(fileID: place.fileID, line: place.line, column: place.column), name: test.name)
        }
        if let name = TestFrameworkHooks.currentTestCaseName { return interned(.xcTest(name), name: name) }
        return nil
    }

    /// The key of the test running in this task or on this thread, if any: `current`'s, without
    /// the lock and the hashing of interning it, for routing calls, which only compares it with
    /// identities that exist already (the one interned for a key is the only one with it).
    static var currentKey: Key? {
        if let testCase { return testCase.key }
        if let test = Test.current {
            let place = test.sourceLocation
            return .swiftTesting(fileID: place.fileID, line: place.line, column: place.column)
        }
        if let name = TestFrameworkHooks.currentTestCaseName { return .xcTest(name) }
        return nil
    }

    /// The identity of a made-up test named `name`, the same object for the same name: what a
    /// Mockery standing in for a test owns (see `Mockery.init(_:standingInForTest:)`).
    static func standingIn(for name: String) -> TestIdentity { interned(.standIn(name), name: name) }

    private static func interned(_ key: Key, name: String) -> TestIdentity {
        interned.withLock { table in
            if let known = table[key] { return known }
            let identity = TestIdentity(key, name: name)
            table[key] = identity
            return identity
        }
    }

    static func == (lhs: TestIdentity, rhs: TestIdentity) -> Bool { lhs === rhs }
}
