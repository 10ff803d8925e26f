/// What an interposed symbol adds to its mock's calls: its dispatcher, which marks the thread
/// as answering the symbol while the mock answers, its real function, and the count of calls
/// that reached that function instead.
final class InterposedSymbolFace: MockFace {
    /// The real function's address; 0 for a variadic function's pointer, which has none.
    let original: UInt
    /// -1 for the mock of an interposition that was refused, which no dispatcher reaches.
    let dispatcherIndex: Int32
    /// The calls from other threads (or from outside the scope) that reached the real function
    /// instead, for a layer answering its test only or a scope; else nil.
    let callsToOriginal: CallsToOriginal?

    init(original: UInt, dispatcherIndex: Int32, callsToOriginal: CallsToOriginal? = nil) {
        self.original = original
        self.dispatcherIndex = dispatcherIndex
        self.callsToOriginal = callsToOriginal
        // The mock's entry point marks the thread as answering the symbol while a stub key's
        // answer runs, as the interceptor's handler does.
        if dispatcherIndex >= 0 { GOT.installAnsweringForEntryPoints }
    }

    func passOn(_ frame: CallFrame) -> Bool {
        guard original != 0 else { return false }
        PassThrough.call(original, frame)
        return true
    }

    var originalAnswer: StubAnswer? {
        let original = self.original
        guard original != 0 else { return nil }
        // The saved original, called directly. Calling the symbol through its rebound slot
        // instead would reach the same function (a thread answering the symbol is marked, and
        // the dispatcher sends its calls to the original), so the two are equivalent and no
        // test can tell them apart; the direct call skips the dispatcher.
        return StubAnswer(callsOriginal: true) { frame, _ in PassThrough.call(original, frame) }
    }

    func noCallsNote(mockName: String) -> String? {
        guard let counter = callsToOriginal else { return nil }
        var notes: [String] = []
        if counter.total > 0 { notes.append(FailureMessages.callsFromOtherThreads(counter.total, symbol: mockName)) }
        if counter.fromOutsideScope > 0 {
            notes.append(FailureMessages.callsFromOutsideScope(counter.fromOutsideScope, symbol: mockName, scope: counter.scope))
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }
}
