// The names C headers give Swift on some architectures only, for the architecture guard
// check (ArchitectureGuardTests):
//
// - functions, variables, typedefs and macros declared inside an `#if` that rules out some
//   architectures (`#if defined(__x86_64__)`), each present where its conditions allow;
// - declarations with a `long double` outside any struct body (a parameter, a result, a
//   variable): Swift imports `long double` as Float80 on x86 only, and on arm64 Linux leaves
//   out every declaration that has one (a struct keeps its name there, and only loses the field);
// - declarations that name such a declaration (`void call(fn_with_long_double f);`), which
//   Swift leaves out with it.
//
// Declarations inside a function body (a `static inline` function's own `#if`) declare nothing
// Swift sees, and are skipped.

enum CHeaderArchitectureNames {
    /// Every restricted name of `headers` (their texts), with the architectures that have it.
    static func collect(from headers: [String]) -> [String: ArchitectureOnlyName] {
        let declarations = headers.flatMap(declarations(in:))
        let all = ArchitectureCondition.architectures
        var possible: [String: Set<String>] = [:]
        for declaration in declarations {
            for name in declaration.names { possible[name] = all }
        }
        // Narrowed until nothing changes: a declaration is present where its own conditions
        // and every restricted name it uses are; a name where any of its declarations is.
        var changed = true
        while changed {
            changed = false
            var next: [String: Set<String>] = [:]
            for declaration in declarations {
                var here = declaration.possible
                if declaration.mentionsLongDouble { here.formIntersection(ArchitectureOnlyName.x86.presentOn) }
                for token in declaration.tokens where !declaration.names.contains(token) {
                    if let used = possible[token] { here.formIntersection(used) }
                }
                for name in declaration.names { next[name, default: []].formUnion(here) }
            }
            if next != possible { possible = next; changed = true }
        }
        return possible.filter { $0.value != all }.mapValues { ArchitectureOnlyName(presentOn: $0) }
    }

    /// One top-level declaration or `#define`.
    struct Declaration {
        let names: [String]
        /// The identifiers outside braces, the declared names among them.
        let tokens: [String]
        let mentionsLongDouble: Bool
        /// Where its `#if` nesting lets it be compiled.
        let possible: Set<String>
    }

    static func declarations(in header: String) -> [Declaration] {
        var result: [Declaration] = []
        var branches = BranchStack()
        var statement = Statement()
        for line in logicalLines(of: header) {
            if line.trimmingSpaces.hasPrefix("#") {
                // A directive ends whatever came before it at the top level (a macro's use);
                // inside a body it only tells what that body compiles.
                if statement.depth == 0, let declaration = statement.finish() { result.append(declaration) }
                if branches.handle(directive: line, parse: ArchitectureCondition.c) { continue }
                let words = ArchitectureGuardScanner.identifiers(in: line)
                if words.first == "define", words.count > 1, !branches.inCPlusPlusOnlyBranch {
                    result.append(Declaration(
                        names: [words[1]], tokens: [], mentionsLongDouble: false, possible: branches.effective.possibleArchitectures))
                }
                continue
            }
            if branches.inCPlusPlusOnlyBranch { continue }
            for character in line {
                if let declaration = statement.feed(character, condition: branches.effective) { result.append(declaration) }
            }
            // `CT_SHAPE(x)` alone on a line: a macro's use, not the start of a declaration.
            if statement.isMacroUse { statement = Statement() }
            statement.endLine()
        }
        if let declaration = statement.finish() { result.append(declaration) }
        return result
    }

    /// The header's lines without comments, string literals and line continuations.
    private static func logicalLines(of header: String) -> [String] {
        var lines: [String] = [], pending = "", inComment = false
        for raw in header.split(separator: "\n", omittingEmptySubsequences: false) {
            var code = "", index = raw.startIndex
            while index < raw.endIndex {
                let rest = raw[index...]
                if inComment {
                    if rest.hasPrefix("*/") { inComment = false; index = raw.index(index, offsetBy: 2) } else { index = raw.index(after: index) }
                    continue
                }
                if rest.hasPrefix("//") { break }
                if rest.hasPrefix("/*") { inComment = true; index = raw.index(index, offsetBy: 2); continue }
                if raw[index] == "\"" || raw[index] == "'" {
                    let quote = raw[index]
                    index = raw.index(after: index)
                    while index < raw.endIndex, raw[index] != quote {
                        index = raw.index(index, offsetBy: raw[index] == "\\" && raw.index(after: index) < raw.endIndex ? 2 : 1)
                    }
                    if index < raw.endIndex { index = raw.index(after: index) }
                    code += " \"\" "
                    continue
                }
                code.append(raw[index])
                index = raw.index(after: index)
            }
            if code.hasSuffix("\\") {
                pending += code.dropLast() + " "
            } else {
                lines.append(pending + code)
                pending = ""
            }
        }
        return lines
    }

