/// A function reached by patching its entry: where it is, and how it was found.
struct EntryFunction: Equatable {
    let address: UInt
    /// Its size by its symbol, 0 when unknown.
    let size: Int
    /// The object defining it, as the dynamic linker names it (`""`: the main executable).
    let object: String
    /// Found only in the object's full symbol table, as a local (`static`) function.
    let isStatic: Bool
}

/// How an interposition reaches the calls of its symbol: through the GOT slots of the objects
/// in scope, or through the function's patched entry.
enum InterpositionPlan {
    case slots(warnings: [InterpositionError])
    case entry(EntryFunction)

    /// Decides for a symbol interposed for the first time (no layer installed yet).
    ///
    /// GOT slots suffice when the scope has slots for the symbol, the function is not the main
    /// executable's own, and the scope does not name the library that defines it: every call
    /// the scope makes then crosses from one object to another through one of them. Otherwise
    /// the entry is patched: a function the executable defines (a C target's, whose callers
    /// inside the executable call it directly), a library's function when the scope names that
    /// library (its own calls), one called through no slot at all, a static function found by
    /// name in a symbol table. The errors of a scan stay where patching cannot help: a renamed
    /// import of an alias (interpose that name), a sanitizer's interceptor, a library not loaded.
    static func choose(_ symbol: String, scope: InterpositionScope, scan: LoadedObjects.Scan) -> Result<Self, InterpositionError> {
        // The real function: past a sanitizer's interceptor, which the executable exports under
        // the same name and which calls the real one.
        let intercepted = InterpositionDiagnosis.sanitizer(intercepting: symbol) != nil
        let definition = LoadedObjects.realDefinition(of: symbol, intercepted: intercepted).map { UInt(bitPattern: $0) }
        let home = definition.flatMap { LoadedObjects.object(containing: UnsafeRawPointer(bitPattern: $0)) }
        let executableOwn = home?.name.isEmpty == true && !intercepted
        // A scope naming the library that defines the function asks for that library's own calls,
        // which are direct wherever it was linked so (libc's, or any built with -Bsymbolic or
        // hidden aliases): slots of its own would miss them.
        var scopeNamesHome = false
        if case .library(let library) = scope, let home, !home.name.isEmpty {
            scopeNamesHome = LoadedObjects.name(home.name, selects: library)
        }
        if !scan.slots.isEmpty, !executableOwn, !scopeNamesHome {
            return InterpositionDiagnosis.check(symbol, scope: scope, scan: scan).map { .slots(warnings: $0) }
        }
        // What patching cannot help either: a statically linked executable, a library not
        // loaded, a sanitizer's interceptor, slots only in an object still loading, a renamed
        // import of an alias (interpose the name the slots hold; a function of a similar name
        // that is another function is no reason to refuse).
        if case .failure(let error) = InterpositionDiagnosis.check(symbol, scope: scope, scan: scan) {
            guard case .renamed(_, _, let names) = error.reason else { return .failure(error) }
            let alias = definition != nil && names.contains {
                LoadedObjects.realDefinition(of: $0, intercepted: InterpositionDiagnosis.sanitizer(intercepting: $0) != nil)
                    .map { UInt(bitPattern: $0) } == definition
            }
            if alias { return .failure(error) }
        }
        if InterpositionRegistry.usedByImpostor.contains(symbol) {
            var library: String?
            if case .library(let name) = scope, !scopeNamesHome { library = name }
            return .failure(InterpositionError(.usedByImpostorEntry(symbol: symbol, library: library, dataReferences: scan.dataReferences)))
        }
        // A sanitizer's interceptor takes every call and calls the real function itself, so a
        // patched real function sees its calls come from the executable: a scope of libraries
        // would never hold them.
        if intercepted, !scope.includesMainExecutable, let runtime = InterpositionDiagnosis.sanitizer(intercepting: symbol) {
            return .failure(InterpositionError(.sanitizerTakesLibraryCalls(symbol: symbol, runtime: runtime, scope: scope)))
        }
        if let definition, let home {
            return .success(.entry(EntryFunction(
                address: definition, size: EntryCode.dynamicSize(of: definition), object: home.name, isStatic: false)))
        }
        // "file.c:name": the static function of that source file.
        let parts = symbol.split(separator: ":", maxSplits: 1).map(String.init)
        let (file, name) = parts.count == 2 ? (parts[0], parts[1]) : (nil, symbol)
        // The objects in scope first (a library's static function, named with its library);
        // then every object, since code in scope may call any object's function by pointer.
        var table = symbolTable(named: name, in: scope)
        if table.functions.isEmpty, scope != .allObjects {
            let everywhere = symbolTable(named: name, in: .allObjects)
            if !everywhere.functions.isEmpty { table = everywhere }
        }
        var distinct: [EntryCode.TableFunction] = []
        for function in table.functions where !distinct.contains(where: { $0.address == function.address }) {
            if let file, function.file != file, !function.file.hasSuffix("/" + file) { continue }
            distinct.append(function)
        }
        switch distinct.count {
        case 0 where file != nil && !table.functions.isEmpty:
            return .failure(InterpositionError(.noFunctionInFile(
                symbol: symbol, file: file!, name: name,
                places: table.functions.map { ($0.file.isEmpty ? "" : "\($0.file), ") + LoadedObjects.describe($0.object) })))
        case 0:
            return .failure(InterpositionError(.unknownSymbol(
                symbol: symbol, scope: scope, stripped: table.stripped,
                firstStripped: table.stripped > 0 ? LoadedObjects.describe(table.firstStripped) : nil,
                nearest: table.nearest.map { "\($0.name) (\(LoadedObjects.describe($0.object)))" })))
        case 1:
            let found = distinct[0]
            return .success(.entry(EntryFunction(address: found.address, size: found.size, object: found.object, isStatic: found.isStatic)))
        default:
            return .failure(InterpositionError(.ambiguousFunction(
                symbol: symbol,
                places: distinct.map { ($0.file.isEmpty ? "" : "\($0.file), ") + LoadedObjects.describe($0.object) },
                example: distinct.first(where: { !$0.file.isEmpty }).map { "\($0.file.split(separator: "/").last!):\(name)" })))
        }
    }
}

