/// Decides, for each call through a dispatcher whose route asks, which layer's mock answers
/// it, or that the original does.
///
/// This is the parallel-test policy: a layer answers a call only when the call comes from an
/// object in its scope and, unless it answers ``InterposedCallers/everyThread``, from the test
/// that interposed (the thread's claim set by `Mockery.withCurrent`, else the running test).
/// Every other call, an unrelated test's among them, reaches the original.
enum InterpositionRouting {
    /// Each dispatcher's layers, oldest first. A lock per dispatcher, held only to copy the
    /// array: it never calls out while held, so a call arriving meanwhile cannot deadlock on it.
    private static let tables: [Locked<[InterpositionLayer]>] =
        (0..<GOT.dispatcherCount).map { _ in Locked([]) }

    /// Installs the chooser once, before the first dispatcher is routed through it.
    static let installChooser: Void = GOT.setChooser(chooser)

    static func setLayers(_ layers: [InterpositionLayer], for index: UInt32) {
        tables[Int(index)].withLock { $0 = layers }
    }

    /// The mock that answers a call at dispatcher `index` made from code returning to
    /// `returnAddress`, or nil for the original.
    static func target(index: UInt32, returnAddress: UnsafeRawPointer?) -> UnsafeRawPointer? {
        let layers = tables[Int(index)].withLock { $0 }
        var caller: (name: String, known: Bool)?
        var identity: TestIdentity??
        for layer in layers.reversed() {
            if layer.scope != .allObjects {
                if caller == nil {
                    let object = LoadedObjects.object(containing: returnAddress)
                    caller = (object?.name ?? "", object != nil)
                }
                guard let caller, caller.known,
                      layer.scope.selects(objectNamed: caller.name, isMainExecutable: caller.name.isEmpty)
                else { continue }
            }
            if layer.checksCaller {
                if identity == nil { identity = .some(ThreadClaim.current ?? TestIdentity.current) }
                guard let identity, identity === layer.owner else { continue }
            }
            return UnsafeRawPointer(bitPattern: layer.mockCode)
        }
        return nil
    }
}

private let chooser: GOT.Chooser = { index, returnAddress in
    InterpositionRouting.target(index: index, returnAddress: returnAddress)
}
