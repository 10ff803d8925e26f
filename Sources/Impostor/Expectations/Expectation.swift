import Synchronization

/// One declared expectation: which calls it takes, how many, what it does, and under which
/// state and sequence conditions.
///
/// Built on the test's thread inside `checking { }`, then published to its Mockery's
/// ``ExpectationBook`` when the block returns; from then on its declaration is read-only and
/// `count` changes only by ``takeCall()``, or by its C mock's entry point (see
/// ``ExpectationKeys``): an atomic step that never passes the maximum.
final class Expectation: @unchecked Sendable {
    // @unchecked: the declaration fields are written only before publication (on the thread
    // running `checking`), which happens inside the book's monitor; `reportedUnsatisfiedAt` is
    // touched only inside that monitor; `cell` changes only atomically.

    enum Kind {
        /// `oneOf`, `exactly(n).of`, `atLeast`, `atMost`, `between`.
        case expected(Cardinality)
        case allowed
        case ignored
        case forbidden
    }

    enum Target {
        /// A call pattern, on a C mock or a Swift mock's member: `oneOf(add(1, any()))`,
        /// `oneOf(printer.print("Hello!"))`.
        case pattern(any BoundPattern)
        /// Every call to a mock: `ignoring(logger)`.
        case mock
    }

    let kind: Kind
    let target: Target
    /// The C mock or Swift member it is about.
    let mock: any ExpectedMock
    /// `mock`'s identity, which a call compares without copying the existential.
    let mockIdentity: ObjectIdentifier
    /// Where it was declared.
    let site: SourceSite

    var actions: ActionStep?
    /// `actions`, unretained, as published (see ``publish()``): what a call reads, so that it
    /// retains nothing.
    private(set) var publishedActions: Unmanaged<ActionStep>?
    /// Where `will` was written, for failures the actions raise.
    var actionSite: SourceSite
    var condition: StatePredicate?
    var change: StateChange?
    var sequences: [ExpectationSequence] = []
    /// Set when `checking` returns; builder methods called later are refused.
    private(set) var isPublished = false

    /// Freezes the declaration: from now on calls take it. Inside the book's monitor.
    func publish() {
        isPublished = true
        // Sound: `actions` never changes after publication and keeps the step alive.
        publishedActions = actions.map { Unmanaged.passUnretained($0) }
        if let member = mock as? SwiftMember { typedPlan = TypedExpectationPlan(self, on: member) }
        isConditional = !needsNoMonitor
    }

    /// True when a state or a sequence is involved in taking a call (see `needsNoMonitor`):
    /// decided once, when published, so that a call to a plain one reads none of them.
    private(set) var isConditional = true
    /// For an expectation on a Swift member: how its typed entry point tries it, or nil when
    /// only the engine can. Set when published, read inside the book's monitor.
    private(set) var typedPlan: TypedExpectationPlan?

    /// Calls it has taken.
    var count: Int { cell.taken }
    /// Its count, in C, where its mock's entry point can take calls too.
    let cell: ExpectationKeys.Cell
    /// The count at which `assertIsSatisfied` last reported it unsatisfied, so a second check
    /// (an explicit one, then the one at the end of a `.mockery` test) does not repeat it.
    var reportedUnsatisfiedAt: Int?

    /// The pattern as its own kind, cast once here: the per-call path of a C mock and that of a
    /// Swift member each read their own, and a cast from the existential on every call cost
    /// about 580 instructions (callgrind, an `allowing` expectation answering a C call).
    let pattern: CallPattern?
    let swiftPattern: SwiftCallPattern?
    /// True for `ignoring(mock)`: every call to the mock. Kept apart so that matching a call
    /// never copies `target` (an existential: a retain and a release per expectation tried).
    let takesEveryCall: Bool

