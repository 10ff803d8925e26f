import Foundation
import Testing

/// Keeps a DocC article's Swift examples and the tests that run them in step: every line of
/// every ```swift block in the article (without its indentation and trailing comment) must be
/// a line of one of the test files, or part of one.
enum ArticleExamples {
    /// Records an issue for each example line of `article` (a file in Impostor.docc) found in
    /// none of `testFiles`, and checks that at least `minimum` lines were found at all.
    static func expectEveryLine(
        of article: String, in testFiles: [String], atLeast minimum: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let root = packageRoot(from: URL(fileURLWithPath: testFiles.first ?? #filePath))
        let articleText = try String(
            contentsOf: root.appendingPathComponent("Sources/Impostor/Impostor.docc/\(article)"), encoding: .utf8)
        var testLines: [String] = []
        for file in testFiles {
            testLines += try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
                .split(separator: "\n").map(code(of:))
        }
        var exampleLines: [String] = []
        var inExample = false
        for line in articleText.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inExample = line == "```swift"
                continue
            }
            if inExample { exampleLines.append(code(of: line)) }
        }
        #expect(exampleLines.count >= minimum, "found the article's examples", sourceLocation: sourceLocation)
        for line in exampleLines where !line.isEmpty {
            #expect(testLines.contains { $0.contains(line) }, "not in the tests: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// The folder holding Package.swift, above `file`.
    private static func packageRoot(from file: URL) -> URL {
        var folder = file.deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }

    /// A line without its indentation and trailing `// comment`.
    private static func code(of line: Substring) -> String {
        var code = line
        if let comment = code.range(of: "   //") ?? code.range(of: "// ") { code = code[..<comment.lowerBound] }
        return code.trimmingCharacters(in: .whitespaces)
    }
}
