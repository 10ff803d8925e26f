import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The state of one virtual timeline: how far it has advanced, and where each clock it moves
/// started. Immutable but for the advance, so the interposed clocks read it without a lock.
final class Timeline: Sendable {
    /// Nanoseconds the timeline has advanced since it began.
    private let advanced = Atomic<Int64>(0)
    /// Each clock that follows the timeline, with its reading (in nanoseconds) when it began:
    /// the wall clocks at the chosen instant, the others where the real clock stood, so that
    /// every clock moves by the same amount and they agree after each advance.
    private let origins: [(clock: clockid_t, origin: Int64)]
    /// How far the test has set the wall clocks off the others (``setWallClock(to:)``), in
    /// nanoseconds: added to the wall clocks' readings only.
    private let wallShift = Atomic<Int64>(0)

    /// The clocks that follow a timeline: the wall clocks and the monotonic ones. The CPU-time
    /// clocks measure work, not time, and stay real.
    static let wallClocks: [clockid_t] = [CLOCK_REALTIME, CLOCK_REALTIME_COARSE, CLOCK_REALTIME_ALARM, CLOCK_TAI]
    static let monotonicClocks: [clockid_t] = [
        CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_MONOTONIC_COARSE, CLOCK_BOOTTIME, CLOCK_BOOTTIME_ALARM,
    ]

    /// A timeline whose wall clocks start at `wallStart` nanoseconds since 1970 and whose
    /// monotonic clocks start where the real ones are now.
    init(wallStart: Int64) {
        var origins = Self.wallClocks.map { (clock: $0, origin: wallStart) }
        for clock in Self.monotonicClocks {
            var now = timespec()
            // Impostor's own read, before anything is rebound: the real clock.
            guard clock_gettime(clock, &now) == 0 else { continue }
            origins.append((clock, Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)))
        }
        self.origins = origins
    }

    /// Nanoseconds advanced so far.
    var elapsed: Int64 { advanced.load(ordering: .acquiring) }

    /// Moves every clock forward until the timeline has advanced `target` nanoseconds since it
    /// began; nothing when it is there already. Returns false, changing nothing, when a clock
    /// would pass the largest instant a `timespec` holds.
    @discardableResult
    func advance(toElapsed target: Int64) -> Bool {
        var current = advanced.load(ordering: .relaxed)
        while current < target {
            guard canReach(target) else { return false }
            let (exchanged, original) = advanced.compareExchange(expected: current, desired: target, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return true
    }

    /// Whether the timeline can advance to `target` nanoseconds since it began: no clock would
    /// pass the largest instant a `timespec` holds.
    func canReach(_ target: Int64) -> Bool {
        origins.allSatisfy { !shifted($0).addingReportingOverflow(target).overflow }
    }

    /// A clock's origin with the wall shift added when it is a wall clock.
    private func shifted(_ entry: (clock: clockid_t, origin: Int64)) -> Int64 {
        Self.wallClocks.contains(entry.clock) ? entry.origin &+ wallShift.load(ordering: .acquiring) : entry.origin
    }

    /// Sets the wall clocks (`CLOCK_REALTIME` and its kin) to read `nanoseconds` since 1970
    /// now, as a person changing the system time would; the monotonic clocks do not move.
    /// Returns false, changing nothing, when the wall clocks could then not advance as far as
    /// the others can.
    @discardableResult
    func setWallClock(to nanoseconds: Int64) -> Bool {
        guard let wall = reading(CLOCK_REALTIME) else { return false }
        let (change, overflow) = nanoseconds.subtractingReportingOverflow(wall)
        guard !overflow else { return false }
        let (shift, shiftOverflow) = wallShift.load(ordering: .relaxed).addingReportingOverflow(change)
        guard !shiftOverflow else { return false }
        wallShift.store(shift, ordering: .releasing)
        return true
    }

    /// Nanoseconds since the timeline began at which `clock` reads `reading`, or nil for a clock
    /// that stays real.
    func elapsed(whenClock clock: clockid_t, reads reading: Int64) -> Int64? {
        origins.first(where: { $0.clock == clock }).map { reading &- shifted($0) }
    }

    /// The reading of `clock` on the timeline, in nanoseconds, or nil for a clock that stays
    /// real.
    func reading(_ clock: clockid_t) -> Int64? {
        guard let entry = origins.first(where: { $0.clock == clock }) else { return nil }
        return shifted(entry) &+ elapsed
    }

    /// The wall clock's reading on the timeline, in nanoseconds since 1970.
    var wallClock: Int64 { reading(CLOCK_REALTIME)! }
}
