import Foundation
import Testing

// The DocC article "Fault injection": every line of its examples is in the fault tests, which
// run them against the atomic-save fixture and SQLite.

@Suite("Fault injection article: every example line is tested")
struct FaultInjectionArticleTests {
    @Test func everyExampleLine() throws {
        let stubbing = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Stubbing")
        let files = ["FaultSweepTests.swift", "FaultScheduleTests.swift", "FaultSweepIsolationTests.swift"].map { stubbing.appendingPathComponent($0).standardized.path }
        try ArticleExamples.expectEveryLine(of: "InjectingFaults.md", in: files, atLeast: 8)
    }
}
