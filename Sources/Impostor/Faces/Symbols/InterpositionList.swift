/// The interpositions a ``Mockery`` owns, removed (newest first) when it is released.
final class InterpositionList: MockeryAttachment {
    private let layers = Locked<[InterpositionLayer]>([])

    init() {}

    func append(_ layer: InterpositionLayer) { layers.withLock { $0.append(layer) } }

    /// Removes every layer; slots that could not be put back are reported to `pending`, at
    /// the `interpose` line concerned.
    func detach(reportingTo pending: PendingFailures) {
        let all = layers.withLock { layers in
            defer { layers = [] }
            return layers
        }
        for layer in all.reversed() {
            for problem in InterpositionRegistry.remove(layer) {
                FailureReporter.report(ImpostorFailure(message: problem, site: layer.site), pending: pending)
            }
        }
    }
}

extension Mockery {
    /// C symbols rebound to this Mockery's mocks, put back first when it is released.
    var interpositions: InterpositionList { attachment(InterpositionList.self) }
}
