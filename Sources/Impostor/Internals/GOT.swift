import CImpostor
import CImpostorInterpose
#if canImport(Glibc)
import Glibc
#endif

/// The door to the interposition C target (`CImpostorInterpose.h`): scans of the loaded objects'
/// GOT slots, the guarded store into one, the fixed dispatchers an interposed symbol's slots
/// point at, and the per-thread state the dispatchers read.
///
/// The faces in `Faces/Symbols` decide what is rebound and who answers; this door only turns
/// their requests into the C calls and the C results into Swift values.
enum GOT {
    /// How many symbols can be interposed at once: one dispatcher each.
    static let dispatcherCount = Int(IMPOSTOR_GOT_DISPATCHER_COUNT)

    /// Every JUMP_SLOT and GLOB_DAT slot of `symbol` in the objects `scope` selects, with what
    /// the scan saw besides.
    static func scan(_ symbol: String, in scope: InterpositionScope) -> Scan {
        let (selection, library) = selection(of: scope)
        var capacity = 64
        var namesCapacity = 4_096
        while true {
            var result = impostor_got_scan_result()
            // Not zero-initialized: the scan writes every slot it counts up to the capacity, and
            // the names those slots point at.
            let raw = UnsafeMutablePointer<impostor_got_slot>.allocate(capacity: capacity)
            defer { raw.deallocate() }
            let names = UnsafeMutablePointer<CChar>.allocate(capacity: namesCapacity)
            defer { names.deallocate() }
            symbol.withCString { name in
                withOptionalCString(library) { library in
                    _ = impostor_got_scan(name, selection, library, raw, capacity, names, namesCapacity, &result)
                }
            }
            let count = Int(result.slot_count)
            if count > capacity || Int(result.names_bytes) > namesCapacity {
                // Objects loaded meanwhile may add more: the loop checks again.
                capacity = max(capacity, count)
                namesCapacity = max(namesCapacity, Int(result.names_bytes))
                continue
            }
            let loadingObject = result.objects_loading == 0 ? nil : withUnsafeBytes(of: result.loading_object) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return Scan(
                slots: UnsafeBufferPointer(start: raw, count: count).map { GOTSlot($0, unloadsBefore: result.subs) },
                objectsMatched: Int(result.objects_matched), dataReferences: Int(result.data_references),
                staticExecutable: result.static_executable != 0, canonicalPLT: result.canonical_plt != 0,
                objectsLoading: Int(result.objects_loading), loadingObject: loadingObject,
                generation: result.objects_loading > 0
                    ? .unsettled : Generation(adds: result.adds, subs: result.subs))
        }
    }

    /// Which of `names` (the first 32) the objects `scope` selects import through a slot, found
    /// in one walk of the objects rather than one scan per name.
    static func importedNames(_ names: [String], in scope: InterpositionScope) -> [String] {
        let (selection, library) = selection(of: scope)
        let names = Array(names.prefix(32))
        // Copies that live until the walk returns: the C side reads them as an array of pointers.
        let copies = names.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        guard copies.allSatisfy({ $0 != nil }) else { return [] }
        let pointers = copies.map { UnsafePointer($0!) }
        let found = pointers.withUnsafeBufferPointer { buffer in
            withOptionalCString(library) { library in
                impostor_got_imported_names(buffer.baseAddress!, Int32(buffer.count), selection, library)
            }
        }
        return names.indices.filter { found & (1 << UInt32($0)) != 0 }.map { names[$0] }
    }

    /// The C selection of the objects `scope` names.
    static func selection(of scope: InterpositionScope) -> (impostor_got_selection, String?) {
        switch scope {
        case .allObjects: (IMPOSTOR_GOT_ALL_OBJECTS, nil)
        case .mainExecutable: (IMPOSTOR_GOT_MAIN_EXECUTABLE, nil)
        case .sharedLibraries: (IMPOSTOR_GOT_SHARED_LIBRARIES, nil)
        case .library(let name): (IMPOSTOR_GOT_NAMED_LIBRARY, name)
        }
    }

