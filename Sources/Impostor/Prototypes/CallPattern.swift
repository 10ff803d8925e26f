/// A call to one mock with a matcher for each argument: what a stub answers and a verify
/// counts. Made by ``PrototypeEvaluation`` from a prototype such as `add(any(), 5)`.
///
/// A class, so the per-call path borrows it instead of copying its arrays.
final class CallPattern: Sendable {
    let interceptor: Interceptor
    let arguments: [ArgumentMatcher]
    /// Where the stub or verify was written.
    let site: SourceSite
    /// The API that made it (`stub`, `verify`, `oneOf`, …), for messages.
    let purpose: String
    /// The arguments whose matcher reads through a pointer (`cString`, `bytes`, a text
    /// literal, a pointer captor), in order.
    let pointerReaders: [Int]
    /// `arguments` compiled for the per-call path: literal C scalars become one comparison of
    /// a machine word, `any()` no work at all.
    private let tests: [ArgumentTest]
    /// The tests a live call must pass, with their argument's position: `tests` without the
    /// `any()`s, so `add(any(), any())` matches with no work, and the prefilter's test is
    /// left out too (see `matchesPrefiltered`).
    private let checks: [ArgumentCheck]
    /// Each argument's general test (what `matchesGenerally` runs), taken out of its matcher
    /// once: reading it from `arguments` copied the whole recorded matcher, a dozen retains
    /// and releases, for every record a code matcher's verify read. Unsafe as the matchers
    /// are (see RecordedMatcher): the user's closures, immutable, run on the calling thread.
    private nonisolated(unsafe) let generalTests: [(ArgumentView) -> Bool]
    /// True when some argument has a captor (so matches must be reported to it).
    let hasCaptors: Bool
    /// The first argument whose test is a comparison of bits, for the stub table to check
    /// before the pattern.
    let prefilter: StubPrefilter

    init(interceptor: Interceptor, arguments: [ArgumentMatcher], site: SourceSite, purpose: String) {
        self.interceptor = interceptor
        self.arguments = arguments
        self.site = site
        self.purpose = purpose
        let tests = arguments.map(ArgumentTest.init)
        self.tests = tests
        let prefiltered = tests.firstIndex { $0.kind == .bits }
        prefilter = prefiltered.map { StubPrefilter(argument: $0, size: tests[$0].size, bits: tests[$0].bits) } ?? .none
        let pointerReaders = arguments.indices.filter { arguments[$0].readsThroughPointer }
        self.pointerReaders = pointerReaders
        checks = tests.indices.filter { tests[$0].kind != .any && $0 != prefiltered }.map {
            ArgumentCheck(index: $0, test: tests[$0], readsThroughPointer: pointerReaders.contains($0))
        }
        generalTests = arguments.map { argument in
            switch argument {
            case .any: { _ in true }
            case .literal(let bytes, let leaves, _): { $0.isEqual(to: bytes, leaves: leaves) }
            case .test(let matcher): matcher.test
            }
        }
        hasCaptors = arguments.contains { if case .test(let matcher) = $0 { matcher.onMatch != nil } else { false } }
    }

    /// True when a live call matches every argument matcher.
    @inline(__always)
    func matches(_ frame: CallFrame) -> Bool {
        prefilter.admits(frame) && matchesPrefiltered(frame)
    }

    /// True when a live call that passed this pattern's prefilter matches every argument
    /// matcher (the stub scan checks the prefilter from its own slot first).
    @inline(__always)
    func matchesPrefiltered(_ frame: CallFrame) -> Bool {
        for check in checks {
            // Compiled tests read the argument's bytes only: a slot without the call's
            // captures is enough, and cheaper to make on every stub of every call.
            let matched = check.test.kind == .general
                ? matchesGenerally(argument: check.index, frame.slot(check.index))
                : matches(check.test, ArgumentView(address: frame.argumentAddress(check.index)))
            if !matched {
                // A matcher that could not read its argument's memory does not match, and says
                // so (see CallPattern+Unreadable). Looked into only where a matcher that reads
                // through a pointer turned the call down (a look at that argument's capture);
                // every other miss pays one load.
                if check.readsThroughPointer { reportUnreadable(frame, turnedDownAt: check.index) }
                return false
            }
        }
        return true
    }

    /// True when a recorded call matches every argument matcher.
    func matches(_ view: RecordView) -> Bool {
        for index in tests.indices where !matches(argument: index, view.slot(index)) {
            return false
        }
        return true
    }

    @inline(__always)
    private func matches(argument index: Int, _ slot: ArgumentView) -> Bool {
        let test = tests[index]
        return test.kind == .general ? matchesGenerally(argument: index, slot) : matches(test, slot)
    }

