/// A C symbol interposed at least once: its dispatcher (for the life of the process), and,
/// while mocks are installed, the slots rebound to it and the layers that answer through it.
///
/// Touched only under ``InterpositionRegistry``'s lock; the chooser reads the layers through
/// ``InterpositionRouting`` instead.
final class InterposedSymbol {
    let name: String
    let index: UInt32
    /// The dispatcher's code address: what every rebound slot holds.
    let dispatcher: UInt
    /// Where pass-through calls go: the real function (never a PLT stub).
    var original: UInt = 0
    /// The slots rebound to the dispatcher, each with the value to put back.
    var slots: [GOTSlot] = []
    /// Installed layers, oldest first.
    var layers: [InterpositionLayer] = []
    /// The function whose entry is patched, while the layers reach the symbol that way rather
    /// than through GOT slots (decided when the first layer is installed).
    var patchedFunction: EntryFunction?
    /// The va_list form every installed layer answers in, or nil for fixed arguments.
    var variadic: VariadicForm?
    /// The function's prepared site, kept once made: a later patch of the same function reuses it.
    var entrySite: EntryCode.Site?
    /// Whether the last ``rebind(_:)`` left out a slot of an object unloaded or being loaded
    /// again since the scan.
    private(set) var missedObjectsBeingLoaded = false

    init(name: String, index: UInt32) {
        self.name = name
        self.index = index
        dispatcher = GOT.dispatcher(index)
    }

    var isActive: Bool { !layers.isEmpty }

    /// Makes the dispatcher route as the layers say, in one atomic store: straight to the
    /// newest layer when it answers every call, through the chooser when a layer must look
    /// at the caller, to the original when no layer is left. A route through the chooser
    /// carries the table the chooser decides by; and when the newest layer answers its test
    /// over every object, that test's claimed threads go straight to it, as the chooser would
    /// send them: the newest layer is tried first, and a thread's claim is the test it stands for.
    func publishRoute() {
        let original = UnsafeRawPointer(bitPattern: self.original)!
        GOT.setFrameworkNamed(index, layers.contains { FrameworkCalls.names(frameworkLibrary: $0.scope) })
        if let newest = layers.last {
            if newest.answersEveryCall {
                GOT.route(index, original: original, target: UnsafeRawPointer(bitPattern: newest.mockCode)!, choose: false)
            } else {
                var claimed: (owner: UnsafeRawPointer, target: UnsafeRawPointer)?
                if newest.answersItsTestEverywhere, let owner = newest.owner {
                    // Sound: test identities are interned and never freed.
                    claimed = (UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()), UnsafeRawPointer(bitPattern: newest.mockCode)!)
                }
                GOT.routeChoosing(index, original: original, claimed: claimed, table: InterpositionRouting.table(for: layers))
            }
        } else {
            GOT.route(index, original: original, target: original, choose: false)
        }
    }

    /// Rebinds the slots of `scan` not rebound yet. On a refused page, puts back the slots this
    /// call rebound and returns the error.
    func rebind(_ found: [GOTSlot]) -> InterpositionError? {
        missedObjectsBeingLoaded = false
        var rebound: [GOTSlot] = []
        for slot in found where slot.value != dispatcher {
            if let known = slots.firstIndex(where: { $0.address == slot.address }) {
                // Rebound before, yet not holding the dispatcher: the object was unloaded and
                // loaded again at the same place (a fresh slot, rebound below), or another tool
                // rebound it (left alone, and reported when the mock is released).
                guard slots[known].mayHaveBeenReloaded else { continue }
                slots.remove(at: known)
            }
            var expected = slot.value
            // A slot bound lazily in between changes under us: take the new value and retry.
            for _ in 0..<3 {
                switch slot.swap(expected: expected, desired: dispatcher) {
                case .done:
                    rebound.append(slot.holding(expected))
                case .changed(let found):
                    if found == dispatcher { break }
                    expected = found
                    continue
                case .objectUnsettled:
                    missedObjectsBeingLoaded = true
                case .refused(let error):
                    for done in rebound { _ = done.swap(expected: dispatcher, desired: done.value) }
                    return InterpositionError(.protectionRefused(symbol: name, object: slot.objectDescription, errno: error))
                }
                break
            }
        }
        slots += rebound
        return nil
    }

    /// Puts back every rebound slot whose object is still loaded, and returns what could not
    /// be: a slot someone else changed meanwhile is left as it is.
    func restoreSlots() -> [String] {
        var problems: [String] = []
        for slot in slots where slot.isStillLoaded {
            switch slot.swap(expected: dispatcher, desired: slot.value) {
            case .done, .objectUnsettled: break  // an unloaded object's slot went with it
            case .changed(let found) where slot.isFreshlyBound(found, real: original):
                break  // the object was loaded again since: its slot is the dynamic linker's
            case .changed(let found):
                problems.append(FailureMessages.interpositionSlotChanged(symbol: name, object: slot.objectDescription, found: found))
            case .refused(let error):
                problems.append(FailureMessages.interpositionRestoreRefused(symbol: name, object: slot.objectDescription, errno: error))
            }
        }
        slots = []
        return problems
    }
}

extension GOTSlot {
    /// The same slot, recorded as holding `value` (what a retried swap found there).
    func holding(_ value: UInt) -> GOTSlot {
        value == self.value ? self : GOTSlot(copying: self, value: value)
    }
}
