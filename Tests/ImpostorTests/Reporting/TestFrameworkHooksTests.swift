import Impostor
import Testing

/// How Impostor finds test frameworks other than Swift Testing without importing them, and
/// what it prints when XCTest runs without the ImpostorXCTest product.
@Suite struct TestFrameworkHooksTests {
    @Test func xctestReporterIsInstalledByLinkingImpostorXCTest() {
        // This target links ImpostorXCTest; its constructor ran before any test.
        #expect(TestFrameworkHooks.isInstalled)
        #expect(TestFrameworkHooks.currentTestCaseName == nil)   // no XCTest case on this thread
    }

    @Test func loadedLibrariesAreFoundByName() {
        #expect(XCTestPresence.isLoaded("libswiftCore.so"))
        #expect(XCTestPresence.isLoaded("libXCTest.so"))   // SwiftPM's runner links it, also for Swift Testing
        #expect(!XCTestPresence.isLoaded("libImpostorNoSuchLibrary.so"))
    }

    @Test func testingLibraryArgumentPicksTheFramework() {
        #expect(XCTestPresence.selectsXCTest([]))
        #expect(XCTestPresence.selectsXCTest(["PackageTests.xctest", "--testing-library", "XCTest"]))
        #expect(!XCTestPresence.selectsXCTest(["PackageTests.xctest", "--testing-library", "swift-testing"]))
        #expect(XCTestPresence.selectsXCTest(["PackageTests.xctest", "--testing-library"]))
    }

    @Test func xctestIsNotRunningDuringSwiftTesting() {
        // `swift test` runs Swift Testing with `--testing-library swift-testing`.
        #expect(!XCTestPresence.isRunning)
    }

    @Test func failuresArePrintedAfterAHintWhileXCTestRunsUnobserved() {
        let written = Locked<[String]>([])
        let failed = Locked<[String]>([])
        let unobserved = UnobservedXCTest(
            isXCTestRunning: { true }, write: { text in written.withLock { $0.append(text) } },
            fail: { failure in failed.withLock { $0.append(failure.message) } })
        let site = SourceSite(fileID: "Tests/T.swift", filePath: "/Tests/T.swift", line: 7, column: 9)
        #expect(unobserved.report(ImpostorFailure(message: "first", site: site)))
        #expect(unobserved.report(ImpostorFailure(message: "second", site: site)))
        let lines = written.withLock { $0 }
        #expect(lines.count == 1, "the hint only once")
        #expect(lines.first?.hasPrefix("Impostor: XCTest is running, but the ImpostorXCTest product is not linked") == true)
        #expect(failed.withLock { $0 } == ["first", "second"], "every failure fails the run")
    }

    @Test func failuresAreLeftToTheCallerWithoutXCTest() {
        let written = Locked<[String]>([])
        let unobserved = UnobservedXCTest(
            isXCTestRunning: { false }, write: { text in written.withLock { $0.append(text) } },
            fail: { failure in written.withLock { $0.append(failure.message) } })
        #expect(!unobserved.report(ImpostorFailure(message: "kept", site: SourceSite())))
        #expect(written.withLock { $0 }.isEmpty)
    }
}
