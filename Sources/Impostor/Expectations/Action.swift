/// What an expectation does when a call matches it: return a value, run a block, set `errno`,
/// fill an out-parameter, or several of these in order. Give actions to
/// ``ExpectationBuilder/will(_:fileID:filePath:line:column:)``.
///
/// ```swift
/// oneOf(open(cString("a.txt"), any())).will(setErrno(ENOENT), returnValue(-1))
/// ```
///
/// `Result` is the mock's return type, so the compiler checks `returnValue(x)` against the
/// mock as it checks a stub's block. Actions run on the thread that called the mock, in the
/// order given; the last one to set the result wins, and a call whose actions set none
/// returns zero.
public struct Action<Result>: @unchecked Sendable {
    // @unchecked: an action holds the user's values and blocks, which run on whichever thread
    // calls the mock, as stub blocks do; `returnValue` and `setPointee` take C pointers.
    @usableFromInline let step: ActionStep

    @usableFromInline
    init(_ step: ActionStep) { self.step = step }
}

/// An action without its result type: what an expectation keeps and runs.
@usableFromInline
final class ActionStep: @unchecked Sendable {
    // @unchecked: see Action. A class, so an expected call that reads its expectation's
    // actions retains one object rather than each closure and string inside.

    /// `returnValue(7)`, `setErrno(2)`, `perform { }`: as the action reads in listings.
    let description: String
    /// The value returned, for `returnValue` alone: listings show it as `-> 7`.
    let returns: String?
    /// Why the action cannot run for a mock with this signature (checked once, when the
    /// expectation is declared), or nil.
    let problem: (Signature, _ mockName: String) -> String?
    /// Runs the action for one call.
    let run: (CallFrame, ActionCall) -> Void
    /// The same action for a Swift mock's member: returns the call's value (nil when the
    /// action gives none), or throws. Nil for actions that only make sense on a C call.
    let swift: ((SwiftCall, ActionCall) throws -> Any?)?
    /// Why the action cannot run for a Swift member, checked at `will`.
    let swiftProblem: (SwiftMember) -> String?
    /// False when `run` never reads or writes its ``ActionCall`` (a value returned, a block of
    /// the mock's arguments): a C call then runs it with ``ActionCall/unread`` instead of a new
    /// one. True unless the action says otherwise.
    let readsCall: Bool
    /// The action as a Swift member's typed entry point runs it, without boxing the call: a
    /// ``ConstantAnswer`` (`returnValue`), a ``TypedAnswer`` (`perform` with the member's
    /// arguments or none, `throwError`), or ``ConsecutiveTypedActions``. Nil for the others,
    /// which the engine runs.
    let typed: AnyObject?

    init(
        description: String, returns: String? = nil, problem: @escaping (Signature, String) -> String? = { _, _ in nil },
        swift: ((SwiftCall, ActionCall) throws -> Any?)? = nil, swiftProblem: @escaping (SwiftMember) -> String? = { _ in nil },
        readsCall: Bool = true, typed: AnyObject? = nil, run: @escaping (CallFrame, ActionCall) -> Void
    ) {
        self.typed = typed
        self.description = description
        self.readsCall = readsCall
        self.returns = returns
        self.problem = problem
        self.run = run
        self.swift = swift
        self.swiftProblem = swiftProblem
    }

    /// An action that returns `value`, of the mock's result type.
    @usableFromInline
    static func returning<Result>(_ value: Result, run: @escaping (CallFrame, ActionCall) -> Void) -> ActionStep {
        let returns = ValueFormatter.describeSwiftValue(value)
        return ActionStep(
            description: "returnValue(\(returns))", returns: returns, swift: { _, _ in value }, readsCall: false,
            typed: ConstantAnswer(value), run: run)
    }

    /// A `perform` block taking the mock's arguments as `blockTypes` (checked against the
    /// mock's parameters when the expectation is declared); `typed` is the block as written.
    @usableFromInline
    static func block(
        taking blockTypes: [Any.Type], typed: AnyObject, swift: @escaping (SwiftCall, ActionCall) throws -> Any?,
        run: @escaping (CallFrame, ActionCall) -> Void
    ) -> ActionStep {
        ActionStep(
            description: "perform { }",
            problem: { signature, mockName in ActionChecks.blockProblem(blockTypes, signature: signature, mockName: mockName) },
            swift: swift,
            swiftProblem: { member in SwiftStubCheck.blockProblem(member, blockTypes: blockTypes) },
            readsCall: false, typed: typed, run: run)
    }
}

/// One call an expectation's actions are answering.
@usableFromInline
final class ActionCall {
    // Made and used on the thread answering one call.
    /// The call's ordering stamp (see ``CallStamp``).
    let stamp: UInt64
    /// Which of the expectation's calls this is, from 0 (for `onConsecutiveCalls`).
    @usableFromInline let index: Int
    /// The expectation answering: its mock's name and its actions' site are read from it only
    /// when an action fails, so that a call copies no strings. Nil only in ``unread``.
    private let answering: Unmanaged<Expectation>?
    var expectation: Expectation { answering.unsafelyUnwrapped.takeUnretainedValue() }
    /// Keeps `expectation` for the call, unless something else surely does.
    private let keeper: Expectation?
    var mockName: String { expectation.mock.name }
    /// Where the actions were given, for failures they raise.
    var site: SourceSite { expectation.actionSite }
    /// Set by `setErrno`: stored into the caller's `errno` as the very last step of the call,
    /// after everything Impostor does that could change it.
    var errno: Int32?

    init(stamp: UInt64, index: Int, expectation: Expectation) {
        self.stamp = stamp
        self.index = index
        answering = Unmanaged.passUnretained(expectation)
        keeper = expectation
    }

    private init() {
        stamp = 0
        index = 0
        answering = nil
        keeper = nil
    }

    /// What a C call's actions get when none of them reads its call (``ActionStep/readsCall``):
    /// one shared, never-read instance, so that such a call allocates nothing.
    // Sound: no action whose `readsCall` is false reads or writes it, so threads share it untouched.
    nonisolated(unsafe) static let unread = ActionCall()

    /// For a call an expectation key took at a C mock's entry point: the mock's published
    /// lists keep the expectation for the mock's life (see ``ExpectationRoster``), so the call
    /// retains nothing.
    init(stamp: UInt64, index: Int, keptByPublishedList expectation: Expectation) {
        self.stamp = stamp
        self.index = index
        answering = Unmanaged.passUnretained(expectation)
        keeper = nil
    }
}
