import Foundation
import Testing

/// Keeps a DocC article's Swift examples and the tests that run them in step: every line of
/// every ```swift block in the article (without its indentation and trailing comment) must be
/// a line of one of the test files, or part of one.
enum ArticleExamples {
    /// Records an issue for each example line of `article` (a file in Impostor.docc) found in
    /// none of `testFiles`, and checks that at least `minimum` lines were found at all.
    /// `article` may also be a path from the package root (`README.md`), and `section` a heading
    /// line of it: then only that section's examples are checked.
    static func expectEveryLine(
        of article: String, section: String? = nil, in testFiles: [String], atLeast minimum: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let root = packageRoot(from: URL(fileURLWithPath: testFiles.first ?? #filePath))
        let path = article.hasSuffix("README.md") ? article : "Sources/Impostor/Impostor.docc/\(article)"
        var articleText = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        if let section {
            let start = try #require(articleText.range(of: section + "\n"), "no section \(section)", sourceLocation: sourceLocation)
            let level = section.prefix { $0 == "#" }
            let rest = articleText[start.upperBound...]
            let end = rest.ranges(of: "\n#").first { range in
                let heading = rest[range.upperBound...].prefix { $0 == "#" }
                return heading.count + 1 <= level.count
            }
            articleText = String(rest[..<(end?.lowerBound ?? rest.endIndex)])
        }
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

    /// The folder holding Package.swift, above `file`: the package's root, for the tests that
    /// read its files.
    static func packageRoot(from file: URL = URL(fileURLWithPath: #filePath)) -> URL {
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
