/// What the face that made a mock adds to the handling of its calls, asked by the engine
/// instead of carried in its fields (Mockito's decorators rather than fields on one handler): a
/// mock made by `mockFunction` has none, an interposed symbol's routes its calls through the
/// symbol's dispatcher, a table's field names itself in messages.
///
/// Class-bound, so that a mock pays one reference for it. Asked off the per-call path: what a
/// call needs of it (the dispatcher index) the interceptor reads once, when it is made.
protocol MockFace: AnyObject, Sendable {
    /// Passes a call nothing of the mock may answer on to the real function (a call after the
    /// release, a call a fault schedule lets through with no older stub); false when the mock
    /// stands for none.
    func passOn(_ frame: CallFrame) -> Bool
    /// The answer that passes calls on to the real function (`callingOriginal()`); nil when
    /// the mock stands for none.
    var originalAnswer: StubAnswer? { get }
    /// The interposition dispatcher whose symbol the thread is marked as answering while the
    /// mock answers (-1: none), so that the answer's own calls of the symbol by name reach the
    /// real function. An entry point of such a mock takes no expectation's calls itself.
    var dispatcherIndex: Int32 { get }
    /// The field's path (`xWrite`) of a mock that is a field of a `mockTable` table, so that
    /// messages show the `capturing:` declaration the table takes; nil otherwise.
    var tableField: String? { get }
    /// What a failed verify that found no calls adds about calls that reached the real
    /// function instead (from threads or objects the mock does not answer); nil when none did.
    func noCallsNote(mockName: String) -> String?
}

extension MockFace {
    func passOn(_: CallFrame) -> Bool { false }
    var originalAnswer: StubAnswer? { nil }
    var dispatcherIndex: Int32 { -1 }
    var tableField: String? { nil }
    func noCallsNote(mockName _: String) -> String? { nil }
}
