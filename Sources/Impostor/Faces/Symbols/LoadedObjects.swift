#if canImport(Glibc)
import Glibc
#endif

/// The process's loaded objects as `dl_iterate_phdr` sees them: the GOT slots of a symbol,
/// and the facts that explain why there are none.
enum LoadedObjects {
    /// What one scan found (see ``GOT/Scan``).
    typealias Scan = GOT.Scan
    /// `dl_iterate_phdr`'s counts of objects loaded and unloaded (see ``GOT/Generation``).
    typealias Generation = GOT.Generation

    /// Which of `names` the objects `scope` selects import through a GOT slot, in one walk.
    static func importedNames(_ names: [String], in scope: InterpositionScope) -> [String] {
        GOT.importedNames(names, in: scope)
    }

    /// Every JUMP_SLOT and GLOB_DAT slot of `symbol` in the objects `scope` selects.
    ///
    /// An object another thread's `dlopen` is still relocating is waited for, up to
    /// ``loadingWait`` (a relocation takes microseconds to milliseconds), then left out.
    static func scan(_ symbol: String, in scope: InterpositionScope) -> Scan {
        var scan = GOT.scan(symbol, in: scope)
        var waited = 0
        while scan.objectsLoading > 0, waited < loadingWaitMilliseconds {
            GOT.pauseOneMillisecond()
            waited += 1
            scan = GOT.scan(symbol, in: scope)
        }
        return scan
    }

    /// How long a scan waits for objects being loaded by other threads.
    static let loadingWaitMilliseconds = 200

    static var generation: Generation { GOT.generation }

    /// The name (`""` for the main executable) and bias of the object containing `address`.
    static func object(containing address: UnsafeRawPointer?) -> (name: String, base: UInt)? { GOT.object(containing: address) }

    static var executableBase: UInt { GOT.executableBase }

    /// The address `dlsym(RTLD_DEFAULT, symbol)` finds: what the dynamic linker binds the
    /// name to by default.
    static func defaultDefinition(of symbol: String) -> UnsafeRawPointer? {
        UnsafeRawPointer(dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol))
    }

    /// The function `symbol` names: the default definition, or, when a sanitizer runtime in the
    /// executable intercepts it (`intercepted`), the next one after the executable, which the
    /// interceptor calls.
    static func realDefinition(of symbol: String, intercepted: Bool) -> UnsafeRawPointer? {
        let first = defaultDefinition(of: symbol)
        guard intercepted, let first, object(containing: first)?.name.isEmpty == true else { return first }
        // RTLD_NEXT from Impostor's code, which is linked into the executable: the objects after it.
        return UnsafeRawPointer(dlsym(UnsafeMutableRawPointer(bitPattern: -1), symbol)) ?? first
    }

    /// Whether `path` names `library`: its file name is `library`, or starts with it and `.` or `-`.
    static func name(_ path: String, selects library: String) -> Bool {
        GOT.name(path, selects: library)
    }

    /// `the main executable`, or an object's file name.
    static func describe(_ objectName: String) -> String {
        if objectName.isEmpty { return "the main executable" }
        return objectName.split(separator: "/").last.map(String.init) ?? objectName
    }
}
