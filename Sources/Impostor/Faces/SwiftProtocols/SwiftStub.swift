import Synchronization

/// One stub of a Swift mock's member: a pattern and its answers, in order, the last repeating.
/// It sits in its member's ``StubTable`` with the prefilter of its keys.
@usableFromInline
final class SwiftStub: @unchecked Sendable {
    // @unchecked: `first` and the keys are immutable; later answers and the count are touched
    // only under `lock`, and announced through `hasMore` (as a C mock's `Stub` does).
    let pattern: SwiftCallPattern
    /// The exact bits of one argument the stub requires, which the table tests before `keys`.
    let prefilter: StubPrefilter
    /// The pattern's argument tests as the typed entry point runs them over the arguments'
    /// tuple, those that test something first and without the prefilter's; nil when only the
    /// engine can try the stub (a captor, a literal of an existential parameter). They name
    /// the pattern's matchers' tests, which the pattern keeps.
    private let keys: UnsafeMutableBufferPointer<RawArgumentKey>?
    private let first: SwiftAnswer
    private let hasMore = Atomic<Bool>(false)
    /// The answers, how many calls took one, and whether every answer is typed (the typed
    /// entry point then takes them in turn, as the engine does).
    private let lock = Locked<(answers: [SwiftAnswer], used: Int, allTyped: Bool)>(([], 0, false))

    init(pattern: SwiftCallPattern, answer: SwiftAnswer) {
        self.pattern = pattern
        first = answer
        var owners: [AnyObject] = []
        if let all = RawArgumentKey.keys(pattern.arguments, offsets: pattern.member.log.argumentOffsets, owners: &owners) {
            var testing = all.filter { $0.kind != .any }
            let prefiltered = testing.firstIndex { $0.prefilter != nil }
            prefilter = prefiltered.map { testing.remove(at: $0).prefilter! } ?? .none
            let buffer = UnsafeMutableBufferPointer<RawArgumentKey>.allocate(capacity: testing.count)
            _ = buffer.initialize(from: testing)
            keys = buffer
        } else {
            (prefilter, keys) = (.none, nil)
        }
        lock.withLock { $0 = ([answer], 0, answer.typed != nil) }
    }

    deinit {
        // Sound: the keys are plain values (their tests are the pattern's).
        keys?.deallocate()
    }

    /// Whether the typed entry point can try this stub (see `keys`).
    @inline(__always)
    var isTyped: Bool { keys != nil }

    /// Whether the arguments' tuple at `arguments` passes the stub's keys; true for a stub only
    /// the engine can try, so that the scan stops there and hands the call to the engine.
    @inline(__always)
    func typedKeysMatch(_ arguments: UnsafeRawPointer) -> Bool {
        guard let keys else { return true }
        return RawArgumentKey.all(UnsafeBufferPointer(keys), match: arguments)
    }

    /// Adds an answer for the call after the previous ones.
    func append(_ answer: SwiftAnswer) {
        lock.withLock { state in
            state.answers.append(answer)
            state.allTyped = state.allTyped && answer.typed != nil
        }
        hasMore.store(true, ordering: .releasing)
    }

    /// The block of a stub with a single answer, as written (a ``TypedAnswer``): what the
    /// typed entry point runs, unretained (the stub keeps its first answer as long as it
    /// lives). Nil once answers were added: see `nextTypedAnswer`.
    @usableFromInline var typedAnswerUnretained: Unmanaged<AnyObject>? {
        guard !hasMore.load(ordering: .acquiring), let typed = first.typed else { return nil }
        return Unmanaged.passUnretained(typed)
    }

    /// The typed block of the next of consecutive answers, taken for this call, when every
    /// answer is typed and this one is of a class `kinds` runs directly; nil, with nothing
    /// taken, hands the call to the engine, which then takes it (an answer is never taken
    /// twice). Unretained: answers are only ever added, and the stub keeps them all.
    @usableFromInline
    func nextTypedAnswer(accepting kinds: TypedStubKinds, async: Bool) -> Unmanaged<AnyObject>? {
        guard hasMore.load(ordering: .acquiring) else { return nil }
        return lock.withLock { state in
            guard state.allTyped, let typed = state.answers[min(state.used, state.answers.count - 1)].typed,
                  kinds.runs(ObjectIdentifier(type(of: typed)), async: async) else { return nil }
            state.used += 1
            return Unmanaged.passUnretained(typed)
        }
    }

    /// The answer for the next matching call: a single answer without a lock.
    func nextAnswer() -> SwiftAnswer {
        guard hasMore.load(ordering: .acquiring) else { return first }
        return lock.withLock { state in
            defer { state.used += 1 }
            return state.answers[min(state.used, state.answers.count - 1)]
        }
    }
}
