import Synchronization

/// The engine behind one member of one Swift mock (one ``MockReference``): what an
/// ``Interceptor`` is to a C function pointer. It records each call with the same global
/// stamps as C mocks, answers it from the member's expectations, stubs or registered
/// result, and keeps the call log that `verify`, `verifyInOrder` and `calls(to:)` read.
@usableFromInline
final class SwiftMember: @unchecked Sendable, LateCallCounting {
    // @unchecked: mutable state lives in `state`, touched only under its lock; the rest is
    // immutable after init.

    /// `print`, from the reference's property name, or the name given.
    let memberName: String
    /// The labels its calls print with, from a name given as a selector (`didFind(path:size:)`).
    let argumentLabels: ArgumentLabels
    /// The member's parameter types, in order, as the reference declares them.
    let parameterTypes: [Any.Type]
    let resultType: Any.Type
    /// `Never` for a member that does not throw.
    let failureType: Any.Type
    /// Whether the member is `async`: only then may stubs answer with `async` blocks.
    let isAsync: Bool
    /// Where the reference was made.
    let creationSite: SourceSite

    struct State {
        /// The mock this member belongs to, once one of its calls or queries named it.
        weak var owner: MockCore?
        var ownerName: String?
        var pendingFailures: PendingFailures
        var book: ExpectationBook
        /// Newest last; scanned newest first.
        var stubs: [SwiftStub] = []
        /// The stubs as the typed entry point tries them, rebuilt with them.
        var stubTable: StubKeyTable?
        /// MockingKit's `registerResult`: answers calls no stub matches.
        var registered: SwiftAnswer?
        var released = false
    }

    let state: Locked<State>
    /// The calls, kept with the member's own types (made by its ``MockReference``).
    let log: SwiftCallLog
    /// True while nothing but the default value can answer a call: no stub, no registered
    /// result, no expectation, a nice Mockery. Read without a lock by the typed entry point,
    /// which then records the call and returns the default without boxing its arguments.
    private let answersByDefault = Atomic<Bool>(true)
    /// Set once an expectation names this member (see `Interceptor`'s flag of the same name).
    private let expected = Atomic<Bool>(false)
    /// `state.released`, readable without the lock: a late call neither waits for it nor
    /// records anything.
    private let releasedFlag = Atomic<Bool>(false)
    /// Calls after the release: counted, and reported once (see `LateCallCount`).
    private let lateCalls = LateCallCount()
    /// The address of the mock that adopted this member: one load per call instead of a lock.
    private let adoptedBy = Atomic<UInt>(0)
    /// Makes the value an unanswered call returns, decided once for the result type (the
    /// conformance lookups cost more than the rest of a call); nil when none can be made.
    let makeDefault: (() -> Any)?

    init(
        memberName: String, parameterTypes: [Any.Type], resultType: Any.Type, failureType: Any.Type, isAsync: Bool,
        site: SourceSite, mockery: Mockery, makeDefault: (() -> Any)?, log: SwiftCallLog,
        argumentLabels: ArgumentLabels = .none
    ) {
        self.makeDefault = makeDefault
        self.log = log
        self.memberName = memberName
        self.argumentLabels = argumentLabels
        self.parameterTypes = parameterTypes
        self.resultType = resultType
        self.failureType = failureType
        self.isAsync = isAsync
        creationSite = site
        state = Locked(State(pendingFailures: mockery.pendingFailures, book: mockery.book))
        answersByDefault.store(mockery.book.strictness == .nice, ordering: .releasing)
    }

    /// How a typed call goes on (see `enter(from:)`).
    @usableFromInline
    enum Entry {
        /// Only the default value can answer: record the call with this stamp and thread.
        case byDefault(stamp: UInt64, thread: UInt)
        /// Inside `stub(...)`, `verify(...)` or `checking { }`: hand the call to the recorder.
        case prototype
        /// After the release: counted and answered with the default value.
        case released
        /// Only these stubs (newest last) or a registered result may answer: the typed entry
        /// point tries them, and hands the call to the engine if none it can run matches.
        case stubs(StubKeyTable?, PendingFailures)
        /// Expectations may answer: the engine decides.
        case engine
    }

    /// The first step of every call: ties the member to `owner`, reports matchers left over
    /// on the thread, and says how the call goes on, in one call from the typed entry point.
    @usableFromInline
    func enter(from owner: MockCore) -> Entry {
        adopt(by: owner)
        if PrototypeRecorder.isRecording { return .prototype }
        if isReleasedForCalls { return .released }
        MatcherRecorder.reportLeftovers()
        if answersByDefault.load(ordering: .acquiring) { return .byDefault(stamp: CallStamp.next(), thread: CallingThread.currentID) }
        if isExpected { return .engine }
        let (table, pending) = state.withLock { ($0.stubTable, $0.pendingFailures) }
        return .stubs(table, pending)
    }

    /// A stamp and the calling thread, for a call the typed entry point answers itself.
    @usableFromInline
    func stampNow() -> (stamp: UInt64, thread: UInt) { (CallStamp.next(), CallingThread.currentID) }

    /// Runs a stub's block as the engine does: failures it reports wait for the mock's test.
    @inlinable
    static func answering<R>(_ pending: PendingFailures, _ block: () throws -> R) throws -> R {
        var result: R?
        var failure: (any Error)?
        pending.whileAnswering {
            do { result = try block() } catch { failure = error }
        }
        if let failure { throw failure }
        return result!
    }

    /// A stub's block threw an error the member cannot throw: reported at the call, which
    /// returns the default value (as the engine's `rethrow` does).
    @usableFromInline
    func reportUnthrowable(_ error: any Error, failure: Any.Type, site: SourceSite) {
        FailureReporter.report(ImpostorFailure(
            message: FailureMessages.swiftErrorNotThrowable(
                mock: name, error: ValueFormatter.describeSwiftValue(error), failure: TypeMetadata.name(of: failure)),
            site: site), pending: pendingFailures)
    }

