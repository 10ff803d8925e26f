import Synchronization

/// A mock's stubs, newest last, read by every call without a lock.
///
/// Stubs are only ever added. Each lives in a chunk that never moves; a writer fills the
/// slot, then publishes the new count with a release store, and a reader loads the count with
/// an acquire load before touching slots below it, so it never sees a half-written slot.
/// Readers borrow stubs without retaining them (the table keeps them for the life of the
/// mock, which is the life of the process: see ``Trampoline``).
final class StubTable<Element: AnyObject>: @unchecked Sendable {
    // @unchecked: slots are written under `writeLock` before being published through `count`
    // (release/acquire), and never written again.

    static var capacity: Int { chunkSize * directorySize }
    private static var chunkSize: Int { 64 }
    private static var directorySize: Int { 256 }

    private let count = Atomic<Int>(0)
    private let writeLock = Mutex(())
    /// Allocated with the first stub: most mocks are never stubbed.
    private var directory: UnsafeMutablePointer<UnsafeMutablePointer<Unmanaged<Element>>?>?

    /// Adds `element` as the newest entry. False when the table is full.
    func append(_ element: Element) -> Bool {
        writeLock.withLock { _ in
            let index = count.load(ordering: .relaxed)
            guard index < Self.capacity else { return false }
            if directory == nil {
                let directory = UnsafeMutablePointer<UnsafeMutablePointer<Unmanaged<Element>>?>.allocate(capacity: Self.directorySize)
                directory.initialize(repeating: nil, count: Self.directorySize)
                self.directory = directory
            }
            let chunkIndex = index / Self.chunkSize
            if directory![chunkIndex] == nil {
                directory![chunkIndex] = .allocate(capacity: Self.chunkSize)
            }
            // Sound: the slot is inside a chunk of `chunkSize` slots, and not yet visible to
            // readers (count is still `index`).
            (directory![chunkIndex]! + index % Self.chunkSize).initialize(to: .passRetained(element))
            count.store(index + 1, ordering: .releasing)
            return true
        }
    }

    /// True when nothing was ever added (one atomic load).
    var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }

    /// Calls `body` with each entry from newest to oldest until it returns true; returns
    /// whether one did.
    @inline(__always)
    func scanNewestFirst(_ body: (Element) -> Bool) -> Bool {
        let published = count.load(ordering: .acquiring)
        guard published > 0, let directory else { return false }
        var index = published - 1
        while index >= 0 {
            // Sound: slots below `published` were initialized before the release store that
            // published them, and are never changed or freed.
            let slot = directory[index / Self.chunkSize]! + index % Self.chunkSize
            if slot.pointee._withUnsafeGuaranteedRef(body) { return true }
            index -= 1
        }
        return false
    }
}
