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
    /// Getter or setter for a property's or subscript's accessor (`title.get`), nil for a method.
    let accessor: SwiftAccessor?
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
        /// The mock this member belongs to, once one of its calls or queries named it. Held
        /// without a count, and cleared by the core's `deinit` (see `forget(owner:)`): a weak
        /// reference would give every core a side table, and every retain of a core (one per
        /// call of a generated member) the runtime's slow path.
        var owner: Unmanaged<MockCore>?
        var ownerName: String?
        var pendingFailures: PendingFailures
        var book: ExpectationBook
        /// The stubs, newest last, tried newest first by the typed entry point (the table
        /// `table` publishes) and by the engine; made with the first stub.
        var stubs: MemberStubs?
        /// MockingKit's `registerResult`: answers calls no stub matches.
        var registered: SwiftAnswer?
        /// The typed blocks of results registered before it: a call may still be running one,
        /// without a count (see `registeredBlock`).
        var formerRegistered: [AnyObject] = []
        var released = false

        /// The registered results' typed blocks, which a call may still be running.
        var forgettableAnswers: [AnyObject] { [registered?.typed].compactMap { $0 } + formerRegistered }
    }

    let state: Locked<State>
    /// The calls, kept with the member's own types (made by its ``MockReference``).
    let log: ValueCallLog
    /// True while nothing but the default value can answer a call: no stub, no registered
    /// result, no expectation, a nice Mockery. Read without a lock by the typed entry point,
    /// which then records the call and returns the default without boxing its arguments.
    private let answersByDefault = Atomic<Bool>(true)
    /// The address of `state.stubs`, read by the typed entry point without a lock (0 while
    /// there is none): the table lives as long as the member, and its mock after the release.
    private let table = Atomic<UInt>(0)
    /// The address of `state.registered`'s typed block (a ``TypedAnswer``), read by the typed
    /// entry point without a lock (0 while there is none): kept as long as the member.
    private let registeredBlock = Atomic<UInt>(0)
    /// Set once an expectation names this member (see `Interceptor`'s flag of the same name).
    private let expected = Atomic<Bool>(false)
    /// `state.released`, readable without the lock: a late call neither waits for it nor
    /// records anything.
    private let releasedFlag = Atomic<Bool>(false)
    /// Calls after the release: counted, and reported once (see `LateCallCount`).
    private let lateCalls = LateCallCount()
    /// The address of the mock that adopted this member: one load per call instead of a lock.
    private let adoptedBy = Atomic<UInt>(0)
    /// True for a reference made by name without saying whether the member is `async`: a
    /// refused `async` block then says how to say so.
    let asyncUnstated: Bool
    /// Makes the value an unanswered call returns, decided once for the result type (the
    /// conformance lookups cost more than the rest of a call); nil when none can be made.
    let makeDefault: (() -> Any)?

    init(
        memberName: String, parameterTypes: [Any.Type], resultType: Any.Type, failureType: Any.Type, isAsync: Bool,
        site: SourceSite, mockery: Mockery, makeDefault: (() -> Any)?, log: ValueCallLog,
        argumentLabels: ArgumentLabels = .none, asyncUnstated: Bool = false
    ) {
        self.asyncUnstated = asyncUnstated
        self.makeDefault = makeDefault
        self.log = log
        self.memberName = memberName
        self.argumentLabels = argumentLabels
        accessor = SwiftAccessor(memberName: memberName)
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
        /// Only the default value can answer: record the call with this stamp.
        case byDefault(stamp: UInt64)
        /// Inside `stub(...)`, `verify(...)` or `checking { }`: hand the call to the recorder.
        case prototype
        /// After the release: counted and answered with the default value.
        case released
        /// Only these stubs or a registered result may answer: the typed entry point tries
        /// them, then the registered result's block (see `registeredAnswer`), and hands the
        /// call to the engine if none it can run answers. Unretained: the member keeps its
        /// tables as long as it lives.
        case stubs(Unmanaged<MemberStubs>?)
        /// Expectations may answer: the typed entry point dispatches the call to them (see
        /// `expectedAnswer`), then to these stubs as above, and hands it to the engine where
        /// it cannot.
        case expected(Unmanaged<MemberStubs>?)
    }

    /// The first step of every call: ties the member to `owner`, reports matchers left over
    /// on the thread, and says how the call goes on, in one call from the typed entry point.
    @usableFromInline
    func enter(from owner: MockCore) -> Entry {
        adopt(by: owner)
        // One load says whether this thread records a prototype or has matchers waiting.
        let attention = ThreadState.needsAttention
        if attention && PrototypeRecorder.isRecording { return .prototype }
        if isReleasedForCalls { return .released }
        // A prototype outside stub/verify: placeholders for arguments, answered by default only.
        if attention, MatcherRecorder.reportLeftovers() { return .byDefault(stamp: CallStamp.next()) }
        if answersByDefault.load(ordering: .acquiring) { return .byDefault(stamp: CallStamp.next()) }
        let address = table.load(ordering: .acquiring)
        let stubs = address == 0 ? nil : Unmanaged<MemberStubs>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
        return isExpected ? .expected(stubs) : .stubs(stubs)
    }

    /// A stamp for a call the typed entry point answers itself (its log keeps the thread).
    @usableFromInline
    func stampNow() -> UInt64 { CallStamp.next() }

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
    @inline(__always)
    func adopt(by core: MockCore) {
        let address = UInt(bitPattern: Unmanaged.passUnretained(core).toOpaque())
        if adoptedBy.load(ordering: .acquiring) == address { return }
        adoptAnew(by: core, address: address)
    }

    /// The first call or query from `core`.
    private func adoptAnew(by core: MockCore, address: UInt) {
        defer { adoptedBy.store(address, ordering: .releasing) }
        let isNew = state.withLock { state -> Bool in
            guard state.owner?.toOpaque() != UnsafeMutableRawPointer(bitPattern: address) else { return false }
            state.owner = .passUnretained(core)
            state.ownerName = core.name
            state.pendingFailures = core.pendingFailures
            state.book = core.book
            if core.book.strictness != .nice { answersByDefault.store(false, ordering: .releasing) }
            return true
        }
        if isNew {
            core.register(self)
            core.book.register(self, of: core)
        }
    }

    /// Stops naming the core at `address`, which is going: a later core made at the same
    /// address adopts the member anew.
    func forget(owner address: UInt) {
        state.withLock { state in
            guard state.owner.map({ UInt(bitPattern: $0.toOpaque()) }) == address else { return }
            state.owner = nil
            adoptedBy.store(0, ordering: .releasing)
        }
    }

    /// Moves a member no mock has called yet to `mockery`, whose `checking` names it: until its
    /// mock first calls it, a member belongs to the Mockery current when its reference was
    /// made, which for a `lazy var` first read outside the test's Mockery is the default one.
    /// Its mock's Mockery takes it at the first call, as always.
    func joinIfUnowned(_ mockery: Mockery) {
        state.withLock { state in
            guard state.owner == nil else { return }
            state.book = mockery.book
            state.pendingFailures = mockery.pendingFailures
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
        table.store(0, ordering: .releasing)
        registeredBlock.store(0, ordering: .releasing)
        let (owner, kept) = state.withLock { state -> (MockCore?, [AnyObject]) in
            state.released = true
            defer {
                state.stubs = nil
                state.registered = nil
                state.formerRegistered = []
            }
            // Sound: the member's core releases it, and clears `owner` before it goes.
            return (state.owner?.takeUnretainedValue(), [state.stubs].compactMap { $0 } + state.forgettableAnswers)
        }
        // A call that began before the release may still be reading the stubs and their
        // table, without a count: its mock keeps them. (Not the member: a stub's pattern names the
        // member, and the member would keep itself.) Without a mock no call is under way.
        owner?.keepUntilGone(kept)
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

    /// Adds a stub; newest wins. False when the table is full (``StubTable/capacity``).
    func install(_ stub: SwiftStub) -> Bool {
        let added = state.withLock { state in
            let stubs = state.stubs ?? MemberStubs()
            guard stubs.append(stub, prefilter: stub.prefilter) else { return false }
            if state.stubs == nil {
                state.stubs = stubs
                table.store(UInt(bitPattern: Unmanaged.passUnretained(stubs).toOpaque()), ordering: .releasing)
            }
            return true
        }
        answersByDefault.store(false, ordering: .releasing)
        return added
    }

    /// The answer of the newest stub whose pattern matches `arguments`, else the registered
    /// result; captors of the matching stub are fed.
    func answer(for arguments: [Any]) -> SwiftAnswer? {
        let (stubs, registered) = state.withLock { ($0.stubs, $0.registered) }
        return answer(for: arguments, stubs: stubs, registered: registered)
    }

    /// The same, from the table and registered result already read. The patterns run the
    /// user's matchers without a lock held: a matcher may call or stub the mock.
    func answer(for arguments: [Any], stubs: MemberStubs?, registered: SwiftAnswer?) -> SwiftAnswer? {
        // Sound: `stubs` is held here, and keeps its entries as long as it lives.
        guard let stub = stubs?.newest(where: { $0.element._withUnsafeGuaranteedRef { $0.pattern.matches(arguments) } })?
            .element.takeUnretainedValue() else { return registered }
        stub.pattern.capture(arguments)
        return stub.nextAnswer()
    }

    /// Registers `answer` for calls no stub answers, replacing the one registered before.
    func register(_ answer: SwiftAnswer) {
        state.withLock { state in
            if let former = state.registered?.typed { state.formerRegistered.append(former) }
            state.registered = answer
            let address = answer.typed.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0
            registeredBlock.store(address, ordering: .releasing)
        }
        answersByDefault.store(false, ordering: .releasing)
    }

    /// The registered result's typed block, unretained, for a call no stub answered; nil when
    /// there is none or only the engine can run it.
    @usableFromInline
    var registeredAnswer: Unmanaged<AnyObject>? {
        let address = registeredBlock.load(ordering: .acquiring)
        // Sound: the member keeps every registered block as long as it lives, and its mock
        // after the release (see `release()`).
        return address == 0 ? nil : Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The recorded calls, oldest first, with whether a verify accounted for each.
    func snapshot() -> (calls: [SwiftCall], verified: Set<Int>, generation: Int) { log.snapshot() }

    /// Marks calls a verify accounted for, unless the calls were reset since `generation`.
    func markVerified(_ records: [UInt], generation: Int) { log.markVerified(records, generation: generation) }

    /// Forgets the recorded calls (MockingKit's `resetCalls`); stubs stay.
    func resetCalls() { log.removeAll(keepingCapacity: true) }

    /// Forgets the member's stubs and registered result (Mockito's `reset`): a call that
    /// starts afterwards meets only stubs made after it. `core` keeps what was forgotten until
    /// it goes, as after a release: a call already under way may still be running a block.
    func forgetStubs(keptBy core: MockCore) {
        registeredBlock.store(0, ordering: .releasing)
        let forgotten = state.withLock { state -> [AnyObject] in
            // The table keeps forgotten stubs as long as it lives (a C mock's does the same).
            state.stubs?.forgetAll()
            let forgotten = state.forgettableAnswers
            state.registered = nil
            state.formerRegistered = []
            // Under the lock, so that a stub made meanwhile (which clears this after its own
            // turn with the lock) is never left unseen.
            answersByDefault.store(!isExpected && state.book.strictness == .nice, ordering: .releasing)
            return forgotten
        }
        core.keepUntilGone(forgotten)
    }

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
