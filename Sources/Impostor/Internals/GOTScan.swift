extension GOT {
    /// What one scan found.
    struct Scan {
        var slots: [GOTSlot] = []
        var objectsMatched = 0
        /// Addresses of the symbol stored in the objects' data rather than in GOT slots.
        var dataReferences = 0
        var staticExecutable = false
        var canonicalPLT = false
        /// Objects with slots for the symbol that another thread's `dlopen` was still
        /// relocating: their slots are not in `slots`, and a later scan must look again.
        var objectsLoading = 0
        /// The first of them, as the dynamic linker names it (`""`: the main executable).
        var loadingObject: String?
        var generation = Generation(adds: 0, subs: 0)
    }

    /// `dl_iterate_phdr`'s counts of objects loaded and unloaded: equal counts, same objects.
    struct Generation: Equatable, Sendable {
        let adds: UInt64
        let subs: UInt64

        /// A generation no process reaches: recorded after a scan that left out objects still
        /// being loaded, so that the next check scans again.
        static let unsettled = Generation(adds: .max, subs: .max)
    }
}
