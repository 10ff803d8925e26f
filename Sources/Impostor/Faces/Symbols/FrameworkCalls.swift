/// The rule that keeps the test framework's own calls away from a test's mocks.
///
/// A call made by Swift Testing or XCTest, by Impostor itself (its reports and its waits), or by
/// the Swift runtime and Foundation on their behalf is not the code under test: it reaches the
/// real function, on whatever thread or task it is made, whatever the interposition answers.
/// So a test that fakes `clock_gettime` still has its failed `#expect` timed by the real clock,
/// and a `write` stubbed to fail everywhere does not silence Impostor's own report.
///
/// How a call is recognised (in C, at the dispatcher, see `got_framework.c`): by the object it
/// returns into. Into Swift Testing's or XCTest's libraries, it is theirs. Into the Swift runtime
/// libraries, Foundation or libdispatch, the frame chain is walked up past their frames, and the
/// first frame outside them decides: `Date()` called by a test is the test's, the clock read by
/// `Issue.record` through `SuspendingClock.now` is the framework's. Impostor marks its own code on
/// the thread while it runs. A scope that names a framework library itself
/// (`in: "libTesting"`) asks for the framework's calls: then they reach the mock.
enum FrameworkCalls {
    /// Libraries of the test frameworks, by the start of their file names.
    static let frameworkLibraries = ["libTesting", "lib_TestingInterop", "lib_Testing_", "libXCTest"]

    /// Whether the object at `path` (a path or file name) is a framework library.
    static func isFrameworkLibrary(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return frameworkLibraries.contains { name.hasPrefix($0) }
    }

    /// Whether `scope` names a framework library itself.
    static func names(frameworkLibrary scope: InterpositionScope) -> Bool {
        guard case .library(let name) = scope else { return false }
        return frameworkLibraries.contains { name.hasPrefix($0) }
    }
}