    /// No default value can be made for an unanswered call's result: reported, and the test
    /// process stops there (as the engine's `finish` does).
    @usableFromInline
    func stopWithoutDefault(_ result: Any.Type, site: SourceSite) -> Never {
        FailedClosureMock.stop(FailureMessages.noSwiftDefault(mock: name, result: TypeMetadata.name(of: result)), site: site)
    }

    /// `printer.print`: the mock's name and the member's, as every message shows them.
    var name: String {
        state.withLock { state in state.ownerName.map { "\($0).\(memberName)" } ?? memberName }
    }

    var pendingFailures: PendingFailures { state.withLock { $0.pendingFailures } }
    var book: ExpectationBook { state.withLock { $0.book } }
    var isReleased: Bool { state.withLock { $0.released } }

    /// Ties the member to the mock that calls or queries it: its name and Mockery from now on.
    func adopt(by core: MockCore) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(core).toOpaque())
        if adoptedBy.load(ordering: .acquiring) == address { return }
        defer { adoptedBy.store(address, ordering: .releasing) }
        let isNew = state.withLock { state -> Bool in
            guard state.owner !== core else { return false }
            state.owner = core
            state.ownerName = core.name
            state.pendingFailures = core.pendingFailures
            state.book = core.book
            if core.book.strictness != .nice { answersByDefault.store(false, ordering: .releasing) }
            return true
        }
        if isNew {
            core.register(self)
            core.book.register(self)
        }
    }

    /// Sends this member's calls through its Mockery's expectations from now on.
    func markExpected() {
        expected.store(true, ordering: .releasing)
        answersByDefault.store(false, ordering: .releasing)
    }

    var isExpected: Bool { expected.load(ordering: .acquiring) }

    /// Turns the member into a tombstone: later calls are reported; recorded calls are freed.
    func release() {
        lateCalls.markReleased()
        releasedFlag.store(true, ordering: .releasing)
        state.withLock { state in
            state.released = true
            state.stubs = []
            state.stubTable = nil
            state.registered = nil
        }
        log.removeAll(keepingCapacity: false)
    }

    /// True once the member is released (one atomic load).
    var isReleasedForCalls: Bool { releasedFlag.load(ordering: .acquiring) }

    /// Counts a call after the release; the first is reported, to the member's test if that
    /// can still be failed, else to the test run (see `FailureReporter.reportAfterRelease`).
    func countLateCall(site: SourceSite) {
        guard lateCalls.countOne() else { return }
        let report = LateCallReport(counter: self, mockName: name, site: site, kind: .swiftMember, firstDelay: lateCalls.sinceRelease)
        LateCallLedger.register(report)
        FailureReporter.reportAfterRelease(.lateCalls(report), from: pendingFailures)
    }

    var lateCallCount: Int { lateCalls.value }

    /// Adds a stub; newest wins.
    func install(_ stub: SwiftStub) {
        state.withLock { state in
            state.stubs.append(stub)
            state.stubTable = StubKeyTable(state.stubs, offsets: log.argumentOffsets)
        }
        answersByDefault.store(false, ordering: .releasing)
    }

    /// The answer of the newest stub whose pattern matches `arguments`, else the registered
    /// result; captors of the matching stub are fed.
    func answer(for arguments: [Any]) -> SwiftAnswer? {
        let (stubs, registered) = state.withLock { ($0.stubs, $0.registered) }
        return answer(for: arguments, stubs: stubs, registered: registered)
    }

    /// The same, from a snapshot of the stubs already taken.
    func answer(for arguments: [Any], stubs: [SwiftStub], registered: SwiftAnswer?) -> SwiftAnswer? {
        for stub in stubs.reversed() where stub.pattern.matches(arguments) {
            stub.pattern.capture(arguments)
            return stub.nextAnswer()
        }
        return registered
    }

    func register(_ answer: SwiftAnswer) {
        state.withLock { $0.registered = answer }
        answersByDefault.store(false, ordering: .releasing)
    }

    /// The recorded calls, oldest first, with whether a verify accounted for each.
    func snapshot() -> (calls: [SwiftCall], verified: Set<Int>, generation: Int) { log.snapshot() }

    /// Marks calls a verify accounted for, unless the calls were reset since `generation`.
    func markVerified(_ positions: [Int], generation: Int) { log.markVerified(positions, generation: generation) }

    /// Forgets the recorded calls (MockingKit's `resetCalls`); stubs stay.
    func resetCalls() { log.removeAll(keepingCapacity: true) }

    /// The recorded calls as ``Invocation``s, oldest first; only the newest `last` when given.
    func invocations(last: Int = .max) -> [Invocation] {
        let (calls, name) = (snapshot().calls, self.name)
        return calls.suffix(last).map { Invocation(member: self, named: name, swift: $0) }
    }

    /// The calls whose arguments `accepts` takes, oldest first.
    func invocations(where accepts: ([Any]) -> Bool) -> [Invocation] {
        let (calls, name) = (snapshot().calls, self.name)
        return calls.filter { accepts($0.arguments) }
            .map { Invocation(member: self, named: name, swift: $0) }
    }

    /// `print(_: String) -> ()`, for messages about types.
    var typeDescription: String {
        "(\(parameterTypes.map(TypeMetadata.name(of:)).joined(separator: ", ")))\(isAsync ? " async" : "")"
            + (failureType == Never.self ? "" : " throws") + " -> \(TypeMetadata.name(of: resultType))"
    }
}
