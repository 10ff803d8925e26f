/// What the face that made a mock adds to the handling of its calls, asked by the engine
/// instead of carried in its fields (Mockito's decorators rather than fields on one handler): a
/// mock made by `mockFunction` has none, an interposed symbol's routes its calls through the
/// symbol's dispatcher, a table's field names itself in messages.
///
/// Class-bound, so that a mock pays one reference for it (a plain mock: a nil one, tested once
/// per call as the dispatcher index was).
protocol MockFace: AnyObject, Sendable {
    /// Runs the handling of one call of `interceptor`'s mock (an interposed symbol marks the
    /// thread as answering it around `handle`, so that the answer's own calls of the symbol by
    /// name reach the real function).
    func handle(_ frame: CallFrame, of interceptor: Interceptor)
    /// Passes a call nothing of the mock may answer on to the real function (a call after the
    /// release, a call a fault schedule lets through with no older stub); false when the mock
    /// stands for none.
    func passOn(_ frame: CallFrame) -> Bool
    /// The answer that passes calls on to the real function (`callingOriginal()`); nil when
    /// the mock stands for none.
    var originalAnswer: StubAnswer? { get }
    /// The interposition dispatcher's index the mock's entry point marks the thread with while
    /// a stub key's answer runs (-1: none). An entry point of such a mock takes no expectation's
    /// calls itself.
    var dispatcherIndex: Int32 { get }
    /// The field's path (`xWrite`) of a mock that is a field of a `mockTable` table, so that
    /// messages show the `capturing:` declaration the table takes; nil otherwise.
    var tableField: String? { get }
    /// What a failed verify that found no calls adds about calls that reached the real
    /// function instead (from threads or objects the mock does not answer); nil when none did.
    func noCallsNote(mockName: String) -> String?
}

extension MockFace {
    func handle(_ frame: CallFrame, of interceptor: Interceptor) { interceptor.handleCall(frame) }
    func passOn(_: CallFrame) -> Bool { false }
    var originalAnswer: StubAnswer? { nil }
    var dispatcherIndex: Int32 { -1 }
    var tableField: String? { nil }
    func noCallsNote(mockName _: String) -> String? { nil }
}
