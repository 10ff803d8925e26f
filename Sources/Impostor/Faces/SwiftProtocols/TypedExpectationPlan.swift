// Expectations on a Swift member as its typed entry point tries them: each one's matchers
// compiled to keys over the arguments' tuple, as a stub's are, and its action in its typed
// form, so that an expected call is matched, counted and answered without boxing its
// arguments. An expectation that has no such form (a captor, a literal of an existential parameter, an action
// only the engine runs) sends every call of the member to the engine while it comes first.

/// One expectation on a Swift member, ready for the typed entry point; made when the
/// expectation is published.
final class TypedExpectationPlan: @unchecked Sendable {
    // @unchecked: immutable once made; the keys name tests `owners` keeps.
    /// One key per argument; none for an expectation on every call (`ignoring`).
    private let keys: [RawArgumentKey]
    private let owners: [AnyObject]
    /// What answers a call it takes: nothing gives the default value (an expectation without
    /// `will`, or one whose actions were refused); `onConsecutiveCalls` one action a call.
    /// Each with its class, to compare with the entry point's kinds without a cast.
    private enum Action {
        case none
        case single(AnyObject, kind: ObjectIdentifier)
        case consecutive([AnyObject], kinds: [ObjectIdentifier])
    }
    private let action: Action

    /// The plan of `expectation` on `member`, or nil when the engine must try it.
    init?(_ expectation: Expectation, on member: SwiftMember) {
        var owners: [AnyObject] = []
        if let pattern = expectation.swiftPattern {
            guard let keys = RawArgumentKey.keys(pattern.arguments, offsets: member.log.argumentOffsets, owners: &owners) else { return nil }
            self.keys = keys
        } else {
            guard expectation.takesEveryCall else { return nil }
            keys = []
        }
        if let step = expectation.actions {
            guard let typed = step.typed else { return nil }
            if let consecutive = typed as? ConsecutiveTypedActions {
                guard let steps = consecutive.steps else { return nil }
                action = .consecutive(steps, kinds: steps.map { ObjectIdentifier(type(of: $0)) })
            } else {
                action = .single(typed, kind: ObjectIdentifier(type(of: typed)))
            }
        } else {
            action = .none
        }
        self.owners = owners
    }

    /// True when the typed entry point whose answers are of `kinds` runs the action itself.
    func runs(with kinds: TypedStubKinds) -> Bool {
        switch action {
        case .none: true
        case .single(_, let kind): kinds.runs(kind, async: false)
        case .consecutive(_, let stepKinds): stepKinds.allSatisfy { kinds.runs($0, async: false) }
        }
    }

    /// True when the arguments at `arguments` (the tuple's bytes) pass every key.
    func matches(_ arguments: UnsafeRawPointer) -> Bool {
        keys.withUnsafeBufferPointer { RawArgumentKey.all($0, match: arguments) }
    }

    /// The typed answer for the expectation's call number `index` (from 0); nil returns the
    /// default value. `onConsecutiveCalls` past its last action is reported, as the engine
    /// reports it, and answers with the default.
    func answer(forCall index: Int, of expectation: Expectation, member: SwiftMember) -> AnyObject? {
        switch action {
        case .none:
            return nil
        case .single(let answer, _):
            return answer
        case .consecutive(let steps, _):
            guard index < steps.count else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.consecutiveActionsUsedUp(count: steps.count, call: index + 1, mock: expectation.mock.name),
                    site: expectation.actionSite), pending: member.pendingFailures)
                return nil
            }
            return steps[index]
        }
    }
}
