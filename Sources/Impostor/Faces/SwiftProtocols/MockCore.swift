/// What a Swift mock object records through: its name, the Mockery it belongs to and the
/// engine of each member it has called or been queried about.
///
/// A ``Mock`` subclass has one (`mockCore`). A type that cannot inherit from ``Mock`` (an
/// actor, or a class with another superclass) holds one itself and adopts ``Mocking``:
///
/// ```swift
/// actor MockStore: Store, Mocking {
///     nonisolated let mockCore = MockCore(named: "store")
///     lazy var loadRef = MockReference(load)
///     func load(_ key: String) -> Int { call(loadRef, args: key) }
/// }
/// ```
///
/// It belongs to the Mockery that is current where it is made (a `.mockery` test's own, or the
/// process-wide default), which releases it: calls after that are reported.
public final class MockCore: Sendable {
    /// The mock's name, in front of every member's name in messages: `printer.print("Hello")`.
    public let name: String
    @usableFromInline let pendingFailures: PendingFailures
    let book: ExpectationBook
    /// The members seen so far, and whether the owning Mockery has released the mock.
    private let members = Locked<(known: [SwiftMember], released: Bool)>(([], false))
    /// What released members' calls may still be reading without a count (their stubs and
    /// stub tables), kept until the mock goes: a call holds its mock's core.
    private let kept = Locked<[AnyObject]>([])
    /// The references of a generated mock's members, under the index of each one's key.
    @usableFromInline let keyedReferences = KeyedReferenceTable()
    /// The same, by the text key an older `@Mockable` wrote for each.
    let generatedReferences = Locked<[String: [AnyObject]]>([:])

    /// Makes the recording core of a mock named `name`, owned by the current Mockery.
    public init(named name: String) {
        self.name = name
        let mockery = Mockery.current
        pendingFailures = mockery.pendingFailures
        book = mockery.book
        mockery.attachment(OwnedSwiftMocks.self).adopt(self)
    }

    deinit {
        // Members that outlive the core (a reference kept elsewhere) stop naming it.
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        for member in members.withLock({ $0.known }) { member.forget(owner: address) }
    }

    /// Notes a member that has been called or queried, for `resetCalls()` and release.
    /// A member first used after the release (its `lazy var` reference made only then) is
    /// released at once, so its calls are reported like the others'.
    func register(_ member: SwiftMember) {
        let released = members.withLock { state in
            state.known.append(member)
            return state.released
        }
        if released { member.release() }
    }

    /// True once the owning Mockery has released the mock.
    var isReleased: Bool { members.withLock { $0.released } }

    /// The members seen so far.
    var knownMembers: [SwiftMember] { members.withLock { $0.known } }

    /// Keeps `objects` as long as this core lives (see `kept`).
    func keepUntilGone(_ objects: [AnyObject]) { kept.withLock { $0 += objects } }

    /// Called by the owning Mockery when it is released.
    func release() {
        let known = members.withLock { state in
            state.released = true
            return state.known
        }
        for member in known { member.release() }
    }
}
