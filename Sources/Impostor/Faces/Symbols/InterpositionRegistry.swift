/// Every interposed symbol in the process, and the one lock under which slots are scanned,
/// rebound and restored.
enum InterpositionRegistry {
    private struct State {
        var symbols: [String: InterposedSymbol] = [:]
        var dlopenHook = DlopenHook()
        var generation = LoadedObjects.Generation(adds: 0, subs: 0)
    }

    private static let state = Locked(State())

    /// Symbols Impostor itself calls while routing or answering an interposed call: rebinding
    /// one in an object Impostor's own calls go through would send the call back into the
    /// dispatcher it came from. Allowed when scoped to one library other than those (see
    /// ``InterpositionScope/excludesImpostor``).
    static let usedByImpostor: Set<String> = [
        "malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc", "memalign", "malloc_usable_size",
        "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock", "pthread_getspecific",
        "pthread_setspecific", "pthread_self", "pthread_once", "__tls_get_addr", "dl_iterate_phdr", "dlsym", "dladdr",
        "dlopen", "mprotect", "memcpy", "memmove", "memset", "memcmp", "strlen", "ffi_call",
    ]

    /// Installs a layer for `symbol` after making its mock with `makeMock(original, dispatcherIndex)`. Returns
    /// the layer and any warnings, or the error that stopped it (nothing rebound then).
    static func install(
        _ symbol: String, scope: InterpositionScope, callers: InterposedCallers, owner: TestIdentity?, site: SourceSite,
        pendingFailures: PendingFailures, callsToOriginal: CallsToOriginal? = nil, variadic: VariadicForm? = nil,
        makeMock: (_ original: UInt, _ dispatcherIndex: Int32) throws(MockCreationError) -> UInt
    ) -> Result<(InterpositionLayer, warnings: [InterpositionError]), InterpositionError> {
        InterpositionRouting.installChooser
        if usedByImpostor.contains(symbol), !scope.excludesImpostor {
            return .failure(InterpositionError(.usedByImpostor(symbol: symbol, scope: scope)))
        }
        return state.withLock { state in
            rescanIfObjectsChanged(&state)
            guard let record = symbolRecord(symbol, in: &state) else {
                return .failure(InterpositionError(.tooManySymbols(symbol: symbol, maximum: GOT.dispatcherCount)))
            }
            if record.isActive, record.variadic != variadic {
                return .failure(InterpositionError(.variadicMismatch(symbol: symbol, installedAsVariadic: record.variadic != nil)))
            }
            let scan = LoadedObjects.scan(symbol, in: scope)
            var warnings: [InterpositionError] = []
            if !record.isActive {
                switch InterpositionPlan.choose(symbol, scope: scope, scan: scan) {
                case .failure(let error):
                    return .failure(error)
                case .success(.entry(let function)):
                    if let error = record.patchEntry(of: function) { return .failure(error) }
                case .success(.slots(let found)):
                    warnings = found
                    record.patchedFunction = nil
                    guard let original = InterpositionDiagnosis.original(of: symbol, in: scan.slots, dispatcher: record.dispatcher)
                    else {
                        let object = scan.slots.first(where: \.lazy)?.objectDescription ?? scope.description
                        return .failure(InterpositionError(.noOriginal(symbol: symbol, object: object)))
                    }
                    record.original = original
                }
            } else {
                // Reached through slots so far: this layer may ask for calls only a patch reaches
                // (another test's layer over getenv, this one over libc's own calls). The patch
                // then joins the slots, which keep pointing at the dispatcher. Already patched,
                // every call is reached; the plan still checks this layer's scope.
                switch InterpositionPlan.choose(symbol, scope: scope, scan: scan) {
                case .failure(let error): return .failure(error)
                case .success(.slots(let found)): warnings = found
                case .success(.entry) where record.patchedFunction != nil: break
                case .success(.entry(let function)):
                    if let error = record.patchEntry(of: function) { return .failure(error) }
                    if let refused = record.installEntry() {
                        record.patchedFunction = nil
                        return .failure(refused)
                    }
                }
            }
            let mockCode: UInt
            do throws(MockCreationError) { mockCode = try makeMock(record.original, Int32(record.index)) } catch {
                if !record.isActive { record.original = 0 }
                return .failure(InterpositionError(.cannotMock(symbol: symbol, error)))
            }
            let layer = InterpositionLayer(
                symbol: symbol, mockCode: mockCode, owner: owner, callers: callers, scope: scope, site: site,
                pendingFailures: pendingFailures, callsToOriginal: callsToOriginal)
            if record.layers.isEmpty {
                // Before the route: a call routed to a mock of the va_list form must find it marked.
                record.variadic = variadic
                GOT.markVariadic(record.index, registers: variadic?.registers)
            }
            record.layers.append(layer)
            record.publishRoute()
            if record.patchedFunction != nil, record.slots.isEmpty {
                // The route is published first: a call that meets the patch finds its mock.
                if record.layers.count == 1, let refused = record.installEntry() {
                    record.layers.removeLast()
                    record.patchedFunction = nil
                    record.publishRoute()
                    record.dropVariadicFormIfInactive()
                    return .failure(refused)
                }
                return .success((layer, warnings))
            }
            if let refused = record.rebind(scan.slots) {
                record.layers.removeLast()
                if !record.isActive { _ = record.restoreSlots() }
                record.publishRoute()
                record.dropVariadicFormIfInactive()
                return .failure(refused)
            }
            state.dlopenHook.install()
            // Objects another thread's dlopen was still relocating are rebound at the next
            // check: the dlopen hook's, or the next interposition's.
            state.generation = record.missedObjectsBeingLoaded ? .unsettled : scan.generation
            return .success((layer, warnings))
        }
    }

