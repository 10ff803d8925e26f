import Synchronization

/// The calls an interposition's scope held but sent to the real function because they came
/// from no thread of its test (a layer answering ``InterposedCallers/thisTest``): when its
/// mock's `verify` then finds no call, the message says so, since the code under test most
/// likely calls from threads of its own.
final class CallsToOriginal: Sendable {
    private let count = Atomic<Int>(0)

    /// One more call went to the original. On the chooser's path, never on the mock's.
    func add() { count.add(1, ordering: .relaxed) }

    /// The calls counted so far.
    var total: Int { count.load(ordering: .relaxed) }
}
