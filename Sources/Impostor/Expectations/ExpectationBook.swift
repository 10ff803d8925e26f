/// One Mockery's expectations, states and sequences, and the monitor that serializes the
/// dispatch of calls to its expected mocks (calls may come from any thread, C threads
/// included).
final class ExpectationBook: @unchecked Sendable {
    // @unchecked: every `var` below is read and written only inside `monitor`.

    let mockeryName: String
    let strictness: Strictness
    let monitor = Monitor()

    // Unchecked: the monitor orders every access, and a dynamic check on each call's read
    // cost about a hundred instructions.
    @exclusivity(unchecked) private var expectations: [Expectation] = []
    private var machines: [StateMachine] = []
    private var tracks: [SequenceTrack] = []
    /// The Mockery's mocks, for "what happened before this".
    private var interceptors: [Interceptor] = []
    /// The Mockery's Swift mocks' members, likewise.
    private var swiftMembers: [SwiftMember] = []
    /// The first `checking` block: where unexpected calls are reported.
    private var checkingSite: SourceSite?
    /// Calls that moved a state and have not finished yet: a waiter does not wake on a state
    /// whose call is still running its actions.
    @exclusivity(unchecked) private var unfinishedStateChanges = 0
    /// Swift mocks `ignoring` named whole, with where it was written (see `register(_:of:)`).
    private var ignoredCores: [ObjectIdentifier: SourceSite] = [:]
    private var waiters: [AsyncWaiter] = []
    private var nextWaiterID = 0

    init(mockeryName: String, strictness: Strictness) {
        self.mockeryName = mockeryName
        self.strictness = strictness
    }

    // MARK: Declaring

    func register(_ interceptor: Interceptor) {
        monitor.withEntered { interceptors.append(interceptor) }
    }

    func register(_ member: SwiftMember) {
        monitor.withEntered { if !swiftMembers.contains(where: { $0 === member }) { swiftMembers.append(member) } }
    }

    /// A member `core`'s mock uses for the first time: when `ignoring` named the mock whole,
    /// the member is ignored as its others are, from this call on.
    func register(_ member: SwiftMember, of core: MockCore) {
        register(member)
        monitor.withEntered {
            guard let site = ignoredCores[ObjectIdentifier(core)],
                  !expectations.contains(where: { $0.mockIdentity == ObjectIdentifier(member) && $0.takesEveryCall })
            else { return }
            let expectation = Expectation(kind: .ignored, target: .mock, mock: member, site: site)
            expectation.publish()
            expectations.append(expectation)
            member.markExpected()
        }
    }

    func register(_ machine: StateMachine) {
        monitor.withEntered { machines.append(machine) }
    }

    func register(_ track: SequenceTrack) {
        monitor.withEntered { tracks.append(track) }
    }

    /// Makes a `checking` block's expectations take calls, all at once.
    func publish(_ draft: ExpectationDraft) {
        monitor.withEntered {
            if checkingSite == nil { checkingSite = draft.site }
            for (core, site) in draft.ignoredCores { ignoredCores[ObjectIdentifier(core)] = site }
            for expectation in draft.expectations {
                expectation.publish()
                for sequence in expectation.sequences { sequence.track.steps.append(expectation) }
                expectations.append(expectation)
            }
            publishRosters()
            // Inside the monitor: a call that sees the flag waits for the monitor, so it finds
            // the expectations; one that does not see it yet came before the block returned.
            for expectation in draft.expectations { expectation.mock.markExpected() }
        }
    }

    /// Forgets everything (the Mockery is gone), breaking the reference cycles between
    /// expectations, sequences and mocks, and wakes waiters.
    func tearDown() {
        monitor.withEntered {
            expectations.removeAll()
            publishRosters()
            for track in tracks { track.steps.removeAll() }
            tracks.removeAll()
            ignoredCores.removeAll()
            interceptors.removeAll()
            swiftMembers.removeAll()
            for waiter in waiters { waiter.continuation.resume(returning: false) }
            waiters.removeAll()
            monitor.wakeAll()
        }
    }

    /// Gives each of the Mockery's C mocks the list of its expectations its calls meet without
    /// the monitor (see ``ExpectationRoster``). Inside the monitor.
    private func publishRosters() {
        var named: [ObjectIdentifier: (Interceptor, [Expectation])] = [:]
        for interceptor in interceptors { named[ObjectIdentifier(interceptor)] = (interceptor, []) }
        for expectation in expectations {
            guard let interceptor = expectation.mock as? Interceptor else { continue }
            named[ObjectIdentifier(interceptor), default: (interceptor, [])].1.append(expectation)
        }
        for (interceptor, list) in named.values { interceptor.publishExpectations(list) }
    }

    // MARK: Dispatching calls

    /// What the expectations make of one call.
    enum Dispatch {
        /// Taken by an expectation, as its call number `index` (from 0).
        case answered(Expectation, index: Int, movedState: Bool)
        /// Matched by a `never` expectation, which stops the search.
        case forbidden(Expectation)
        /// No expectation takes it.
        case unmatched
    }