/// Symbol-table searches, kept while the same objects are loaded: a search reads every object's
/// file (a debug test executable's table alone holds hundreds of thousands of symbols), and a
/// test patching the same static function over and over would read them each time.
private let tableSearches = Locked<(LoadedObjects.Generation, [String: EntryCode.SymbolTableSearch])>((.unsettled, [:]))

private func symbolTable(named name: String, in scope: InterpositionScope) -> EntryCode.SymbolTableSearch {
    let generation = LoadedObjects.generation
    let key = "\(scope)\u{0}\(name)"
    if let known = tableSearches.withLock({ $0.0 == generation ? $0.1[key] : nil }) { return known }
    let search = EntryCode.symbolTable(named: name, in: scope)
    tableSearches.withLock { cache in
        if cache.0 != generation { cache = (generation, [:]) }
        cache.1[key] = search
    }
    return search
}

extension InterposedSymbol {
    /// Prepares `function` (once) and patches its entry; the original is then the relocated
    /// copy of its first instructions. Returns the error when it cannot be patched, having
    /// changed nothing.
    func patchEntry(of function: EntryFunction) -> InterpositionError? {
        if entrySite?.entry != function.address {
            switch EntryCode.prepare(entry: function.address, size: function.size, dispatcher: index) {
            case .success(let site): entrySite = site
            case .failure(let outcome): return entryError(outcome, function)
            }
        }
        patchedFunction = function
        original = entrySite!.original
        return nil
    }

    /// Writes the jump, once the route is published: calls arriving from then on are routed.
    func installEntry() -> InterpositionError? {
        guard let function = patchedFunction else { return nil }
        let outcome = EntryCode.install(dispatcher: index)
        return outcome == .done ? nil : entryError(outcome, function)
    }

    /// Puts the function's first bytes back; returns the text of what went wrong.
    func restoreEntry() -> [String] {
        guard let function = patchedFunction else { return [] }
        patchedFunction = nil
        switch EntryCode.remove(dispatcher: index) {
        case .done: return []
        case .changed: return [FailureMessages.entryChanged(symbol: name, object: LoadedObjects.describe(function.object))]
        case let other: return [entryError(other, function).description]
        }
    }

    private func entryError(_ outcome: EntryCode.Outcome, _ function: EntryFunction) -> InterpositionError {
        InterpositionError(.entryRefused(
            symbol: name, object: LoadedObjects.describe(function.object), isStatic: function.isStatic, outcome: outcome))
    }
}
