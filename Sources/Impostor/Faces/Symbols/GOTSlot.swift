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

    init(_ slot: impostor_got_slot) {
        address = UInt(bitPattern: slot.address)
        value = UInt(bitPattern: slot.value)
        // Sound: the dynamic linker keeps the name while the object is loaded, and the scan
        // that found the slot just returned; the name is copied here.
        objectName = String(cString: slot.object)
        objectBase = UInt(slot.object_base)
        readOnly = slot.read_only != 0
        lazy = slot.lazy != 0
        definedHere = slot.defined_here != 0
    }

    init(copying slot: GOTSlot, value: UInt) {
        address = slot.address
        self.value = value
        objectName = slot.objectName
        objectBase = slot.objectBase
        readOnly = slot.readOnly
        lazy = slot.lazy
        definedHere = slot.definedHere
    }

    /// `the main executable` or the object's file name, for messages.
    var objectDescription: String { LoadedObjects.describe(objectName) }

    /// Whether the object the slot belongs to is still loaded at the same bias.
    var isStillLoaded: Bool {
        impostor_got_object_contains(UInt(objectBase), UnsafeRawPointer(bitPattern: address)) != 0
    }

    /// Stores `desired` if the slot holds `expected`. Nil on success; else the value found
    /// (`.changed`) or the errno `mprotect` refused with.
    func swap(expected: UInt, desired: UInt) -> SwapOutcome {
        var found: UnsafeMutableRawPointer?
        // Sound: `address` came from a scan of a loaded object and the caller checked the
        // object is still loaded (or scanned it just now) under the registry's lock.
        let status = impostor_got_swap(
            UnsafeMutablePointer(bitPattern: address)!, UnsafeMutableRawPointer(bitPattern: expected),
            UnsafeMutableRawPointer(bitPattern: desired), readOnly ? 1 : 0, &found)
        switch status {
        case 0: return .done
        case IMPOSTOR_GOT_CHANGED: return .changed(found: UInt(bitPattern: found))
        default: return .refused(errno: status)
        }
    }

    enum SwapOutcome: Equatable {
        case done
        case changed(found: UInt)
        case refused(errno: Int32)
    }
}
