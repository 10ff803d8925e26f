/// The interpositions a ``Mockery`` owns, removed (newest first) when it is released.
final class InterpositionList: Sendable {
    private let layers = Locked<[InterpositionLayer]>([])

    func append(_ layer: InterpositionLayer) { layers.withLock { $0.append(layer) } }

    /// Removes every layer; slots that could not be put back are reported to `pending`, at
    /// the `interpose` line concerned.
    func removeAll(reportingTo pending: PendingFailures) {
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
