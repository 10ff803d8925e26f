/// Decides, for each call through a dispatcher whose route asks, which layer's mock answers
/// it, or that the original does.
///
/// This is the parallel-test policy: a layer answers a call only when the call comes from an
/// object in its scope and, unless it answers ``InterposedCallers/everyThread``, from the test
/// that interposed (the thread's claim set by `Mockery.withCurrent`, else the running test).
/// Every other call, an unrelated test's among them, reaches the original.
///
/// The dispatcher answers one case itself, in C: a thread claimed by the newest layer's test,
/// when that layer answers its test over every object (see `InterposedSymbol.publishRoute`).
enum InterpositionRouting {
    /// Installs the chooser once, before the first dispatcher is routed through it.
    static let installChooser: Void = GOT.setChooser(chooser)

    /// The table a route through the chooser carries for `layers` (oldest first). Made for each
    /// change of a symbol's layers and kept for the life of the process, since a call may still
    /// decide by it after the next change: so the chooser reads it with no lock and no retain.
    static func table(for layers: [InterpositionLayer]) -> UnsafeRawPointer {
        // Sound: retained once and never released, like the route record that carries it.
        UnsafeRawPointer(Unmanaged.passRetained(RouteTable(layers)).toOpaque())
    }

    /// The mock that answers a call made from code returning to `returnAddress`, as `table`
    /// decides, or nil for the original.
    static func target(in table: RouteTable, returnAddress: UnsafeRawPointer?) -> UnsafeRawPointer? {
        var caller: (name: String, known: Bool)?
        // The test the calling thread works for, resolved once per call and only when a layer
        // asks: its claim (an interned identity's address), else the running test's key.
        var resolved = false
        var claim: UInt = 0
        var running: TestIdentity.Key?
        // The layers (their places, among the first 64) whose scope held the call but whose
        // test it was not, and those whose test made it from outside their scope: if the
        // original answers, each counts it (see `CallsToOriginal`).
        var notTheirTest: UInt64 = 0
        var outsideTheirScope: UInt64 = 0
        // Sound: the buffer is only read inside the closure, and the table, never freed, holds
        // the array; walked this way, the array is not retained for the loop.
        func isOurs(_ owner: UInt) -> Bool {
            if !resolved {
                resolved = true
                claim = UInt(bitPattern: GOT.threadOwner)
                if claim == 0 { running = TestIdentity.currentKey }
            }
            return claim != 0 ? claim == owner : running.map { Self.identity(at: owner, has: $0) } ?? false
        }
        return table.entries.withUnsafeBufferPointer { entries in
            for (index, entry) in entries.enumerated() {
                if entry.scope >= 0 {
                    if caller == nil {
                        let object = LoadedObjects.object(containing: returnAddress)
                        caller = (object?.name ?? "", object != nil)
                    }
                    guard let caller, caller.known,
                          table.scopes[entry.scope].selects(objectNamed: caller.name, isMainExecutable: caller.name.isEmpty)
                    else {
                        if entry.counter != 0, index < 64, entry.owner == 0 || isOurs(entry.owner) {
                            outsideTheirScope |= 1 << UInt64(index)
                        }
                        continue
                    }
                }
                if entry.owner != 0 {
                    guard isOurs(entry.owner) else {
                        if entry.counter != 0, index < 64 { notTheirTest |= 1 << UInt64(index) }
                        continue
                    }
                }
                return UnsafeRawPointer(bitPattern: entry.mockCode)
            }
            // A call another running test made is that test's business, not a hint for this one:
            // only calls from threads no test owns (the code under test's own) are counted.
            if claim != 0 || running != nil { notTheirTest = 0 }
            while notTheirTest != 0 {
                let index = notTheirTest.trailingZeroBitCount
                notTheirTest &= notTheirTest - 1
                // Sound: the table keeps every counter it names (`RouteTable.counters`).
                Unmanaged<CallsToOriginal>.fromOpaque(UnsafeRawPointer(bitPattern: entries[index].counter)!)
                    ._withUnsafeGuaranteedRef { $0.add() }
            }
            while outsideTheirScope != 0 {
                let index = outsideTheirScope.trailingZeroBitCount
                outsideTheirScope &= outsideTheirScope - 1
                // Sound: as above.
                Unmanaged<CallsToOriginal>.fromOpaque(UnsafeRawPointer(bitPattern: entries[index].counter)!)
                    ._withUnsafeGuaranteedRef { $0.addOutsideScope() }
            }
            return nil
        }
    }

    /// Whether the identity at `owner` is the one interned for `key`.
    private static func identity(at owner: UInt, has key: TestIdentity.Key) -> Bool {
        // Sound: routing tables keep only interned identities, never freed.
        Unmanaged<TestIdentity>.fromOpaque(UnsafeRawPointer(bitPattern: owner)!)._withUnsafeGuaranteedRef { $0.key == key }
    }
}

/// What the chooser decides by: one symbol's layers, newest first, in plain values, so that
/// walking them retains nothing. Immutable.
final class RouteTable: Sendable {
    struct Entry {
        let mockCode: UInt
        /// The address of the owning test's (interned) identity when the layer answers that
        /// test only; 0 when it answers any.
        let owner: UInt
        /// The layer's scope in `scopes`, or -1 for every object.
        let scope: Int
        /// The layer's ``CallsToOriginal`` (unretained: `counters` keeps it), or 0.
        let counter: UInt
    }

    let entries: [Entry]
    let scopes: [InterpositionScope]
    /// Keeps the counters the entries name for as long as the table lives.
    let counters: [CallsToOriginal]

    init(_ layers: [InterpositionLayer]) {
        var scopes: [InterpositionScope] = []
        entries = layers.reversed().map { layer in
            var scope = -1
            if layer.scope != .allObjects {
                scope = scopes.count
                scopes.append(layer.scope)
            }
            var owner: UInt = 0
            if layer.checksCaller, let test = layer.owner { owner = UInt(bitPattern: Unmanaged.passUnretained(test).toOpaque()) }
            let counter = layer.callsToOriginal.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0
            return Entry(mockCode: layer.mockCode, owner: owner, scope: scope, counter: counter)
        }
        self.scopes = scopes
        counters = layers.compactMap(\.callsToOriginal)
    }
}

private let chooser: GOT.Chooser = { _, returnAddress, table in
    guard let table else { return nil }
    // Sound: tables are retained for the life of the process (see `table(for:)`).
    return Unmanaged<RouteTable>.fromOpaque(table)._withUnsafeGuaranteedRef {
        InterpositionRouting.target(in: $0, returnAddress: returnAddress)
    }
}
