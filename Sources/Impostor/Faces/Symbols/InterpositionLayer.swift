/// One interposition: a mock installed over a symbol by one `interpose` call, until its
/// Mockery is released. Layers of the same symbol stack; the newest that owns a call answers it.
final class InterpositionLayer: Sendable {
    let symbol: String
    /// The mock's code address (a trampoline, never freed).
    let mockCode: UInt
    /// The test that interposed, or nil outside any test.
    let owner: TestIdentity?
    let callers: InterposedCallers
    let scope: InterpositionScope
    /// The `interpose` line, for failures found when the layer is removed.
    let site: SourceSite
    /// The owning Mockery's failure store.
    let pendingFailures: PendingFailures
    /// Where the chooser counts the calls in its scope it sent to the original because they
    /// came from no thread of its test (nil unless it answers `.thisTest`).
    let callsToOriginal: CallsToOriginal?

    init(symbol: String, mockCode: UInt, owner: TestIdentity?, callers: InterposedCallers, scope: InterpositionScope,
         site: SourceSite, pendingFailures: PendingFailures, callsToOriginal: CallsToOriginal? = nil) {
        self.callsToOriginal = callsToOriginal
        self.symbol = symbol
        self.mockCode = mockCode
        self.owner = owner
        self.callers = callers
        self.scope = scope
        self.site = site
        self.pendingFailures = pendingFailures
    }

    /// Whether the layer must look at who calls (its test only) to decide.
    var checksCaller: Bool { callers == .thisTest && owner != nil }

    /// True when the layer answers every call that reaches the dispatcher, so the dispatcher
    /// can jump to it without asking Swift.
    var answersEveryCall: Bool { scope == .allObjects && !checksCaller }

    /// True when the layer answers every call its test makes, from any object: then, as the
    /// newest layer, it answers a thread its test claims without asking Swift.
    var answersItsTestEverywhere: Bool { scope == .allObjects && checksCaller }
}
