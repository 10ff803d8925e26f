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
public struct MockeryTrait: TestTrait, TestScoping {
    /// Runs the test with a new Mockery as ``Mockery/current``, then checks and releases it.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let mockery = Mockery(test.name)
        try await mockery.withCurrent { try await function() }
        mockery.assertIsSatisfied()
    }
}

extension Trait where Self == MockeryTrait {
    /// Gives the test its own ``Mockery``, checked and released when the test ends.
    public static var mockery: Self { MockeryTrait() }
}
