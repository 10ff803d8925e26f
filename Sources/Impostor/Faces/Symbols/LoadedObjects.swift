#if canImport(Glibc)
import Glibc
#endif

/// The process's loaded objects as `dl_iterate_phdr` sees them: the GOT slots of a symbol,
/// and the facts that explain why there are none.
enum LoadedObjects {
    /// What one scan found.
    struct Scan {
        var slots: [GOTSlot] = []
        var objectsMatched = 0
        /// Addresses of the symbol stored in the objects' data rather than in GOT slots.
        var dataReferences = 0
        var staticExecutable = false
        var canonicalPLT = false
        var generation = Generation(adds: 0, subs: 0)
    }

    /// `dl_iterate_phdr`'s counts of objects loaded and unloaded: equal counts, same objects.
    struct Generation: Equatable, Sendable {
        let adds: UInt64
        let subs: UInt64
    }

    /// Every JUMP_SLOT and GLOB_DAT slot of `symbol` in the objects `scope` selects.
    static func scan(_ symbol: String, in scope: InterpositionScope) -> Scan {
        GOT.scan(symbol, in: scope)
    }

    static var generation: Generation { GOT.generation }

    /// The name (`""` for the main executable) and bias of the object containing `address`.
    static func object(containing address: UnsafeRawPointer?) -> (name: String, base: UInt)? { GOT.object(containing: address) }

    static var executableBase: UInt { GOT.executableBase }

    /// The address `dlsym(RTLD_DEFAULT, symbol)` finds: what the dynamic linker binds the
    /// name to by default.
    static func defaultDefinition(of symbol: String) -> UnsafeRawPointer? {
        UnsafeRawPointer(dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol))
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
