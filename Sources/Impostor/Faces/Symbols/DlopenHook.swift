/// While any symbol is interposed, the main executable's `dlopen` slots go to
/// Impostor's own `dlopen` (``GOT/dlopenHook``), which calls the real `dlopen` and then rescans, so that a library
/// the code under test loads has its slots rebound before it runs.
///
/// Only the main executable's: glibc's `dlopen` resolves relative names with the search path
/// of the object that called it, which a hook in another object would change. Libraries
/// loaded by other libraries are covered at the next interposition, and so are all under a
/// sanitizer whose runtime intercepts `dlopen` (the executable then has no slot for it).
struct DlopenHook {
    private var slots: [GOTSlot] = []
    private var installed = false

    private static let hook = GOT.dlopenHook

    mutating func install() {
        guard !installed else { return }
        let scan = LoadedObjects.scan("dlopen", in: .mainExecutable)
        guard let real = InterpositionDiagnosis.original(of: "dlopen", in: scan.slots, dispatcher: Self.hook) else { return }
        GOT.setDlopen(real: real, loaded: objectsLoaded)
        for slot in scan.slots where slot.value != Self.hook {
            if slot.swap(expected: slot.value, desired: Self.hook) == .done { slots.append(slot) }
        }
        installed = true
    }

    mutating func remove() {
        guard installed else { return }
        for slot in slots where slot.isStillLoaded { _ = slot.swap(expected: Self.hook, desired: slot.value) }
        slots = []
        installed = false
    }
}

private let objectsLoaded: @convention(c) () -> Void = {
    InterpositionRegistry.objectsMayHaveChanged()
}