    /// Sleeps a millisecond by a system call of its own: libc's sleeps could be symbols being
    /// interposed, whose mocks would record Impostor's call.
    static func pauseOneMillisecond() { impostor_got_pause_one_millisecond() }

    /// `dl_iterate_phdr`'s counts of objects loaded and unloaded so far.
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

    /// The main executable's load bias.
    static var executableBase: UInt { UInt(impostor_got_executable_base()) }

    /// Whether `path` names `library`: its file name is `library`, or starts with it and `.` or `-`.
    static func name(_ path: String, selects library: String) -> Bool { impostor_got_names_library(path, library) != 0 }

    /// Whether an object is still loaded at `base` and contains `address`.
    static func object(at base: UInt, contains address: UInt) -> Bool {
        impostor_got_object_contains(base, UnsafeRawPointer(bitPattern: address)) != 0
    }

    /// Stores `desired` into `slot` if it holds `expected`, making a read-only page writable
    /// for the store and read-only again; never in an object being loaded or unloaded.
    static func swap(slot: GOTSlot, expected: UInt, desired: UInt) -> GOTSlot.SwapOutcome {
        var found: UnsafeMutableRawPointer?
        // Sound: the caller found the slot by a scan of an object it checked is still loaded,
        // under the registry's lock.
        let status = impostor_got_swap(
            UnsafeMutablePointer(bitPattern: slot.address)!, UnsafeMutableRawPointer(bitPattern: expected),
            UnsafeMutableRawPointer(bitPattern: desired), &found)
        switch status {
        case 0: return .done
        case IMPOSTOR_GOT_CHANGED: return .changed(found: UInt(bitPattern: found))
        case IMPOSTOR_GOT_UNSETTLED: return .objectUnsettled
        default: return .refused(errno: status)
        }
    }

    /// The code address of dispatcher `index`, which interposed slots point at.
    static func dispatcher(_ index: UInt32) -> UInt { UInt(bitPattern: impostor_got_dispatcher(index)) }

    /// The index of the dispatcher (or entry patch landing) at `address`, or nil.
    static func dispatcherIndex(at address: UInt) -> UInt32? {
        let index = impostor_got_dispatcher_index(UnsafeRawPointer(bitPattern: address))
        return index < 0 ? nil : UInt32(index)
    }

    /// Routes dispatcher `index` straight to `target`, or through the chooser (`choose`), in
    /// one atomic store; `original` is where the symbol's own calls from inside its answer go.
    static func route(_ index: UInt32, original: UnsafeRawPointer, target: UnsafeRawPointer, choose: Bool) {
        impostor_got_route(index, original, target, choose ? 1 : 0)
    }

    /// Routes dispatcher `index` through the chooser, which gets `table` (an object kept for the
    /// life of the process); a call from a thread claimed by `claimed.owner` (an interned
    /// ``TestIdentity``) goes straight to `claimed.target` instead.
    static func routeChoosing(
        _ index: UInt32, original: UnsafeRawPointer, claimed: (owner: UnsafeRawPointer, target: UnsafeRawPointer)?,
        table: UnsafeRawPointer
    ) {
        guard let route = impostor_got_choosing_route_make(claimed?.owner, claimed?.target, table) else {
            fatalError("Impostor: out of memory routing an interposed symbol")
        }
        impostor_got_route_choosing(index, original, route)
    }

    /// Decides, for a call through a dispatcher whose route asks, where it goes (nil: the
    /// original): the dispatcher's index and the caller's return address.
    typealias Chooser = impostor_got_chooser

    /// Installs the chooser of every dispatcher, once.
    static func setChooser(_ chooser: Chooser) { impostor_got_set_chooser(chooser) }

