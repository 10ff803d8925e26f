import CImpostorInterpose
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
        let (selection, library): (impostor_got_selection, String?) = switch scope {
        case .allObjects: (IMPOSTOR_GOT_ALL_OBJECTS, nil)
        case .mainExecutable: (IMPOSTOR_GOT_MAIN_EXECUTABLE, nil)
        case .sharedLibraries: (IMPOSTOR_GOT_SHARED_LIBRARIES, nil)
        case .library(let name): (IMPOSTOR_GOT_NAMED_LIBRARY, name)
        }
        var capacity = 64
        while true {
            var result = impostor_got_scan_result()
            // Not zero-initialized: the scan writes every slot it counts up to the capacity.
            let raw = UnsafeMutablePointer<impostor_got_slot>.allocate(capacity: capacity)
            defer { raw.deallocate() }
            symbol.withCString { name in
                withOptionalCString(library) { library in
                    _ = impostor_got_scan(name, selection, library, raw, capacity, &result)
                }
            }
            let count = Int(result.slot_count)
            if count > capacity {
                capacity = count  // objects loaded meanwhile may add more: the loop checks again
                continue
            }
            return Scan(
                slots: UnsafeBufferPointer(start: raw, count: count).map(GOTSlot.init), objectsMatched: Int(result.objects_matched),
                dataReferences: Int(result.data_references),
                staticExecutable: result.static_executable != 0, canonicalPLT: result.canonical_plt != 0,
                generation: Generation(adds: result.adds, subs: result.subs))
        }
    }

    static var generation: Generation {
        var adds: UInt64 = 0, subs: UInt64 = 0
        impostor_got_generation(&adds, &subs)
        return Generation(adds: adds, subs: subs)
    }

    /// The name (`""` for the main executable) and bias of the object containing `address`.
    static func object(containing address: UnsafeRawPointer?) -> (name: String, base: UInt)? {
        var name: UnsafePointer<CChar>?
        let base = impostor_got_object_base(address, &name)
        guard base != UInt.max else { return nil }
        // Sound: the object contains `address`, which is being executed from or was just
        // resolved, so it is loaded while its name is copied.
        return (name.map { String(cString: $0) } ?? "", UInt(base))
    }

    static var executableBase: UInt { UInt(impostor_got_executable_base()) }

    /// The address `dlsym(RTLD_DEFAULT, symbol)` finds: what the dynamic linker binds the
    /// name to by default.
    static func defaultDefinition(of symbol: String) -> UnsafeRawPointer? {
        UnsafeRawPointer(dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol))
    }

    /// Whether `path` names `library`: its file name is `library`, or starts with it and `.` or `-`.
    static func name(_ path: String, selects library: String) -> Bool {
        impostor_got_names_library(path, library) != 0
    }

    /// `the main executable`, or an object's file name.
    static func describe(_ objectName: String) -> String {
        if objectName.isEmpty { return "the main executable" }
        return objectName.split(separator: "/").last.map(String.init) ?? objectName
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString(body)
    }
}
