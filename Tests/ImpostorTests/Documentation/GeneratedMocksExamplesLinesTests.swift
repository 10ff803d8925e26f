import Foundation
import Testing

// The DocC article GeneratedMocks.md and the README's "Generated mocks" section: every line of
// their examples is in ImpostorMockableTests, where it compiles against @Mockable and runs.
// Checked here because this target already reads the articles (ArticleExamples).

@Suite("Generated mocks: every example line is tested")
struct GeneratedMocksExamplesLinesTests {
    private var mockableTests: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../ImpostorMockableTests")
        return ["GeneratedMocksExamplesTests.swift", "MacroReadmeExampleTests.swift"].map { folder.appendingPathComponent($0).standardized.path }
    }

    @Test func theArticle() throws {
        try ArticleExamples.expectEveryLine(of: "GeneratedMocks.md", in: mockableTests, atLeast: 15)
    }

    @Test func theReadmeSection() throws {
        try ArticleExamples.expectEveryLine(
            of: "README.md", section: "### Generated mocks: `@Mockable`", in: mockableTests, atLeast: 15)
    }
}
