/// Why a scan found no slot to rebind, and what else is worth a warning: every case that
/// would otherwise be a silent no-op becomes an ``InterpositionError``.
enum InterpositionDiagnosis {
    /// The warnings for a scan, or the error that no way of reaching the calls can help: a
    /// statically linked executable, a library not loaded, a sanitizer's interceptor taking the
    /// executable's calls, slots only in an object still being loaded, a renamed import.
    /// (A scan without slots is otherwise `InterpositionPlan`'s to decide: an entry patch.)
    static func check(_ symbol: String, scope: InterpositionScope, scan: LoadedObjects.Scan) -> Result<[InterpositionError], InterpositionError> {
        if scan.staticExecutable { return .failure(InterpositionError(.staticExecutable(symbol: symbol))) }
        if case .library(let library) = scope, scan.objectsMatched == 0 {
            return .failure(InterpositionError(.libraryNotLoaded(symbol: symbol, library: library)))
        }
        var warnings: [InterpositionError] = []
        if scope.includesMainExecutable, !scan.slots.contains(where: { $0.objectName.isEmpty }),
           let runtime = sanitizer(intercepting: symbol) {
            let error = InterpositionError(.sanitizer(symbol: symbol, runtime: runtime, librarySlots: scan.slots.count))
            if scan.slots.isEmpty { return .failure(error) }
            warnings.append(error)
        }
        if scan.slots.isEmpty, let object = scan.loadingObject {
            let name = LoadedObjects.describe(object)
            return .failure(InterpositionError(.stillLoading(symbol: symbol, object: name, waitedMilliseconds: LoadedObjects.loadingWaitMilliseconds)))
        }
        if scan.slots.isEmpty, let renamed = renamed(symbol, scope: scope) { return .failure(renamed) }
        if scan.canonicalPLT { warnings.append(InterpositionError(.canonicalPLT(symbol: symbol))) }
        return .success(warnings)
    }

    /// The real function behind `symbol`: what a slot bound already holds, else what `dlsym`
    /// finds. Never a lazy slot's PLT stub, which would bind the slot when called.
    static func original(of symbol: String, in slots: [GOTSlot], dispatcher: UInt) -> UInt? {
        if let bound = slots.first(where: { !$0.lazy && $0.value != dispatcher && $0.value != 0 }) { return bound.value }
        return LoadedObjects.defaultDefinition(of: symbol).map { UInt(bitPattern: $0) }
    }

    /// The names the headers commonly turn a call into: `open` → `open64`, `printf` →
    /// `__printf_chk`, `scanf` → `__isoc99_scanf`, and back.
    static func renamings(of symbol: String) -> [String] {
        var names = ["\(symbol)64", "__\(symbol)_chk", "__\(symbol)64_chk", "__isoc99_\(symbol)", "__isoc23_\(symbol)", "__\(symbol)"]
        if symbol.hasSuffix("64") { names.append(String(symbol.dropLast(2))) }
        if symbol.hasPrefix("__"), symbol.hasSuffix("_chk") { names.append(String(symbol.dropFirst(2).dropLast(4))) }
        return names
    }

    /// The error for a symbol the objects in scope import under other names only. One walk of
    /// the objects for all the names: a scan each made an entry-patched interpose (no slot for
    /// its own name) take seven walks, and patch-and-restore 493 µs instead of 189 (row 11k).
    private static func renamed(_ symbol: String, scope: InterpositionScope) -> InterpositionError? {
        let renamed = LoadedObjects.importedNames(renamings(of: symbol), in: scope)
        return renamed.isEmpty ? nil : InterpositionError(.renamed(symbol: symbol, scope: scope, importedAs: renamed))
    }

    /// The sanitizer whose runtime, linked into the main executable, intercepts `symbol`: the
    /// executable's own calls then go straight to the interceptor, through no slot.
    static func sanitizer(intercepting symbol: String) -> String? {
        guard let interceptor = LoadedObjects.defaultDefinition(of: "__interceptor_\(symbol)"),
              LoadedObjects.object(containing: interceptor)?.name.isEmpty == true
        else { return nil }
        if LoadedObjects.defaultDefinition(of: "__asan_init") != nil { return "AddressSanitizer" }
        if LoadedObjects.defaultDefinition(of: "__tsan_init") != nil { return "ThreadSanitizer" }
        return "A sanitizer"
    }
}
