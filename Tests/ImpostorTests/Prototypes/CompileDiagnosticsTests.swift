import Foundation
import Testing

/// Compile-time behaviour: type-checks `Tests/CompileDiagnostics/Snippets.swift` with `swiftc`
/// against the Impostor module this test binary was built with, and checks that each line
/// marked `// error: A, B` gets an error naming A and B (the mock's types, not a grouped
/// form's `() -> Void`), and that no other line gets one. Skipped when no `swiftc` is on the
/// PATH or the build products are not laid out as SwiftPM lays them out.
@Suite struct CompileDiagnosticsTests {
    /// The directory holding this test binary, `Modules/` and each C target's module map.
    static let products: URL? = {
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let module = products.appendingPathComponent("Modules/Impostor.swiftmodule")
        return FileManager.default.fileExists(atPath: module.path) ? products : nil
    }()

    static let swiftc: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(.enabled(if: swiftc != nil && products != nil, "needs swiftc on the PATH and SwiftPM's build products"))
    func mistakesAreDiagnosedAgainstTheMocksTypes() throws {
        let snippets = Self.root.appendingPathComponent("Tests/CompileDiagnostics/Snippets.swift")
        let errors = try Self.typecheck(snippets)
        let lines = try String(contentsOf: snippets, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(errors[0] == nil, "errors outside the snippets' lines: \(errors[0] ?? [])")
        var marked = 0
        for (index, line) in lines.enumerated() {
            let found = errors[index + 1] ?? []
            let isComment = line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            guard !isComment, let marker = line.range(of: "// error: ") else {
                #expect(found.isEmpty, "line \(index + 1) should compile: \(line)\n\(found)")
                continue
            }
            marked += 1
            let words = line[marker.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(found.contains { error in words.allSatisfy { error.contains($0) } },
                    "line \(index + 1): no error names \(words): \(found)")
        }
        #expect(marked == 15)
    }

    /// The errors `swiftc -typecheck` reports for `file`, by line (0 for errors elsewhere).
    private static func typecheck(_ file: URL) throws -> [Int: [String]] {
        let products = try #require(products)
        let swiftc = try #require(swiftc)
        var arguments = ["-typecheck", "-swift-version", "6", "-diagnostic-style", "llvm",
                         "-module-cache-path", products.appendingPathComponent("ModuleCache").path,
                         "-I", products.appendingPathComponent("Modules").path]
        let moduleMaps = try FileManager.default.contentsOfDirectory(atPath: products.path)
            // `-tool.build` folders hold the same C modules built for the host (for the macro
            // plugin's graph); reading both maps would define each module twice.
            .filter { $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build") }
            .map { products.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
            + [root.appendingPathComponent("CSupport/CLibFFI/module.modulemap")]
        for map in moduleMaps where FileManager.default.fileExists(atPath: map.path) {
            arguments += ["-Xcc", "-fmodule-map-file=" + map.path]
        }
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments + [file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        var errors: [Int: [String]] = [:]
        for line in text.split(separator: "\n") where line.contains(": error: ") {
            let prefix = file.path + ":"
            let lineNumber = line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0 : 0
            errors[lineNumber, default: []].append(String(line))
        }
        return errors
    }
}
