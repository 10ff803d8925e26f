/// Whose calls an interposed symbol's mock answers; every other call reaches the original.
///
/// Rebinding a symbol is process-wide, and Swift Testing runs tests in parallel in one
/// process, so by default a mock answers only the test that interposed it.
public enum InterposedCallers: Sendable, Hashable {
    /// Calls made by the test that interposed the symbol: from its task and the tasks it
    /// starts (Swift Testing), from its thread (XCTest), and from threads that run their work
    /// inside `mockery.withCurrent { }` of that test's Mockery. Outside any test, every call.
    case thisTest
    /// Every call in the process, from any thread, including other tests running in parallel.
    /// For code under test that calls from threads of its own; keep other tests that call the
    /// symbol from running at the same time.
    case everyThread
}
