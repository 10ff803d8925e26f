import CImpostorInterpose

/// One GOT slot of an interposed symbol: where it is, whose it is, and what it held before.
struct GOTSlot: Sendable, Hashable {
    /// The slot's address.
    let address: UInt
    /// What the slot held when scanned; put back on restore (a PLT stub when `lazy`).
    let value: UInt
    /// The object's name as the dynamic linker has it: `""` for the main executable.
    let objectName: String
    /// The object's load bias, which with the name identifies it while it stays loaded.
    let objectBase: UInt
    /// On a page the dynamic linker made read-only after relocating (RELRO).
    let readOnly: Bool
    /// Still holding the object's own PLT stub: lazy binding has not happened yet.
    let lazy: Bool
    /// The object defines the symbol itself (a GLOB_DAT slot pointing home).
    let definedHere: Bool
    /// How many objects had been unloaded when the slot was scanned: when more have been
    /// since, the object may have been unloaded and loaded again at the same place, its slot
    /// fresh from the dynamic linker.
    let unloadsBefore: UInt64

    /// A slot as a scan found it, its object's name copied; `unloadsBefore` is the scan's
    /// count of objects unloaded so far.
    init(_ slot: impostor_got_slot, unloadsBefore: UInt64) {
        // Sound: the name lies in the scan's own buffer, alive until the scan returns.
        address = UInt(bitPattern: slot.address)
        value = UInt(bitPattern: slot.value)
        objectName = String(cString: slot.object)
        objectBase = UInt(slot.object_base)
        readOnly = slot.read_only != 0
        lazy = slot.lazy != 0
        definedHere = slot.defined_here != 0
        self.unloadsBefore = unloadsBefore
    }

    init(copying slot: GOTSlot, value: UInt) {
        address = slot.address
        self.value = value
        objectName = slot.objectName
        objectBase = slot.objectBase
        readOnly = slot.readOnly
        lazy = slot.lazy
        definedHere = slot.definedHere
        unloadsBefore = slot.unloadsBefore
    }

    /// Whether the object the slot belongs to is still loaded at the same bias.
    var isStillLoaded: Bool {
        GOT.object(at: objectBase, contains: address)
    }

    /// Whether objects were unloaded since the scan, so that the slot's object may be another
    /// load of the same file at the same place.
    var mayHaveBeenReloaded: Bool { GOT.generation.subs != unloadsBefore }

    /// Whether `value`, found in the slot instead of Impostor's dispatcher, is what a fresh
    /// load of its object put there: the real function, or its own PLT stub (lazy binding).
    func isFreshlyBound(_ value: UInt, real: UInt) -> Bool {
        mayHaveBeenReloaded && (value == self.value || value == real || GOT.object(at: objectBase, contains: value))
    }

    /// Stores `desired` if the slot holds `expected`: `.done`, else the value found
    /// (`.changed`), an object gone or being loaded again (nothing stored), or the errno
    /// `mprotect` refused with.
    func swap(expected: UInt, desired: UInt) -> SwapOutcome {
        // The caller checked the object is still loaded (or scanned it just now) under the
        // registry's lock.
        GOT.swap(slot: self, expected: expected, desired: desired)
    }

    enum SwapOutcome: Equatable {
        case done
        case changed(found: UInt)
        /// The object was unloaded, and perhaps is being loaded again at the same place: the
        /// slot is not ours to write (the dynamic linker's until it has relocated it).
        case objectUnsettled
        case refused(errno: Int32)
    }
}
