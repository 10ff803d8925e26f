import Synchronization

/// One stub of a Swift mock's member: a pattern and its answers, in order, the last repeating.
@usableFromInline
final class SwiftStub: @unchecked Sendable {
    // @unchecked: `first` is immutable; later answers and the count are touched only under
    // `lock`, and announced through `hasMore` (as a C mock's `Stub` does).
    let pattern: SwiftCallPattern
    private let first: SwiftAnswer
    private let hasMore = Atomic<Bool>(false)
    /// The answers, how many calls took one, and whether every answer is typed (the typed
    /// entry point then takes them in turn, as the engine does).
    private let lock = Locked<(answers: [SwiftAnswer], used: Int, allTyped: Bool)>(([], 0, false))

    init(pattern: SwiftCallPattern, answer: SwiftAnswer) {
        self.pattern = pattern
        first = answer
        lock.withLock { $0 = ([answer], 0, answer.typed != nil) }
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
