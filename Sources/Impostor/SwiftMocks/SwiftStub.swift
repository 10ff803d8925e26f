/// One stub of a Swift mock's member: a pattern and its answers, in order, the last repeating.
final class SwiftStub: @unchecked Sendable {
    // @unchecked: `answers` and `used` are touched only under `lock`.
    let pattern: SwiftCallPattern
    private let lock = Locked<(answers: [SwiftAnswer], used: Int)>(([], 0))

    init(pattern: SwiftCallPattern, answer: SwiftAnswer) {
        self.pattern = pattern
        lock.withLock { $0.answers = [answer] }
    }

    /// Adds an answer for the call after the previous ones.
    func append(_ answer: SwiftAnswer) {
        lock.withLock { $0.answers.append(answer) }
    }

    /// The answer for the next matching call.
    func nextAnswer() -> SwiftAnswer {
        lock.withLock { state in
            defer { state.used += 1 }
            return state.answers[min(state.used, state.answers.count - 1)]
        }
    }
}
