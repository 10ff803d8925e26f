import Synchronization

/// A mock's stubs, newest last, read by every call without a lock: a C mock's and a Swift
/// member's alike (their prefilters read arguments through ``ArgumentAddressing``).
///
/// Stubs are only ever added. Each lives in a chunk that never moves; a writer fills the
/// slot, then publishes the new count with a release store, and a reader loads the count with
/// an acquire load before touching slots below it, so it never sees a half-written slot.
/// Readers borrow stubs without retaining them (the table keeps them for the life of the
/// mock: a C mock's table lives as long as the process, see ``Trampoline``; a Swift member's
/// as long as its mock).
///
/// A reset cannot free entries, since a call on another thread may be reading them: it
/// publishes the index below which entries are forgotten, and readers stop there.
@usableFromInline
final class StubTable<Element: AnyObject>: @unchecked Sendable {
    // @unchecked: slots are written under `writeLock` before being published through `count`
    // (release/acquire), and never written again; `firstLive` only grows, under `writeLock`.

    /// A slot: the entry, and a test of one argument's bits that every call it matches passes,
    /// so a call can skip the entry without touching it.
    struct Entry {
        let element: Unmanaged<Element>
        let prefilter: StubPrefilter
        /// A summary of the bits of this entry's prefilter and those of the `run - 1` entries
        /// just older than it in its chunk, which all test the same argument at the same size:
        /// a call whose argument hits no bit of it skips the whole run with one test. 1 for an
        /// entry without a prefilter, or whose older neighbour tests another argument.
        let run: Int
        let runSummary: UInt64

        /// What a newer entry's run continues from.
        var runEnd: (prefilter: StubPrefilter, run: Int, summary: UInt64) { (prefilter, run, runSummary) }
    }

    /// The shortest run that the scan tests as a whole: for one entry, its own prefilter is
    /// the cheaper and exact test.
    private static var shortestSkippedRun: Int { 2 }

    /// The most entries one table holds.
    static var capacity: Int { 1 << 20 }
    /// Chunk `k` holds `firstChunkSize << k` entries, so a mock with a few stubs keeps a few
    /// small allocations (a released mock keeps its table), and a million still fit in the
    /// fixed directory. Sixteen in the first: runs end at a chunk's edge, and each chunk the
    /// scan enters costs a lookup, so the stubs of most mocks should share one (eleven stubs
    /// across two chunks of eight cost 57 instructions a call more).
    private static var firstChunkSize: Int { 16 }
    private static var directorySize: Int { 17 }

    private let count = Atomic<Int>(0)
    /// Entries below this index were forgotten by ``forgetAll()``.
    private let firstLive = Atomic<Int>(0)
    private let writeLock = Locked(())
    /// Allocated with the first entry: most mocks are never stubbed.
    private var directory: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>?

    deinit {
        guard let directory else { return }
        for index in 0..<count.load(ordering: .acquiring) { Self.slot(index, in: directory).pointee.element.release() }
        for chunk in 0..<Self.directorySize { directory[chunk]?.deallocate() }
        directory.deallocate()
    }

    /// The chunk and position of entry `index`.
    @inline(__always)
    private static func location(of index: Int) -> (chunk: Int, offset: Int) {
        // Wrapping arithmetic: `index` is below `capacity`, so nothing overflows, and the
        // checks cost a call past eleven stubs a tenth of its instructions.
        let group = Int(bitPattern: UInt(bitPattern: index) / UInt(firstChunkSize)) &+ 1  // a shift: unsigned
        let chunk = Int.bitWidth &- group.leadingZeroBitCount &- 1
        return (chunk, index &- firstChunkSize &* ((1 &<< chunk) &- 1))
    }

    @inline(__always)
    private static func slot(
        _ index: Int, in directory: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
    ) -> UnsafeMutablePointer<Entry> {
        let (chunk, offset) = location(of: index)
        // Sound: chunk `chunk` was allocated with `firstChunkSize << chunk` slots before any
        // index in it was published, and `offset` is below that.
        return directory[chunk]! + offset
    }

    /// Adds `element` as the newest entry. False when the table is full. `beforePublishing`
    /// runs under the table's lock just before the entry is published, so that what it keeps
    /// beside the table (a trampoline's stub keys) sees the entries in the table's order.
    func append(_ element: Element, prefilter: StubPrefilter, beforePublishing: () -> Void = {}) -> Bool {
        writeLock.withLock { _ in
            let index = count.load(ordering: .relaxed)
            guard index < Self.capacity else { return false }
            beforePublishing()
            if directory == nil {
                let directory = UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>.allocate(capacity: Self.directorySize)
                directory.initialize(repeating: nil, count: Self.directorySize)
                self.directory = directory
            }
            let (chunk, offset) = Self.location(of: index)
            if directory![chunk] == nil {
                directory![chunk] = .allocate(capacity: Self.firstChunkSize << chunk)
            }
            // Runs stay within a chunk, so that the scan can step over one with one
            // subtraction. Sound: the previous slot was written, under this lock, earlier.
            let (run, summary) = prefilter.run(
                after: offset > 0 ? Self.slot(index - 1, in: directory!).pointee.runEnd : nil)
            // Sound: the slot is not yet visible to readers (count is still `index`).
            Self.slot(index, in: directory!).initialize(
                to: Entry(element: .passRetained(element), prefilter: prefilter, run: run, runSummary: summary))
            count.store(index + 1, ordering: .releasing)
            return true
        }
    }

