// Finds, line by line, the uses of architecture-only API in Swift source that no `#if` keeps
// off the architectures lacking it: what would stop the package compiling on arm64 Linux
// although it compiles here on x86-64. See ArchitectureGuardTests for what is scanned.

/// A name that exists on some architectures only, and the guard its uses need.
struct ArchitectureOnlyName: Equatable {
    /// Swift's names of the architectures that have it.
    let presentOn: Set<String>

    /// How a finding names the guard: `#if arch(x86_64)`.
    var guardText: String {
        if presentOn.isSubset(of: Self.x86.presentOn) { return "#if arch(x86_64)" }
        return "#if " + presentOn.sorted().map { "arch(\($0))" }.joined(separator: " || ")
    }

    /// x86's: `Float80`, `CLongDouble` (an x87 `long double`), SSE intrinsics, `__rdtsc`.
    static let x86 = ArchitectureOnlyName(presentOn: ["x86_64", "i386"])
}

struct ArchitectureGuardScanner {
    /// A use outside a fitting guard: `12: Float80 outside #if arch(x86_64)`.
    struct Finding: Equatable, CustomStringConvertible {
        let line: Int
        let name: String
        let guardText: String
        var description: String { "\(line): \(name) outside \(guardText)" }
    }

    /// Exact names, the Swift standard library's and those the C headers declare.
    var names: [String: ArchitectureOnlyName]
    /// Families of intrinsics, by prefix (`_mm_add_ps`).
    var prefixes: [String: ArchitectureOnlyName]

    /// The standard library's and Clang's x86-only API, whatever the headers say.
    static let builtIn = ArchitectureGuardScanner(
        names: ["Float80": .x86, "CLongDouble": .x86, "__rdtsc": .x86, "__rdtscp": .x86],
        prefixes: ["_mm_": .x86, "_mm256_": .x86, "_mm512_": .x86])

    func rule(for identifier: String) -> ArchitectureOnlyName? {
        names[identifier] ?? prefixes.first { identifier.hasPrefix($0.key) }?.value
    }

    /// Every use in `source` of a name this scanner knows, on a line whose `#if` nesting does
    /// not rule out each architecture that lacks it, in line order.
    func findings(in source: String) -> [Finding] {
        var lexer = SwiftLineLexer()
        var branches = BranchStack()
        var findings: [Finding] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = lexer.code(of: line)
            if branches.handle(directive: code, parse: ArchitectureCondition.swift) { continue }
            let effective = branches.effective
            for identifier in Self.identifiers(in: code) {
                guard let rule = rule(for: identifier) else { continue }
                let lacking = ArchitectureCondition.architectures.subtracting(rule.presentOn)
                if !lacking.allSatisfy(effective.excludes) {
                    findings.append(Finding(line: index + 1, name: identifier, guardText: rule.guardText))
                }
            }
        }
        return findings
    }

    /// The identifiers of a line of code, in order (a number's letters, as in `0x1F`, are none).
    static func identifiers(in code: String) -> [String] {
        var result: [String] = [], word = "", inNumber = false
        for character in code {
            if character.isLetter || character.isNumber || character == "_" {
                if word.isEmpty, character.isNumber { inNumber = true }
                if !inNumber { word.append(character) }
            } else {
                if !word.isEmpty { result.append(word) }
                word = ""
                inNumber = false
            }
        }
        if !word.isEmpty { result.append(word) }
        return result
    }
}

/// The `#if` / `#elseif` / `#else` / `#endif` nesting at a line, for Swift and C alike.
struct BranchStack {
    private struct Frame {
        var earlier: [ArchitectureCondition] = []
        var current: ArchitectureCondition
        /// C's `#ifdef __cplusplus` branch: C++-only text, skipped.
        var cPlusPlusOnly = false
    }

    private var frames: [Frame] = []

    /// The condition under which the current line is compiled.
    var effective: ArchitectureCondition {
        .all(frames.map { frame in .all([frame.current] + frame.earlier.map { .not($0) }) })
    }