    init(kind: Kind, target: Target, mock: any ExpectedMock, site: SourceSite) {
        self.kind = kind
        self.target = target
        if case .pattern(let bound) = target {
            pattern = bound as? CallPattern
            swiftPattern = bound as? SwiftCallPattern
            takesEveryCall = false
        } else {
            pattern = nil
            swiftPattern = nil
            takesEveryCall = true
        }
        self.mock = mock
        mockIdentity = ObjectIdentifier(mock)
        self.site = site
        actionSite = site
        maximum = switch kind {
        case .expected(let cardinality): cardinality.maximum
        case .allowed, .ignored: nil
        case .forbidden: 0
        }
        cell = ExpectationKeys.Cell(maximum: maximum)
        cell.attach(self)
    }

    deinit { cell.free() }

    /// The most calls it takes (nil: any number), decided once: saturation is checked for every
    /// expectation a call meets.
    let maximum: Int?

    /// Takes one call: the call's index (from 0), or nil when the expectation is saturated. A
    /// compare-and-exchange, so threads answered at once never take more than the maximum
    /// between them, with or without the book's monitor, on the entry point's path or the handler's.
    @inline(__always)
    func takeCall() -> Int? { cell.take() }

    /// Its literals as its C mock's entry point tests them, or nil when it cannot take calls
    /// there: it involves a state or a sequence, is forbidden (a match must be reported), runs
    /// code to match (captors, general matchers, memory), or is a Swift member's.
    var entryKeyTests: StubKeyTests? {
        guard needsNoMonitor, !isForbidden else { return nil }
        if takesEveryCall { return StubKeyTests() }
        guard let pattern, !pattern.hasCaptors, pattern.pointerReaders.isEmpty,
              let tests = pattern.keyTests, tests.memory.isEmpty
        else { return nil }
        return tests
    }

    /// True when taking a call involves nothing but its count: no state to hold or move, no
    /// sequence. Decided when the expectation is published (its builder methods come first).
    var needsNoMonitor: Bool { condition == nil && change == nil && sequences.isEmpty }

    var cardinality: Cardinality {
        switch kind {
        case .expected(let cardinality): cardinality
        case .allowed, .ignored: Cardinality(minimum: 0, maximum: nil, spelling: "allowing")
        case .forbidden: Cardinality(minimum: 0, maximum: 0, spelling: "never")
        }
    }

    /// `never`, and `exactly(0)` or `atMost(0)`, which mean the same: a matching call stops
    /// the search and fails.
    var isForbidden: Bool { maximum == 0 }

    /// True once it has taken as many calls as it needs.
    var isSatisfied: Bool { count >= cardinality.minimum }

    /// True once it takes no more calls.
    var isSaturated: Bool { maximum.map { count >= $0 } ?? false }

    /// True when a live call's arguments fit.
    func matches(_ frame: CallFrame) -> Bool {
        if let pattern { return pattern.matches(frame) }
        return takesEveryCall
    }

    /// True when a Swift call's arguments fit.
    func matches(values: [Any]) -> Bool {
        if let swiftPattern { return swiftPattern.matches(values) }
        return takesEveryCall
    }

    /// `add(1, any())`, or nil for an expectation on every call to a mock.
    var patternDescription: String? {
        if case .pattern(let pattern) = target { return pattern.description }
        return nil
    }
}

/// What expectations need of the mock they are about: a C mock's ``Interceptor`` or a Swift
/// mock's member.
protocol ExpectedMock: AnyObject, Sendable {
    var name: String { get }
    var book: ExpectationBook { get }
    var isReleased: Bool { get }
    /// Sends the mock's calls through its Mockery's expectations from now on.
    func markExpected()
    /// Why `step` cannot answer this mock's calls (wrong types, a C-only action on a Swift
    /// member); nil when it can.
    func actionProblem(_ step: ActionStep) -> String?
}

extension Interceptor: ExpectedMock {
    func actionProblem(_ step: ActionStep) -> String? { step.problem(signature, name) }
}

extension SwiftMember: ExpectedMock {
    func actionProblem(_ step: ActionStep) -> String? {
        guard step.swift != nil else { return FailureMessages.actionNotForSwift(step.description, mock: name) }
        return step.swiftProblem(self)
    }
}