    /// How many entries readers may use (an acquire load: every entry below it is written).
    @inline(__always)
    var publishedCount: Int { count.load(ordering: .acquiring) }

    /// The oldest entry readers may use. Read it after ``publishedCount``: the acquire load
    /// there makes a reset published before the newest entry visible here.
    @inline(__always)
    var firstLiveIndex: Int { firstLive.load(ordering: .relaxed) }

    /// Forgets every entry added so far: readers that start after this returns stop before
    /// them. The entries stay allocated for the table's life, because a reader that started
    /// earlier may still be using them, and they still count toward ``capacity``.
    /// `alongside` runs under the table's lock (a trampoline's stub keys are forgotten with it).
    func forgetAll(alongside: () -> Void = {}) {
        writeLock.withLock { _ in
            alongside()
            // Sequentially consistent (on x86-64 a locked exchange, which drains the store
            // buffer): the new index is visible to every thread by the time this returns. It
            // costs the reset, never a call.
            firstLive.store(count.load(ordering: .relaxed), ordering: .sequentiallyConsistent)
        }
    }

    /// True when some entry is live (published and not reset), as of this moment.
    @inline(__always)
    var hasLiveEntries: Bool { publishedCount > firstLiveIndex }

    /// The newest live entry, as of this moment, whose prefilter admits `call` and that `test`
    /// accepts: the per-call scan. It walks each chunk's slots downwards with one pointer and
    /// looks a chunk up only when it leaves one, so a stub the prefilter turns down costs a
    /// comparison and a decrement of scanning, and a run of stubs that test one argument for
    /// values the call's is not (checked on the run's summary) costs one test and one step.
    @inline(__always)
    func newest<Call: ArgumentAddressing>(admitting call: Call, where test: (Entry) -> Bool) -> Entry? {
        var index = publishedCount &- 1
        let oldest = firstLiveIndex  // after the count: stubs below it were reset
        guard index >= oldest else { return nil }
        // Sound: see `borrowedEntry`; the directory is set once an entry is published.
        let directory = self.directory.unsafelyUnwrapped
        while true {
            let (chunk, offset) = Self.location(of: index)
            // The lowest slot of this chunk still live: 0, or the oldest live entry's.
            let lowest = offset &- min(offset, index &- oldest)
            let base = directory[chunk].unsafelyUnwrapped
            var slot = base + offset
            let last = base + lowest
            while true {
                // Sound: every slot from `last` to `base + offset` holds a published entry,
                // and a run never reaches below its chunk's first slot, so its oldest slot is
                // in the chunk, and the slot below it too when it is above `last`.
                let entry = slot.pointee
                if entry.run >= Self.shortestSkippedRun, !entry.prefilter.summaryAdmits(entry.runSummary, call) {
                    let oldestOfRun = slot - (entry.run &- 1)
                    // From `last` down the entries are the oldest live one and reset ones: the
                    // scan ends there in any case.
                    if oldestOfRun <= last { break }
                    slot = oldestOfRun - 1
                    continue
                }
                if entry.prefilter.admits(call), test(entry) { return entry }
                if slot == last { break }
                slot -= 1
            }
            index = index &- (offset &- lowest) &- 1
            if index < oldest { return nil }
        }
    }

    /// The newest live entry older than `element` that `test` accepts: where a stub that lets a
    /// call go on (a fault schedule's call it does not fail) hands it.
    func newest(olderThan element: Element, where test: (Entry) -> Bool) -> Entry? {
        let target = Unmanaged.passUnretained(element).toOpaque()
        var passed = false
        return newest { entry in
            if passed { return test(entry) }
            passed = entry.element.toOpaque() == target
            return false
        }
    }

    /// The newest live entry that `test` accepts: a plain walk without the prefilters, for
    /// what runs off the per-call path (a Swift member's boxed call tries patterns of values).
    func newest(where test: (Entry) -> Bool) -> Entry? {
        var index = publishedCount &- 1
        let oldest = firstLiveIndex  // after the count, as in the scan above
        while index >= oldest {
            let entry = borrowedEntry(index)
            if test(entry) { return entry }
            index -= 1
        }
        return nil
    }

    /// Entry `index`, below a `publishedCount` read earlier, without a retain: the table keeps
    /// its entries for its own life, which is the mock's.
    @inline(__always)
    func borrowedEntry(_ index: Int) -> Entry {
        // Sound: slots below the published count were initialized before the release store
        // that published them (so `directory` is set), and are never changed or freed while
        // the table lives.
        Self.slot(index, in: directory.unsafelyUnwrapped).pointee
    }
}