    /// A compiled test (anything but `.general`) against the argument's bytes.
    @inline(__always)
    private func matches(_ test: ArgumentTest, _ slot: ArgumentView) -> Bool {
        switch test.kind {
        case .any: return true
        case .bits: return slot.hasBits(test.bits, size: test.size)
        case .float: return slot.load(as: Float.self) == Float(bitPattern: UInt32(truncatingIfNeeded: test.bits))
        case .double: return slot.load(as: Double.self) == Double(bitPattern: test.bits)
        case .general: return false  // not compiled: see matchesGenerally
        }
    }

    /// Matchers that run code (and struct literals): kept out of line so the common path stays
    /// small enough to inline where calls are matched.
    @inline(never)
    private func matchesGenerally(argument index: Int, _ slot: ArgumentView) -> Bool {
        generalTests[index](slot)
    }

    /// Hands the arguments of a call that matched to the captors among the matchers. Out of
    /// line: inlined into the handler, its matcher copies took most of an 800-byte frame that
    /// every call keeps on the stack while its stub answers (DocC, "Stubbing calls and matching arguments", on recursion).
    @inline(never)
    func capture(_ slot: (Int) -> ArgumentView) {
        for (index, argument) in arguments.enumerated() {
            if case .test(let matcher) = argument, let onMatch = matcher.onMatch { onMatch(slot(index)) }
        }
    }

    /// The pattern as literal tests of an argument's bits, one per argument that is not
    /// `any()`, and, for a mock that copies pointer memory, tests of its copies (`cString("…")`
    /// of ASCII text, `bytes([…])`): what the mock's entry point checks itself, in C. Nil when
    /// some matcher needs more than that (code, a float, a struct of several fields, a captor).
    var keyTests: StubKeyTests? {
        var keyTests = StubKeyTests()
        for (index, test) in tests.enumerated() {
            switch test.kind {
            case .any: continue
            case .bits: keyTests.scalars.append((UInt32(index), UInt32(test.size), test.bits))
            case .float, .double: return nil
            case .general:
                guard case .test(let matcher) = arguments[index], matcher.onMatch == nil, let key = matcher.memoryKey,
                      interceptor.capturePlan.capturePlaces[index] >= 0
                else { return nil }
                keyTests.memory.append((UInt32(index), UInt32(interceptor.capturePlan.capturePlaces[index]), key))
            }
        }
        return keyTests
    }

    /// `add(any(), 5)`.
    var description: String {
        "\(interceptor.name)(\(arguments.map(\.description).joined(separator: ", ")))"
    }
}

/// A stub's matchers as its stub key tests them (see ``CallPattern/keyTests``).
struct StubKeyTests {
    /// Literal bits: the argument, its size, the bits.
    var scalars: [(argument: UInt32, size: UInt32, bits: UInt64)] = []
    /// Tests of a copy: the argument, its copy's place among the call's copies, what is compared.
    var memory: [(argument: UInt32, place: UInt32, key: MemoryKey)] = []
}

/// A compiled test and the argument it reads.
private struct ArgumentCheck {
    let index: Int
    let test: ArgumentTest
    /// True when the argument's matcher reads through a pointer.
    let readsThroughPointer: Bool
}

/// One argument matcher in the form the per-call path tests: plain values only, so reading
/// one out of the array copies no references (the general case is in `arguments`).
private struct ArgumentTest {
    enum Kind {
        case any, bits, float, double, general
    }

    let kind: Kind
    let size: Int
    let bits: UInt64

    init(_ matcher: ArgumentMatcher) {
        self.init(kind: .general, size: 0, bits: 0)
        switch matcher {
        case .any:
            self = ArgumentTest(kind: .any, size: 0, bits: 0)
        case .literal(let bytes, let leaves, _):
            guard leaves.count == 1, let leaf = leaves.first, leaf.offset == 0, leaf.size == bytes.count else { return }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
            switch (leaf.kind, bytes.count) {
            case (.bytes, 1), (.bytes, 2), (.bytes, 4), (.bytes, 8): self = ArgumentTest(kind: .bits, size: bytes.count, bits: word)
            case (.float, 4): self = ArgumentTest(kind: .float, size: 4, bits: word)
            case (.double, 8): self = ArgumentTest(kind: .double, size: 8, bits: word)
            default: return
            }
        case .test:
            return
        }
    }

    private init(kind: Kind, size: Int, bits: UInt64) {
        self.kind = kind
        self.size = size
        self.bits = bits
    }
}
