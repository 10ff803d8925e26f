import Synchronization

/// One stub: a call pattern and the answers it gives, in order, the last repeating.
final class Stub: @unchecked Sendable {
    // @unchecked: `first` is immutable; later answers are appended under `more`'s lock and
    // announced through `hasMore`.

    let pattern: CallPattern
    /// Decided once: whether matching calls feed argument captors.
    let capturesArguments: Bool
    /// False for a stub whose answer must see every call it matches (a fault schedule counts
    /// them): it never becomes a stub key the entry point answers itself.
    let isKeyable: Bool
    /// Whether some answer can only run in the Swift handler (see
    /// ``StubAnswer/needsTheHandler(_:)``): such a stub is never a stub key.
    var needsTheHandler: Bool { needsTheHandlerFlag.load(ordering: .acquiring) }
    private let needsTheHandlerFlag: Atomic<Bool>
    private let first: StubAnswer
    private let hasMore = Atomic<Bool>(false)
    private let more = Locked<(answers: [StubAnswer], calls: Int)>(([], 0))

    init(pattern: CallPattern, answer: StubAnswer, keyable: Bool = true) {
        self.pattern = pattern
        self.capturesArguments = pattern.hasCaptors
        self.isKeyable = keyable
        self.first = answer
        needsTheHandlerFlag = Atomic(answer.needsTheHandler(pattern.interceptor.capturePlan))
    }

    /// Adds an answer given after the previous ones are used up. One that only the handler can
    /// run sends the mock's calls through the handler from now on (see
    /// ``StubAnswer/needsTheHandler(_:)``).
    func append(_ answer: StubAnswer) {
        if answer.needsTheHandler(pattern.interceptor.capturePlan) {
            needsTheHandlerFlag.store(true, ordering: .releasing)
            pattern.interceptor.store.closeFastPath()
        }
        more.withLock { $0.answers.append(answer) }
        hasMore.store(true, ordering: .releasing)
    }

    /// Answers one matching call.
    @inline(__always)
    func answer(_ frame: CallFrame, stamp: UInt64) {
        guard hasMore.load(ordering: .acquiring) else {
            first.run(frame, stamp)
            return
        }
        answerInTurn(frame, stamp: stamp)
    }

    /// ``answer(_:stamp:)`` for a stub with several answers. Out of line: the lock's code
    /// would otherwise widen every call's frame.
    @inline(never)
    private func answerInTurn(_ frame: CallFrame, stamp: UInt64) {
        let answer = more.withLock { state -> StubAnswer in
            defer { state.calls += 1 }
            return state.calls == 0 ? first : state.answers[min(state.calls - 1, state.answers.count - 1)]
        }
        answer.run(frame, stamp)
    }
}
