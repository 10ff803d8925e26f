import Testing

/// A Swift Testing trait that gives each test its own ``Mockery``.
///
/// Mocks made with `mockFunction` inside the test belong to it; when the test ends, failures
/// raised on other threads (a C library's worker calling a mock unexpectedly, say) are
/// reported against the test, and its mocks are released.
///
/// ```swift
/// @Test(.mockery) func publishes() {
///     let callback: @convention(c) (Int32) -> Void = mockFunction(named: "callback")
///     ...
/// }
/// ```
///
/// On a suite, `@Suite(.mockery)`, every test in it (nested suites included) gets its own
/// Mockery, as if each were marked.
public struct MockeryTrait: TestTrait, SuiteTrait, TestScoping {
    /// True: marking a suite gives every test inside it, at any depth, its own Mockery.
    public var isRecursive: Bool { true }

    /// Scopes each test (each case of a parameterized one), never a suite as a whole: one
    /// Mockery is one test's.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> MockeryTrait? {
        // Swift Testing asks for a test function as a whole (no case) and then for each of its
        // cases: scoping only the cases gives each exactly one Mockery.
        testCase == nil ? nil : self
    }

    /// Runs the test with a new Mockery as ``Mockery/current``, then checks and releases it.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Each case of a parameterized test is a test of its own to the mocks it interposes:
        // cases run in parallel, and one case's mock must not answer another's calls.
        let testCase = testCase?.isParameterized == true ? TestIdentity.newCase(of: test) : nil
        try await TestIdentity.$testCase.withValue(testCase) {
            let mockery = Mockery(test.name)
            try await mockery.withCurrent { try await function() }
            mockery.assertIsSatisfied()
        }
    }
}

extension Trait where Self == MockeryTrait {
    /// Gives the test (or each test of the suite) its own ``Mockery``, checked and released
    /// when the test ends.
    public static var mockery: Self { MockeryTrait() }
}
