import Synchronization

/// One stub of a Swift mock's member: a pattern and its answers, in order, the last repeating.
@usableFromInline
final class SwiftStub: @unchecked Sendable {
    // @unchecked: `first` is immutable; later answers and the count are touched only under
    // `lock`, and announced through `hasMore` (as a C mock's `Stub` does).
    let pattern: SwiftCallPattern
    private let first: SwiftAnswer
    private let hasMore = Atomic<Bool>(false)
    private let lock = Locked<(answers: [SwiftAnswer], used: Int)>(([], 0))

    init(pattern: SwiftCallPattern, answer: SwiftAnswer) {
        self.pattern = pattern
        first = answer
        lock.withLock { $0.answers = [answer] }
    }

    /// Adds an answer for the call after the previous ones.
    func append(_ answer: SwiftAnswer) {
        lock.withLock { $0.answers.append(answer) }
        hasMore.store(true, ordering: .releasing)
    }

    /// The block of a stub with a single answer, as written (a ``TypedAnswer``): what the
    /// typed entry point runs. Nil once answers were added, which only the engine counts.
    @usableFromInline var typedAnswer: AnyObject? {
        hasMore.load(ordering: .acquiring) ? nil : first.typed
    }

    /// The same, unretained: the stub keeps its first answer as long as it lives.
    @usableFromInline var typedAnswerUnretained: Unmanaged<AnyObject>? {
        guard !hasMore.load(ordering: .acquiring), let typed = first.typed else { return nil }
        return Unmanaged.passUnretained(typed)
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
