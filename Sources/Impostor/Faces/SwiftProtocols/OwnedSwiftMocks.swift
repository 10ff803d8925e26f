/// The Swift mocks made while a ``Mockery`` was current, released with it: calls to them after
/// that are reported.
final class OwnedSwiftMocks: MockeryAttachment {
    private let cores = Locked<[MockCore]>([])

    init() {}

    /// Takes charge of a Swift mock made while the Mockery is current.
    func adopt(_ core: MockCore) {
        cores.withLock { $0.append(core) }
    }

    func release() {
        for core in cores.withLock({ $0 }) { core.release() }
    }
}
