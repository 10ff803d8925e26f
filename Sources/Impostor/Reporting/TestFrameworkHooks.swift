/// A test framework besides Swift Testing that Impostor reports to, plugged in from another
/// module of this package.
///
/// Impostor imports neither XCTest nor Foundation: importing XCTest brings Foundation's ICU
/// module into every test target that depends on Impostor, and that clashes with system ICU
/// headers (libxml2's, for one). So XCTest support lives in the ImpostorXCTest module, which
/// installs a reporter through ``TestFrameworkHooks/install(_:)`` when it is loaded.
package protocol TestFrameworkReporter: Sendable {
    /// Reports `failure` to the test case running on this thread; false when none runs here.
    func report(_ failure: ImpostorFailure) -> Bool

    /// The name of the test case running on this thread, or nil when none runs here.
    func currentTestCaseName() -> String?
}

/// Where a test framework's companion module plugs into Impostor's failure reporting.
///
/// The companion installs one ``TestFrameworkReporter`` and calls
/// ``testCaseDidFinish()`` as each of its test cases ends. ``FailureReporter`` asks the
/// reporter after Swift Testing and before keeping a failure for later.
package enum TestFrameworkHooks {
    private static let installed = Locked<(any TestFrameworkReporter)?>(nil)

    /// Makes `reporter` the one Impostor reports to; a later call replaces it.
    package static func install(_ reporter: any TestFrameworkReporter) {
        installed.withLock { $0 = reporter }
    }

    /// True once a companion module has installed its reporter.
    package static var isInstalled: Bool { reporter != nil }

    /// Reports the failures still waiting for a test's thread to the test case ending on this
    /// thread, before it finishes: the ones of the current Mockery and those of no Mockery.
    package static func testCaseDidFinish() {
        FailureReporter.flush(Mockery.current.pendingFailures)
        FailureReporter.flush(.global)
    }

    /// The name of the installed framework's test case running on this thread, or nil.
    package static var currentTestCaseName: String? { reporter?.currentTestCaseName() }

    /// Reports `failure` through the installed reporter; false when it has no test case on
    /// this thread. With no reporter while XCTest runs tests, prints the failure to standard
    /// error (after a hint to link ImpostorXCTest, the first time), since nothing else will.
    static func report(_ failure: ImpostorFailure) -> Bool {
        guard let reporter else { return UnobservedXCTest.standardError.report(failure) }
        return reporter.report(failure)
    }

    private static var reporter: (any TestFrameworkReporter)? { installed.withLock { $0 } }
}
