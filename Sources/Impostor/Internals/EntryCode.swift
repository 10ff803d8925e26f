import CImpostorInterpose

/// The door to CImpostorInterpose's entry patches (`impostor_entry_patch.h`): preparing a
/// function's relocated original, writing the jump over its first instructions and putting them
/// back, and finding functions in the objects' full symbol tables.
///
/// ``EntryPatch`` decides what is patched and when; this door turns its requests into the C
/// calls and the C statuses into Swift values.
enum EntryCode {
    /// What preparing, installing or removing a patch came to, with the C layer's detail.
    enum Outcome: Error, Equatable {
        case done
        case unavailable
        case notCode
        /// capstone could not decode the instruction at this byte of the function.
        case undecodable(offset: Int)
        /// The function is this many bytes long, shorter than the patch.
        case tooShort(size: Int)
        /// The instruction at this byte of the function branches into the patched bytes.
        case branchIntoPatch(offset: Int)
        /// The instruction at this byte cannot run from another address.
        case unrelocatable(offset: Int)
        case noNearPage(errno: Int32)
        case writeRefused(errno: Int32)
        /// A thread (by id) stayed inside the bytes being overwritten.
        case threadInside(thread: Int)
        case changed
        case dispatcherTaken

        init(_ status: impostor_entry_status, detail: Int) {
            switch status {
            case IMPOSTOR_ENTRY_DONE: self = .done
            case IMPOSTOR_ENTRY_NOT_CODE: self = .notCode
            case IMPOSTOR_ENTRY_UNDECODABLE: self = .undecodable(offset: detail)
            case IMPOSTOR_ENTRY_TOO_SHORT: self = .tooShort(size: detail)
            case IMPOSTOR_ENTRY_BRANCH_INTO_PATCH: self = .branchIntoPatch(offset: detail)
            case IMPOSTOR_ENTRY_UNRELOCATABLE: self = .unrelocatable(offset: detail)
            case IMPOSTOR_ENTRY_NO_NEAR_PAGE: self = .noNearPage(errno: Int32(truncatingIfNeeded: detail))
            case IMPOSTOR_ENTRY_WRITE_REFUSED: self = .writeRefused(errno: Int32(truncatingIfNeeded: detail))
            case IMPOSTOR_ENTRY_THREAD_INSIDE: self = .threadInside(thread: detail)
            case IMPOSTOR_ENTRY_CHANGED: self = .changed
            case IMPOSTOR_ENTRY_DISPATCHER_TAKEN: self = .dispatcherTaken
            default: self = .unavailable
            }
        }
    }

    /// A function prepared for patching: its relocated original and the bytes the patch covers.
    struct Site {
        let entry: UInt
        let original: UInt
        let length: Int
    }

    /// Prepares the function at `entry` (`size` bytes by its symbol, 0 when unknown) for
    /// patching through dispatcher `dispatcher`, changing nothing in it yet.
    static func prepare(entry: UInt, size: Int, dispatcher: UInt32) -> Result<Site, Outcome> {
        var site = impostor_entry_site()
        var detail = 0
        let status = impostor_entry_prepare(UnsafeRawPointer(bitPattern: entry)!, size, dispatcher, &site, &detail)
        guard status == IMPOSTOR_ENTRY_DONE else { return .failure(Outcome(status, detail: detail)) }
        return .success(Site(entry: entry, original: UInt(bitPattern: site.original), length: Int(site.length)))
    }

    /// Writes the jump over the prepared function's first instructions.
    static func install(dispatcher: UInt32) -> Outcome {
        var detail = 0
        return Outcome(impostor_entry_install(dispatcher, &detail), detail: detail)
    }

    /// Puts the prepared function's first instructions back.
    static func remove(dispatcher: UInt32) -> Outcome {
        var detail = 0
        return Outcome(impostor_entry_remove(dispatcher, &detail), detail: detail)
    }

    /// Whether dispatcher `dispatcher`'s function is patched now.
    static func isInstalled(dispatcher: UInt32) -> Bool { impostor_entry_installed(dispatcher) != 0 }

    /// The size of the exported function at `address` by its dynamic symbol, 0 when unknown.
    static func dynamicSize(of address: UInt) -> Int {
        impostor_entry_dynamic_size(UnsafeRawPointer(bitPattern: address)!)
    }

    /// The name `interpose` finds the function at `address` by: its dynamic symbol's, else its
    /// symbol-table entry's (`file.c:name` for a static function, so that a name two files share
    /// still finds this one); nil when no table names it.
    static func name(of address: UInt) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard impostor_entry_name_at(UnsafeRawPointer(bitPattern: address)!, &buffer, buffer.count) != 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a search of the symbol tables found.
    struct SymbolTableSearch {
        let functions: [TableFunction]
        /// Objects with no symbol table, and the first one's name.
        let stripped: Int
        let firstStripped: String
        /// The nearest name of a function when none is named so, and its object.
        let nearest: (name: String, object: String)?
    }

    /// A function found in an object's full symbol table.
    struct TableFunction: Equatable {
        let address: UInt
        let size: Int
        let isStatic: Bool
        /// The object's name as the dynamic linker has it (`""`: the main executable).
        let object: String
        /// For a static function, the source file its symbol table lists it under, or `""`.
        let file: String
    }

    /// The functions named `name` in the symbol tables (`.symtab`) of every loaded object, and the
    /// objects that have none (stripped): how many, and the first one's name.
    static func symbolTable(named name: String, in scope: InterpositionScope = .allObjects) -> SymbolTableSearch {
        var capacity = 16
        // Names are copied only for objects where a function was found: a few at most.
        let namesCapacity = 65_536
        while true {
            var result = impostor_symtab_result()
            // Not zero-initialized: the search writes every function it counts up to the
            // capacity, and the names they point at.
            let raw = UnsafeMutablePointer<impostor_symtab_function>.allocate(capacity: capacity)
            defer { raw.deallocate() }
            let names = UnsafeMutablePointer<CChar>.allocate(capacity: namesCapacity)
            defer { names.deallocate() }
            let (selection, library) = GOT.selection(of: scope)
            withOptionalCString(library) { library in
                impostor_symtab_find(name, Int32(selection.rawValue), library, raw, capacity, names, namesCapacity, &result)
            }
            // Sound: each `object` points into `names` or at a C string literal, both alive here.
            let found = UnsafeBufferPointer(start: raw, count: min(capacity, Int(result.function_count))).map {
                var function = $0
                let file = withUnsafeBytes(of: &function.file) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                return TableFunction(address: UInt(bitPattern: $0.address), size: Int($0.size), isStatic: $0.local != 0,
                                     object: String(cString: $0.object), file: file)
            }
            if Int(result.function_count) > capacity {
                capacity = Int(result.function_count)
                continue
            }
            func text<T>(_ field: T) -> String { withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
            let nearest = text(result.nearest)
            return SymbolTableSearch(
                functions: found, stripped: Int(result.objects_stripped), firstStripped: text(result.stripped_object),
                nearest: nearest.isEmpty ? nil : (nearest, text(result.nearest_object)))
        }
    }
}
