/// A prototype's call pattern, bound to what it is on: the one seam between the engine's stages
/// and the two kinds of mock.
///
/// A C function's mock (``CallPattern``, matched against call frames and records) and a Swift
/// mock's member (``SwiftCallPattern``, matched against kept values) differ in how a call's
/// arguments arrive and are read back; stubbing, verification, in-order verification and
/// expectations ask the pattern for what they need and never switch on its kind.
protocol BoundPattern: Sendable {
    /// `add(any(), 5)`, `printer.print("Hello!")`.
    var description: String { get }
    /// The mock's (or member's) name.
    var mockName: String { get }
    /// Which mock (or member) the pattern is on.
    var mock: ObjectIdentifier { get }
    var isMockReleased: Bool { get }
    var pendingFailures: PendingFailures { get }
    /// The mock's result type, for checking a prototype's value and a stub's answers.
    var resultType: Any.Type { get }

    // MARK: Stubbing

    /// Why a block taking `blockTypes` (none: a block without arguments) cannot answer this
    /// pattern's calls, with `swift` its Swift form and `error` what it throws; nil when it can.
    func blockProblem(_ blockTypes: [Any.Type], swift: SwiftAnswer, throwing error: (any Error)?) -> String?
    /// Why an answer with no C form (nil: an async or throwing block) cannot answer this
    /// pattern's calls; nil when it can.
    func missingAnswerProblem(_ answer: StubAnswer?) -> String?
    /// Why answering this pattern's calls by throwing `error` is refused; nil when it is not.
    func throwProblem(_ error: any Error) -> String?
    /// Adds a stub answering this pattern with `answer` (C) or `swift` (Swift); nil after
    /// reporting that the mock cannot take another.
    func install(answer: StubAnswer?, swift: SwiftAnswer, site: SourceSite) -> (any InstalledStub)?
    /// Adds a stub answering with a block that takes the whole ``Invocation``.
    func install<Result>(invocationBlock body: @escaping (Invocation) -> Result, site: SourceSite) -> (any InstalledStub)?
    /// The answers of a grouped stub's block for this pattern, its result converted to the
    /// mock's type where numbers allow; nil after reporting that it cannot be.
    func groupAnswers<Result>(_ body: @escaping () -> Result, site: SourceSite) -> (answer: StubAnswer?, swift: SwiftAnswer)?
    /// The answer that passes calls on to the real function; nil when the mock has none.
    var originalAnswer: StubAnswer? { get }
    /// Why calls of this pattern cannot be failed by a schedule; nil when they can.
    func faultProblem(_ schedule: FaultSchedule) -> String?
    /// Adds a stub that answers the calls `state`'s schedule fails with `answer` and lets every
    /// other call go on as if it were not there; false after reporting that it could not.
    func installFailing(_ state: FaultState, answer: StubAnswer, site: SourceSite) -> Bool

    // MARK: Verification

    /// The mock's calls, checked against the pattern once (see ``Verifier``).
    func checkCalls() -> any CallCheck
    /// Verifies the pattern where its calls are recorded, without copying them, when it can
    /// be counted there and its count satisfies `mode`, marking the calls counted; false
    /// leaves it to ``checkCalls()``.
    func verifiedInPlace(mode: VerificationMode) -> Bool
    /// The earliest matching call stamped after `after`, reading the mock's calls once per
    /// search through `cache`.
    func earliestCall(after: UInt64, cache: OrderSearchCache) -> OrderedCall?
    /// Reports the calls whose pointer memory a matcher could not read, as a verify does.
    func reportUnreadable()
    /// Every call to the mock, oldest first.
    func invocations() -> [Invocation]

    // MARK: Expectations

    /// The mock an expectation on this pattern belongs to.
    var expectedMock: any ExpectedMock { get }
}

/// A call in-order verification found: its stamp, and how to mark it verified once the whole
/// order holds (in the copy its mock's calls were read from).
struct OrderedCall {
    let stamp: UInt64
    let markVerified: () -> Void
}

/// Each mock's calls, read once per in-order search, as each kind of pattern reads them.
final class OrderSearchCache {
    private var reads: [ObjectIdentifier: Any] = [:]

    /// The calls of `mock` as `read` gives them, read on the search's first question about it.
    func calls<Calls>(of mock: ObjectIdentifier, _ read: () -> Calls) -> Calls {
        if let calls = reads[mock] as? Calls { return calls }
        let calls = read()
        reads[mock] = calls
        return calls
    }
}

/// A stub just installed on a C mock or a Swift member, to which a chain adds answers.
protocol InstalledStub: AnyObject {
    /// The pattern it answers.
    var bound: any BoundPattern { get }
    /// Adds an answer for the call after the previous ones: `answer` for a C mock, `swift` for
    /// a Swift member.
    func append(answer: StubAnswer?, swift: SwiftAnswer)
}