    /// Finds the expectation that takes a call: the first, in declaration order, whose
    /// arguments match, whose `when` holds, whose sequences are at it and that is not
    /// saturated. Counts the call and moves its state inside the monitor.
    func dispatch(_ interceptor: Interceptor, _ frame: CallFrame) -> Dispatch {
        dispatch(interceptor) { $0.matches(frame) }
    }

    /// The same for a call to a Swift mock's member.
    func dispatch(_ member: SwiftMember, _ values: [Any]) -> Dispatch {
        dispatch(member) { $0.matches(values: values) }
    }

    /// The same for a Swift member's typed entry point, reading the arguments where they lie
    /// (the tuple's bytes): nil, with nothing taken, when an expectation on the member that it
    /// cannot try (see ``TypedExpectationPlan``) comes before the one that takes the call, or a
    /// `never` matches; the engine then dispatches the call, and reports it.
    func dispatch(_ member: SwiftMember, typedArguments arguments: UnsafeRawPointer, kinds: TypedStubKinds) -> Dispatch? {
        monitor.withEntered {
            let identity = ObjectIdentifier(member)
            for expectation in expectations where expectation.mockIdentity == identity {
                guard let plan = expectation.typedPlan, plan.runs(with: kinds) else { return nil }
                guard plan.matches(arguments), let taken = take(expectation) else { continue }
                if case .forbidden = taken { return nil }
                return taken
            }
            return .unmatched
        }
    }

    /// Inlined into both callers, so a C call pays no closure call per expectation.
    @inline(__always)
    private func dispatch(_ mock: AnyObject, matching: (Expectation) -> Bool) -> Dispatch {
        monitor.withEntered {
            let identity = ObjectIdentifier(mock)
            for expectation in expectations where expectation.mockIdentity == identity {
                guard matching(expectation), let taken = take(expectation) else { continue }
                return taken
            }
            return .unmatched
        }
    }

    /// An expectation whose arguments match takes the call when its `when` holds, its
    /// sequences are at it and it is not saturated: counted, its state moved. Nil when it
    /// does not take it. Inside the monitor.
    @inline(__always)
    private func take(_ expectation: Expectation) -> Dispatch? {
        if expectation.isConditional {
            guard expectation.condition?.holds ?? true,
                  expectation.sequences.allSatisfy({ $0.track.blocker(for: expectation) == nil })
            else { return nil }
        }
        if expectation.isForbidden { return .forbidden(expectation) }
        guard let index = expectation.takeCall() else { return nil }
        var moved = false
        if expectation.isConditional, let change = expectation.change {
            change.states.machine.value = change.value
            unfinishedStateChanges += 1
            moved = true
        }
        return .answered(expectation, index: index, movedState: moved)
    }

    /// Moves a state from the test's side, and wakes whoever waits.
    func set(_ machine: StateMachine, to value: String) {
        monitor.withEntered {
            machine.value = value
            monitor.wakeAll()
            resumeSatisfiedWaiters()
        }
    }

    /// Called when a dispatched call that moved a state has finished (actions run, call
    /// recorded): wakes waiters.
    func finish(movedState: Bool) {
        monitor.withEntered {
            if movedState { unfinishedStateChanges -= 1 }
            monitor.wakeAll()
            resumeSatisfiedWaiters()
        }
    }

    /// The failure for a call no expectation took (or a `never` stopped), reported once, as
    /// the call is made (gMock's way): it cannot be swallowed by the code under test, since it
    /// is no error thrown into it, so the check at the end does not repeat it. `uninteresting`
    /// when the mock is in no expectation (a strict Mockery).
    func unexpectedCall(
        _ interceptor: Interceptor, _ frame: CallFrame, stamp: UInt64, forbiddenBy: Expectation?, uninteresting: Bool
    ) -> ImpostorFailure {
        monitor.withEntered {
            let call = LiveCall(interceptor: interceptor, frame: frame, stamp: stamp)
            let message = uninteresting
                ? FailureMessages.uninterestingCall(call.text, mockery: mockeryName, listing: listing(for: call, before: stamp))
                : FailureMessages.unexpectedCall(call.text, listing: listing(for: call, before: stamp, forbiddenBy: forbiddenBy))
            return ImpostorFailure(message: message, site: checkingSite ?? interceptor.creationSite)
        }
    }

    /// The same for a call to a Swift mock's member: reported where expectations were first
    /// declared, as a C mock's is, and at `site` (the mock's call site) when none were. A
    /// generated mock's call site is the protocol's `@Mockable` line, in the code under test.
    func unexpectedSwiftCall(
        _ member: SwiftMember, _ call: SwiftCall, forbiddenBy: Expectation?, uninteresting: Bool, site: SourceSite
    ) -> ImpostorFailure {
        monitor.withEntered {
            let live = LiveCall(member: member, call: call)
            let message = uninteresting
                ? FailureMessages.uninterestingCall(live.text, mockery: mockeryName, listing: listing(for: live, before: call.stamp))
                : FailureMessages.unexpectedCall(live.text, listing: listing(for: live, before: call.stamp, forbiddenBy: forbiddenBy))
            return ImpostorFailure(message: message, site: checkingSite ?? site)
        }
    }

