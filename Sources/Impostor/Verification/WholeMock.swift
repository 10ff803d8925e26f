/// A mock as `verifyNoMoreInvocations`, `verifyZeroInvocations`, `clearInvocations` and `reset`
/// take it: whole, whichever face made it.
///
/// A function-pointer mock is one interceptor; a Swift mock object is its members together
/// (its core). `MockRegistry.wholeMock(of:)` finds the one behind a value.
protocol WholeMock: AnyObject {
    /// The mock's name, as messages print it.
    var name: String { get }
    /// Where failures its calls raised wait to be reported.
    var pendingFailures: PendingFailures { get }
    /// True once its Mockery has released it.
    var isReleased: Bool { get }
    /// The mock's calls, each with its place among all of them (from 1, oldest first): every
    /// call, or only those no verify has accounted for.
    func recordedCalls(unverifiedOnly: Bool) -> [(position: Int, call: Invocation)]
    /// Forgets the recorded calls, and first the stubs when `forgettingStubs`, so that no
    /// call starting afterwards meets a forgotten stub.
    func forgetCalls(andStubs forgettingStubs: Bool)
}

extension Interceptor: WholeMock {
    func recordedCalls(unverifiedOnly: Bool) -> [(position: Int, call: Invocation)] {
        let batch = store.snapshot()
        return (0..<batch.count).map(batch.view).filter { !unverifiedOnly || !$0.isVerified }.map {
            (position: $0.index + 1, call: Invocation(mockName: name, signature: batch.signature, record: $0.record()))
        }
    }

    func forgetCalls(andStubs forgettingStubs: Bool) {
        if forgettingStubs { forgetStubs() }
        store.removeAll()
    }
}