    var inCPlusPlusOnlyBranch: Bool { frames.contains { $0.cPlusPlusOnly } }

    /// Applies `line` when it is a conditional directive (Swift's or C's) and says whether it was.
    mutating func handle(directive line: String, parse: (String) -> ArchitectureCondition) -> Bool {
        var text = Substring(line.drop { $0 == " " || $0 == "\t" })
        guard text.first == "#" else { return false }
        text = text.dropFirst().drop { $0 == " " || $0 == "\t" }  // C allows `#  if`
        let keyword = String(text.prefix { $0.isLetter })
        let rest = String(text.dropFirst(keyword.count)).trimmingSpaces
        switch keyword {
        case "if":
            frames.append(Frame(current: parse(rest), cPlusPlusOnly: rest == "defined(__cplusplus)" || rest == "__cplusplus"))
        case "ifdef":
            frames.append(Frame(current: parse("defined(\(rest))"), cPlusPlusOnly: rest == "__cplusplus"))
        case "ifndef":
            frames.append(Frame(current: parse("!defined(\(rest))")))
        case "elseif", "elif":
            guard var frame = frames.popLast() else { return true }
            frame.earlier.append(frame.current)
            frame.current = parse(rest)
            frame.cPlusPlusOnly = false
            frames.append(frame)
        case "else":
            guard var frame = frames.popLast() else { return true }
            frame.earlier.append(frame.current)
            frame.current = .constant(true)
            frame.cPlusPlusOnly = false
            frames.append(frame)
        case "endif":
            _ = frames.popLast()
        default:
            return false
        }
        return true
    }
}

/// Swift source with comments and string literals blanked out, a line at a time; block
/// comments and multi-line strings carry over from line to line. An interpolation in a
/// one-line string is code, and kept.
struct SwiftLineLexer {
    private var commentDepth = 0
    /// The `#`s of the raw multi-line string the line starts in, or nil outside one.
    private var multilineHashes: Int?

    mutating func code(of line: Substring) -> String {
        let characters = Array(line)
        var code = "", index = 0
        func at(_ offset: Int, _ text: String) -> Bool {
            let start = index + offset
            return start + text.count <= characters.count && String(characters[start..<start + text.count]) == text
        }
        while index < characters.count {
            if commentDepth > 0 {
                if at(0, "/*") { commentDepth += 1; index += 2 } else if at(0, "*/") { commentDepth -= 1; index += 2 } else { index += 1 }
                continue
            }
            if let hashes = multilineHashes {
                if at(0, "\"\"\"" + String(repeating: "#", count: hashes)) {
                    multilineHashes = nil
                    index += 3 + hashes
                } else {
                    index += hashes == 0 && characters[index] == "\\" ? 2 : 1  // `\"""` does not end it
                }
                continue
            }
            if at(0, "//") { break }
            if at(0, "/*") { commentDepth = 1; index += 2; continue }
            var hashes = 0
            while at(hashes, "#") { hashes += 1 }
            guard at(hashes, "\"") else {
                code.append(characters[index]); index += 1
                continue
            }
            if at(hashes, "\"\"\"") {
                multilineHashes = hashes
                break  // the rest of the line is the string's
            }
            index += hashes + 1
            code.append(" \"\" ")
            // A one-line string: skip to its end, keeping the code of `\(...)` when not raw.
            let close = "\"" + String(repeating: "#", count: hashes)
            while index < characters.count, !at(0, close) {
                if hashes == 0, at(0, "\\(") {
                    index += 2
                    var depth = 1
                    while index < characters.count, depth > 0 {
                        if characters[index] == "(" { depth += 1 }
                        if characters[index] == ")" { depth -= 1 }
                        if depth > 0 { code.append(characters[index]) }
                        index += 1
                    }
                    code.append(" ")
                } else {
                    index += hashes == 0 && characters[index] == "\\" ? 2 : 1
                }
            }
            index += close.count
        }
        return code
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (Foundation-free).
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
