import Foundation
import Testing

// Every line of every Swift example in README.md is a line of a test that compiles and runs it:
// the README's own example tests, the C symbols ones, the tests of the articles it shortens, a
// few suites whose tests the examples quote, and, for @Mockable, ImpostorMockableTests. (The
// package manifest fragment is not Swift test code and is not fenced as `swift`.)

@Suite("README: every example line is tested")
struct ReadmeLinesTests {
    private var testFiles: [String] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let local = [
            "ReadmeExamplesTests.swift", "ReadmeCSymbolsExamplesTests.swift", "CSymbolsArticleExamplesTests.swift",
            "CFunctionMocksArticleTests.swift",
            "ExpectationsArticleExamplesTests.swift", "FunctionTablesArticleTests.swift", "StubbingArticleExamplesTests.swift",
            "../Verification/VerificationMessageTests.swift", "../Faces/Symbols/InterpositionTestSupport.swift",
            "../Faces/SwiftProtocols/MockingKitExampleTests.swift", "VirtualTimeArticleTests.swift",
        ].map { here.appendingPathComponent($0).standardized.path }
        let mockable = ["GeneratedMocksExamplesTests.swift", "MacroReadmeExampleTests.swift"].map {
            here.appendingPathComponent("../../ImpostorMockableTests").appendingPathComponent($0).standardized.path
        }
        return [#filePath] + local + mockable
    }

    @Test func everyExampleLine() throws {
        try ArticleExamples.expectEveryLine(of: "README.md", in: testFiles, atLeast: 60)
    }
}