    /// The text of one declaration at the top level so far; what is inside braces is left out.
    private struct Statement {
        var top = ""
        var depth = 0
        var isFunctionBody = false
        var condition: ArchitectureCondition?

        var isMacroUse: Bool {
            let text = top.trimmingSpaces
            guard depth == 0, text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return false }
            let name = String(text[..<open]).trimmingSpaces
            guard !name.isEmpty, name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) else { return false }
            // Balanced at its end: `NAME(args)` and nothing after.
            var balance = 0
            for character in text[open...] {
                if character == "(" { balance += 1 }
                if character == ")" { balance -= 1 }
            }
            return balance == 0
        }

        /// Takes one character; returns a declaration when it ends one.
        mutating func feed(_ character: Character, condition current: ArchitectureCondition) -> Declaration? {
            if condition == nil, !character.isWhitespace { condition = current }
            if depth > 0 {
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if depth == 0, isFunctionBody { return finish() }
                }
                return nil
            }
            switch character {
            case "{":
                isFunctionBody = top.trimmingSpaces.hasSuffix(")")
                depth = 1
                top += " {} "
            case ";":
                return finish()
            default:
                top.append(character)
            }
            return nil
        }

        /// Keeps the words of two lines apart.
        mutating func endLine() {
            if depth == 0, !top.isEmpty { top += " " }
        }

        mutating func finish() -> Declaration? {
            defer { self = Statement() }
            let text = top.trimmingSpaces
            guard !text.isEmpty, let condition else { return nil }
            let tokens = ArchitectureGuardScanner.identifiers(in: text)
            let names = Self.declaredNames(text, tokens: tokens)
            guard !names.isEmpty else { return nil }
            let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            let mentionsLongDouble = zip(words, words.dropFirst()).contains { $0 == "long" && $1 == "double" }
            return Declaration(names: names, tokens: tokens, mentionsLongDouble: mentionsLongDouble,
                               possible: condition.possibleArchitectures)
        }

        /// Words that come before a `(` without naming what is declared.
        private static let notNames: Set<String> = [
            "__attribute__", "__attribute", "__declspec", "_Alignas", "alignas", "__asm__", "__asm", "asm", "sizeof",
            "_Static_assert", "static_assert", "__typeof__", "typeof", "_Nullable", "_Nonnull", "const",
        ]

        /// What a declaration declares: a typedef's new name, a function's name (not a
        /// parameter's), a variable's, a struct's tag.
        private static func declaredNames(_ text: String, tokens: [String]) -> [String] {
            if let name = nameAtParenthesis(text) { return [name] }
            if tokens.first == "typedef" { return tokens.last.map { [$0] } ?? [] }
            if let braces = text.range(of: "{}") {
                // `struct tag { ... } variable;`
                return [ArchitectureGuardScanner.identifiers(in: String(text[..<braces.lowerBound])).last,
                        ArchitectureGuardScanner.identifiers(in: String(text[braces.upperBound...])).last].compactMap { $0 }
            }
            return tokens.last.map { [$0] } ?? []
        }

        /// The name a top-level `(` declares: the one inside `(*name)` (a function pointer
        /// or its typedef), else the identifier right before it (a function), passing over
        /// attributes' parentheses; nil when no parenthesis names anything.
        private static func nameAtParenthesis(_ text: String) -> String? {
            let characters = Array(text)
            var depth = 0, word = "", last = ""
            for (index, character) in characters.enumerated() {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                    continue
                }
                if !word.isEmpty { last = word; word = "" }
                switch character {
                case "(":
                    defer { depth += 1; last = "" }
                    guard depth == 0 else { continue }
                    let after = characters[(index + 1)...].drop { $0 == " " }
                    if after.first == "*" {
                        let inside = ArchitectureGuardScanner.identifiers(in: String(after.prefix { $0 != ")" }))
                        if let name = inside.first(where: { !notNames.contains($0) }) { return name }
                    } else if !last.isEmpty, !notNames.contains(last) {
                        return last
                    }
                case ")":
                    depth -= 1
                case "*", " ", "\t":
                    break
                default:
                    last = ""
                }
            }
            return nil
        }
    }
}
