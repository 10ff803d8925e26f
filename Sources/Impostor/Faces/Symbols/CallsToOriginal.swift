import Synchronization

/// The calls an interposition sent to the real function though they were its test's concern
/// in part: calls its scope held that came from threads no running test owns (a layer answering
/// ``InterposedCallers/thisTest``; another test's calls are not counted), and calls of its test that came from outside its scope. When
/// its mock's `verify` then finds no call, the message says so: the code under test most likely
/// calls from threads of its own, or calls in a way that hides the calling library (a tail call).
final class CallsToOriginal: Sendable {
    private let otherThreads = Atomic<Int>(0)
    private let outsideScope = Atomic<Int>(0)
    /// The layer's scope, for the message.
    let scope: InterpositionScope

    init(scope: InterpositionScope) { self.scope = scope }

    /// One more call from another thread went to the original. On the chooser's path, never on the mock's.
    func add() { otherThreads.add(1, ordering: .relaxed) }

    /// One more call of the test, from outside the scope, went to the original.
    func addOutsideScope() { outsideScope.add(1, ordering: .relaxed) }

    /// The calls from other threads counted so far.
    var total: Int { otherThreads.load(ordering: .relaxed) }

    /// The test's calls from outside the scope counted so far.
    var fromOutsideScope: Int { outsideScope.load(ordering: .relaxed) }
}
