// A Swift `#if` or C `#if` condition as far as the processor architecture goes, for the
// architecture guard check (ArchitectureGuardTests): `arch(x86_64)` or `defined(__x86_64__)`
// is decided per architecture, every other test (`os(Linux)`, `canImport(...)`, an include
// guard) is unknown, and the whole is evaluated in three-valued logic. Code is kept out of an
// architecture exactly when its condition is false there whatever the unknowns are.

indirect enum ArchitectureCondition: Equatable {
    case constant(Bool)
    case arch(String)
    case unknown
    case not(ArchitectureCondition)
    case and(ArchitectureCondition, ArchitectureCondition)
    case or(ArchitectureCondition, ArchitectureCondition)

    /// The architectures every check is run against: Swift's names for those it builds for on
    /// Linux. Code guarded against all that lack an API compiles wherever Swift does.
    static let architectures: Set<String> = ["x86_64", "i386", "arm64", "arm", "riscv64", "powerpc64le", "powerpc64", "s390x", "wasm32"]

    /// True, false, or nil when the unknowns decide.
    func value(on architecture: String) -> Bool? {
        switch self {
        case .constant(let value): return value
        case .arch(let name): return name == architecture
        case .unknown: return nil
        case .not(let inner): return inner.value(on: architecture).map { !$0 }
        case .and(let a, let b):
            let (x, y) = (a.value(on: architecture), b.value(on: architecture))
            if x == false || y == false { return false }
            return x == true && y == true ? true : nil
        case .or(let a, let b):
            let (x, y) = (a.value(on: architecture), b.value(on: architecture))
            if x == true || y == true { return true }
            return x == false && y == false ? false : nil
        }
    }

    /// True when code under this condition is never compiled on `architecture`.
    func excludes(_ architecture: String) -> Bool { value(on: architecture) == false }

    /// The architectures where code under this condition may be compiled.
    var possibleArchitectures: Set<String> { Self.architectures.filter { !excludes($0) } }

    static func all(_ conditions: [ArchitectureCondition]) -> ArchitectureCondition {
        conditions.reduce(.constant(true)) { $0 == .constant(true) ? $1 : .and($0, $1) }
    }
}

// MARK: Parsing

extension ArchitectureCondition {
    /// A Swift compilation condition: `arch(x86_64) || arch(i386)`, `!arch(arm64) && os(Linux)`.
    static func swift(_ text: String) -> ArchitectureCondition {
        var parser = Parser(tokens: tokens(text), atom: { parser in
            guard let word = parser.next() else { return nil }
            if word == "true" || word == "false" { return .constant(word == "true") }
            guard word.first?.isLetter == true || word.first == "_" else { return nil }
            guard parser.peek == "(" else { return .unknown }  // a custom flag such as DEBUG
            guard let argument = parser.balancedArgument() else { return nil }
            return word == "arch" ? .arch(argument) : .unknown
        })
        return parser.parseAll()
    }

    /// A C preprocessor condition: `defined(__x86_64__) || defined(__aarch64__)`, `!defined(X_H)`.
    static func c(_ text: String) -> ArchitectureCondition {
        var parser = Parser(tokens: tokens(text), atom: { parser in
            guard let word = parser.next() else { return nil }
            var name = word
            if word == "defined" {
                if parser.peek == "(" {
                    guard let argument = parser.balancedArgument() else { return nil }
                    name = argument
                } else {
                    guard let argument = parser.next() else { return nil }
                    name = argument
                }
            } else if parser.peek.map({ !["&&", "||", ")"].contains($0) }) ?? false {
                // `__GNUC__ >= 4`, `X(1)`: a comparison or macro call, decided by unknowns.
                while let next = parser.peek, !["&&", "||", ")"].contains(next) { _ = parser.next() }
                return .unknown
            }
            return cArchitectures[name].map { .arch($0) } ?? .unknown
        })
        return parser.parseAll()
    }

    /// The predefined C macros of each architecture, by Swift's name for it.
    static let cArchitectures: [String: String] = [
        "__x86_64__": "x86_64", "__x86_64": "x86_64", "__amd64__": "x86_64", "__amd64": "x86_64",
        "__i386__": "i386", "__i386": "i386",
        "__aarch64__": "arm64", "__arm64__": "arm64", "__arm__": "arm",
        "__riscv": "riscv64", "__s390x__": "s390x", "__wasm32__": "wasm32",
        "__powerpc64__": "powerpc64", "__PPC64__": "powerpc64",
    ]

    /// Words, `(`, `)`, `!`, `&&`, `||` and runs of other punctuation.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        let characters = Array(text)
        var index = 0
        func flush() { if !word.isEmpty { tokens.append(word); word = "" } }
        while index < characters.count {
            let character = characters[index]
            let pair = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
            if pair == "&&" || pair == "||" {
                flush(); tokens.append(pair); index += 2; continue
            }
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                word.append(character)
            } else {
                flush()
                if !character.isWhitespace { tokens.append(String(character)) }
            }
            index += 1
        }
        flush()
        return tokens
    }

    /// Recursive descent over `||`, `&&`, `!` and parentheses; the atom reader is the language's.
    /// Anything it cannot read makes the whole condition unknown, which never counts as a guard.
    private struct Parser {
        let tokens: [String]
        let atom: (inout Parser) -> ArchitectureCondition?
        var position = 0

        init(tokens: [String], atom: @escaping (inout Parser) -> ArchitectureCondition?) {
            self.tokens = tokens
            self.atom = atom
        }

        var peek: String? { position < tokens.count ? tokens[position] : nil }

        mutating func next() -> String? {
            defer { position += 1 }
            return peek
        }

        /// The text between `(` and its `)`, the parentheses consumed.
        mutating func balancedArgument() -> String? {
            guard next() == "(" else { return nil }
            var depth = 1, parts: [String] = []
            while let token = next() {
                if token == "(" { depth += 1 }
                if token == ")" { depth -= 1; if depth == 0 { return parts.joined() } }
                parts.append(token)
            }
            return nil
        }

        mutating func parseAll() -> ArchitectureCondition {
            guard let condition = parseOr(), position == tokens.count else { return .unknown }
            return condition
        }

        private mutating func parseOr() -> ArchitectureCondition? {
            guard var left = parseAnd() else { return nil }
            while peek == "||" {
                _ = next()
                guard let right = parseAnd() else { return nil }
                left = .or(left, right)
            }
            return left
        }

        private mutating func parseAnd() -> ArchitectureCondition? {
            guard var left = parseUnary() else { return nil }
            while peek == "&&" {
                _ = next()
                guard let right = parseUnary() else { return nil }
                left = .and(left, right)
            }
            return left
        }

        private mutating func parseUnary() -> ArchitectureCondition? {
            if peek == "!" {
                _ = next()
                return parseUnary().map { .not($0) }
            }
            if peek == "(" {
                _ = next()
                guard let inner = parseOr(), next() == ")" else { return nil }
                return inner
            }
            let read = atom  // copied first: the call below has `self` inout
            return read(&self)
        }
    }
}