    /// The warning a naggy Mockery gives for an uninteresting call to a Swift mock.
    func uninterestingSwiftWarning(_ member: SwiftMember, _ call: SwiftCall, site: SourceSite) -> ImpostorFailure {
        ImpostorFailure(
            message: FailureMessages.uninterestingSwiftCallWarning(LiveCall(member: member, call: call).text, mockery: mockeryName),
            site: site, isWarning: true)
    }

    /// The warning a naggy Mockery gives for an uninteresting call.
    func uninterestingWarning(_ interceptor: Interceptor, _ frame: CallFrame, stamp: UInt64) -> ImpostorFailure {
        let call = LiveCall(interceptor: interceptor, frame: frame, stamp: stamp)
        return ImpostorFailure(
            message: FailureMessages.uninterestingCallWarning(call.text, mockery: mockeryName),
            site: interceptor.creationSite, isWarning: true)
    }

    // MARK: Checking

    /// Failures for expectations not satisfied yet, each reported once per count it was seen
    /// at.
    func unsatisfied() -> [ImpostorFailure] {
        monitor.withEntered {
            var failures: [ImpostorFailure] = []
            for expectation in expectations where !expectation.isSatisfied && expectation.reportedUnsatisfiedAt != expectation.count {
                expectation.reportedUnsatisfiedAt = expectation.count
                failures.append(ImpostorFailure(
                    message: FailureMessages.unsatisfiedExpectation(
                        mock: expectation.mock.name, call: ExpectationText.call(expectation),
                        cardinality: expectation.cardinality, received: expectation.count),
                    site: expectation.site))
            }
            return failures
        }
    }

    // MARK: Waiting

    /// True when `predicate` holds and no call that moved a state is still running.
    private func settled(_ predicate: StatePredicate) -> Bool {
        unfinishedStateChanges == 0 && predicate.holds
    }

    /// Blocks until `predicate` holds or `deadline` passes; true when it holds.
    func wait(for predicate: StatePredicate, until deadline: UInt64) -> Bool {
        monitor.withEntered {
            while !settled(predicate) {
                if !monitor.wait(until: deadline) { return settled(predicate) }
            }
            return true
        }
    }

    /// Registers an async waiter; resumes it at once (returning nil) when `predicate` holds.
    func addWaiter(_ predicate: StatePredicate, _ continuation: CheckedContinuation<Bool, Never>) -> Int? {
        monitor.withEntered {
            if settled(predicate) {
                continuation.resume(returning: true)
                return nil
            }
            nextWaiterID += 1
            waiters.append(AsyncWaiter(id: nextWaiterID, predicate: predicate, continuation: continuation))
            return nextWaiterID
        }
    }

    /// Resumes waiter `id` with false if it is still waiting (its timeout passed).
    func expireWaiter(_ id: Int) {
        monitor.withEntered {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
            waiters.remove(at: index).continuation.resume(returning: false)
        }
    }

    private func resumeSatisfiedWaiters() {
        guard !waiters.isEmpty else { return }
        waiters.removeAll { waiter in
            guard settled(waiter.predicate) else { return false }
            waiter.continuation.resume(returning: true)
            return true
        }
    }

    /// The listing a timed-out wait reports.
    func timeoutListing() -> String {
        monitor.withEntered { listing(for: nil, before: .max) }
    }

    // MARK: Listings

    private func listing(for call: LiveCall?, before stamp: UInt64, forbiddenBy: Expectation? = nil) -> String {
        ExpectationListing.render(
            expectations: expectations, call: call, forbiddenBy: forbiddenBy,
            states: machines.map { "\($0.name) is \($0.value)" },
            history: history(before: stamp))
    }

    /// The calls the Mockery's mocks recorded before `stamp`, oldest first, with how many
    /// earlier ones are left out: the newest few of each mock only, so a listing costs the
    /// same after a million calls as after ten.
    private func history(before stamp: UInt64) -> (calls: [Invocation], earlier: Int) {
        let limit = ExpectationListing.historyLimit
        var total = 0
        var recent: [Invocation] = []
        // The call itself (recorded before it is answered) and any that came after it are in
        // the logs too; they are neither shown nor counted as earlier.
        var notBefore = 0
        for interceptor in interceptors {
            total += interceptor.store.count
            let last = interceptor.invocations(last: limit + 1)
            recent += last.filter { $0.stamp < stamp }
            notBefore += last.count { $0.stamp >= stamp }
        }
        for member in swiftMembers {
            let calls = member.invocations()
            total += calls.count
            recent += calls.suffix(limit + 1).filter { $0.stamp < stamp }
            notBefore += calls.count { $0.stamp >= stamp }
        }
        recent.sort { $0.stamp < $1.stamp }
        let shown = Array(recent.suffix(limit))
        return (shown, max(0, total - notBefore - shown.count))
    }
}

/// A task waiting in `await waitUntil(...)`.
struct AsyncWaiter {
    let id: Int
    let predicate: StatePredicate
    let continuation: CheckedContinuation<Bool, Never>
}
