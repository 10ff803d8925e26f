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
        GOT.object(at: objectBase, contains: address)
    }

    /// Stores `desired` if the slot holds `expected`. Nil on success; else the value found
    /// (`.changed`) or the errno `mprotect` refused with.
    func swap(expected: UInt, desired: UInt) -> SwapOutcome {
        // The caller checked the object is still loaded (or scanned it just now) under the
        // registry's lock.
        GOT.swap(slot: address, expected: expected, desired: desired, readOnly: readOnly)
    }

    enum SwapOutcome: Equatable {
        case done
        case changed(found: UInt)
        case refused(errno: Int32)
    }
}
