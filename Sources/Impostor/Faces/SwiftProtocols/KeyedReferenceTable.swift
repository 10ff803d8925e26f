import Synchronization

/// The references of a generated mock's members, each under its key's index (see
/// `_MockMemberKey`), made on first use and owned by the mock's core.
///
/// A call reads the table without a lock or a retain: the newest snapshot is published through
/// an atomic pointer, and a published snapshot never changes. Adding a reference (once per
/// member and mock) publishes a copy under a lock. Older snapshots stay alive as long as the
/// table, since a call on another thread may still be reading one; a mock has a few of them,
/// each a few slots.
@usableFromInline
final class KeyedReferenceTable: Sendable {
    /// The address of the newest snapshot, unretained (`snapshots` keeps it alive); 0 before
    /// the first reference. An integer, since an atomic pointer is not Sendable.
    @usableFromInline let newest = Atomic<UInt>(0)
    /// Every snapshot published, the newest last.
    private let snapshots = Locked<[KeyedReferenceSnapshot]>([])

    init() {}

    /// The reference stored under `index`, or nil when there is none yet.
    @inlinable
    func reference(at index: Int) -> AnyObject? {
        guard let newest = UnsafeRawPointer(bitPattern: newest.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<KeyedReferenceSnapshot>.fromOpaque(newest)._withUnsafeGuaranteedRef { $0.reference(at: index) }
    }

    /// The reference under `index`; when there is none yet, the one `make` makes, stored.
    /// Looked up again under the lock: another thread may have stored it since the caller looked.
    func reference(at index: Int, orMake make: () -> AnyObject) -> AnyObject {
        snapshots.withLock { snapshots in
            if let known = snapshots.last?.reference(at: index) { return known }
            let made = make()
            let snapshot = KeyedReferenceSnapshot(adding: (index, made), to: snapshots.last)
            snapshots.append(snapshot)
            newest.store(UInt(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque()), ordering: .releasing)
            return made
        }
    }
}

/// One published state of a `KeyedReferenceTable`: slots probed from `index & mask` on, at most
/// half of them full, so that a probe soon meets the index or an empty slot.
@usableFromInline
final class KeyedReferenceSnapshot: @unchecked Sendable {
    // @unchecked: immutable once made, and published only after it is made.

    @usableFromInline let mask: Int
    /// Each slot's index plus one, 0 for an empty slot.
    @usableFromInline let indices: ContiguousArray<Int>
    @usableFromInline let references: ContiguousArray<AnyObject?>

    /// The references of `previous`, and `entry`.
    init(adding entry: (index: Int, reference: AnyObject), to previous: KeyedReferenceSnapshot?) {
        var entries = previous?.entries ?? []
        entries.append(entry)
        var capacity = 4
        while capacity < entries.count * 2 { capacity *= 2 }
        var indices = ContiguousArray(repeating: 0, count: capacity)
        var references = ContiguousArray<AnyObject?>(repeating: nil, count: capacity)
        for (index, reference) in entries {
            var slot = index & (capacity - 1)
            while indices[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            indices[slot] = index + 1
            references[slot] = reference
        }
        mask = capacity - 1
        self.indices = indices
        self.references = references
    }

    /// The reference stored under `index`, or nil.
    @inlinable
    func reference(at index: Int) -> AnyObject? {
        var slot = index & mask
        while true {
            let stored = indices[slot]
            if stored == index &+ 1 { return references[slot] }
            if stored == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Every (index, reference) stored.
    private var entries: [(index: Int, reference: AnyObject)] {
        zip(indices, references).compactMap { stored, reference in
            guard stored != 0, let reference else { return nil }
            return (stored - 1, reference)
        }
    }
}