    /// Lets the entry points mark a thread as answering an interposed symbol, as the handler
    /// does with ``setAnswering(_:_:)``, for the keys they answer themselves; once, before the
    /// first interposed symbol's mock opens its fast path.
    static let installAnsweringForEntryPoints: Void = impostor_set_symbol_answering(impostor_got_set_answering)

    /// Marks (or unmarks) this thread as answering a call of dispatcher `index`'s symbol;
    /// returns whether it was marked before.
    @inline(__always)
    static func setAnswering(_ index: UInt32, _ on: Bool) -> Bool { impostor_got_set_answering(index, on ? 1 : 0) != 0 }

    /// Reads anew where the test framework's and the Swift runtime's code are loaded, so that
    /// their calls reach the original (see ``FrameworkCalls``); under the registry's lock.
    static func refreshFrameworkObjects() { _ = impostor_got_refresh_framework_objects() }

    /// Whether the test framework's calls of dispatcher `index`'s symbol reach its mock: true
    /// when a layer's scope names a framework library itself.
    static func setFrameworkNamed(_ index: UInt32, _ named: Bool) { impostor_got_set_framework_named(index, named ? 1 : 0) }

    /// Runs `body` marked as Impostor's own code: interposed calls it makes reach the original.
    @inline(__always)
    static func asOwnCode<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        impostor_got_enter_own_code()
        defer { impostor_got_leave_own_code() }
        return try body()
    }

    /// Whether this thread runs Impostor's own code now.
    static var inOwnCode: Bool { impostor_got_in_own_code() != 0 }

    /// The test that claims this thread (an unretained, interned object), or nil.
    static var threadOwner: UnsafeRawPointer? {
        get { impostor_got_thread_owner() }
        set { impostor_got_set_thread_owner(newValue) }
    }

    /// The address of Impostor's `dlopen`, which calls the real one and then `loaded`.
    static let dlopenHook = UInt(bitPattern: unsafeBitCast(
        impostor_got_dlopen as @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutableRawPointer?, to: UnsafeRawPointer.self))

    /// Sets the real `dlopen` the hook calls and what it runs after each object loaded.
    static func setDlopen(real: UInt, loaded: @convention(c) () -> Void) {
        impostor_got_set_dlopen(UnsafeMutableRawPointer(bitPattern: real)!, loaded)
    }

    /// Calls `function` with the arguments and result buffer of a call in flight, as `cif`
    /// describes them.
    static func call(
        _ function: UInt, cif: UnsafeMutablePointer<FFICallInterface>, result: UnsafeMutableRawPointer?,
        arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) {
        impostor_got_call(cif, UnsafeRawPointer(bitPattern: function)!, result, arguments)
    }

    /// Marks dispatcher `index`'s symbol as answered in its va_list form, with the general and
    /// vector registers its fixed arguments take, or unmarks it (nil). False where this is not
    /// built.
    @discardableResult
    static func markVariadic(_ index: UInt32, registers: (general: Int, vector: Int)?) -> Bool {
        impostor_variadic_mark(index, Int32(registers?.general ?? -1), Int32(registers?.vector ?? -1)) != 0
    }

    /// What passing a call through to `original` takes: an ordinary call, a pass-through the
    /// variadic call in flight makes once the answer returns, or nothing (a va_list form's mock
    /// called other than through its symbol).
    static func variadicPassThrough(to original: UInt) -> VariadicPassThrough {
        switch impostor_variadic_pass_through(UnsafeRawPointer(bitPattern: original)!) {
        case 1: .requested
        case 0: .notVariadic
        default: .impossible
        }
    }

    enum VariadicPassThrough { case notVariadic, requested, impossible }

    /// A C function that returns 0 whatever it is called with.
    static let noOriginal = UInt(bitPattern: unsafeBitCast(
        impostor_variadic_no_original as @convention(c) () -> Int64, to: UnsafeRawPointer.self))
}

/// Runs `body` with a C copy of `text`, or with nil.
func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString(body)
}