    /// Removes `layer`; when it was its symbol's last, puts the slots back. Returns the texts
    /// of slots that could not be put back.
    static func remove(_ layer: InterpositionLayer) -> [String] {
        state.withLock { state in
            guard let record = state.symbols[layer.symbol] else { return [] }
            record.layers.removeAll { $0 === layer }
            record.publishRoute()
            guard !record.isActive else { return [] }
            let problems = record.restoreEntry() + record.restoreSlots()
            record.dropVariadicFormIfInactive()
            if !state.symbols.values.contains(where: \.isActive) { state.dlopenHook.remove() }
            return problems
        }
    }

    /// A dispatcher of its own for a variadic C function pointer named `name`, answered by the
    /// mock `makeMock(dispatcherIndex)` makes in its va_list form `form`, from every thread.
    /// Returns the layer and the dispatcher's address, which C code calls as the function.
    static func variadicPointer(
        named name: String, form: VariadicForm, site: SourceSite, pendingFailures: PendingFailures,
        makeMock: (_ dispatcherIndex: Int32) throws(MockCreationError) -> UInt
    ) -> Result<(InterpositionLayer, pointer: UInt), InterpositionError> {
        InterpositionRouting.installChooser
        return state.withLock { state in
            // Its own record, never shared: C code may keep the pointer past the mock's release,
            // and its calls must not reach another mock then.
            let key = "\(name) (variadic function pointer \(state.symbols.count))"
            guard let record = symbolRecord(key, in: &state) else {
                return .failure(InterpositionError(.tooManySymbols(symbol: name, maximum: GOT.dispatcherCount)))
            }
            record.original = GOT.noOriginal
            let mockCode: UInt
            do throws(MockCreationError) { mockCode = try makeMock(Int32(record.index)) } catch {
                return .failure(InterpositionError(.cannotMock(symbol: name, error)))
            }
            let layer = InterpositionLayer(
                symbol: key, mockCode: mockCode, owner: nil, callers: .everyThread, scope: .allObjects, site: site,
                pendingFailures: pendingFailures)
            record.variadic = form
            GOT.markVariadic(record.index, registers: form.registers)
            record.layers.append(layer)
            record.publishRoute()
            return .success((layer, record.dispatcher))
        }
    }

    /// How the layer of dispatcher `dispatcher`'s symbol whose mock's code is at `mockCode` is
    /// reached now, or nil when that layer is not installed.
    static func method(dispatcher: UInt32, mockCode: UInt) -> InterpositionMethod? {
        state.withLock { state in
            guard let record = state.symbols.values.first(where: { $0.index == dispatcher }),
                  let layer = record.layers.first(where: { $0.mockCode == mockCode })
            else { return nil }
            if let function = record.patchedFunction {
                return .entryPatch(object: LoadedObjects.describe(function.object), isStatic: function.isStatic)
            }
            // The slots whose calls reach this mock: those of the objects in its own scope (other
            // layers of the symbol, other tests' among them, rebound more), less the test
            // framework's, whose calls reach the original unless the scope names them.
            var objects: [String] = []
            for slot in record.slots where layer.scope.selects(objectNamed: slot.objectName, isMainExecutable: slot.objectName.isEmpty)
                && (FrameworkCalls.names(frameworkLibrary: layer.scope) || !FrameworkCalls.isFrameworkLibrary(slot.objectName))
                && !objects.contains(slot.objectDescription) {
                objects.append(slot.objectDescription)
            }
            return .gotSlots(objects: objects)
        }
    }

    /// Rebinds the slots of objects loaded since the last scan, for every active symbol.
    /// Called after each `dlopen` made through a hooked slot.
    static func objectsMayHaveChanged() {
        let failures = state.withLock { state in rescanIfObjectsChanged(&state) }
        for (error, layer) in failures {
            FailureReporter.report(ImpostorFailure(message: error.description, site: layer.site), pending: layer.pendingFailures)
        }
    }

    @discardableResult
    private static func rescanIfObjectsChanged(_ state: inout State) -> [(InterpositionError, InterpositionLayer)] {
        let now = LoadedObjects.generation
        guard now != state.generation else { return [] }
        GOT.refreshFrameworkObjects()
        let unloaded = now.subs != state.generation.subs
        state.generation = now
        var failures: [(InterpositionError, InterpositionLayer)] = []
        // A patched entry reaches every object's calls, those loaded later included.
        for record in state.symbols.values where record.isActive && record.patchedFunction == nil {
            // An unloaded object's slots went with it; another object may be mapped there now.
            if unloaded { record.slots.removeAll { !$0.isStillLoaded } }
            let scopes = record.layers.contains { $0.scope == .allObjects } ? [.allObjects] : Set(record.layers.map(\.scope))
            for scope in scopes {
                let scan = LoadedObjects.scan(record.name, in: scope)
                if let error = record.rebind(scan.slots) {
                    failures.append((error, record.layers.last!))
                }
                if scan.objectsLoading > 0 || record.missedObjectsBeingLoaded { state.generation = .unsettled }
            }
        }
        return failures
    }

    /// The name of the symbol whose dispatcher (or entry patch landing) is at `address`: what
    /// Swift reads as an interposed function's address, from a GOT slot rebound to it.
    static func symbolName(atDispatcher address: UInt) -> String? {
        guard let index = GOT.dispatcherIndex(at: address) else { return nil }
        return state.withLock { state in state.symbols.values.first { $0.index == index }?.name }
    }

    private static func symbolRecord(_ name: String, in state: inout State) -> InterposedSymbol? {
        if let known = state.symbols[name] { return known }
        guard state.symbols.count < GOT.dispatcherCount else { return nil }
        let record = InterposedSymbol(name: name, index: UInt32(state.symbols.count))
        state.symbols[name] = record
        return record
    }
}
