#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `Task.sleep` on a timeline: the Swift runtime hands a sleeping task's job to libdispatch
/// with `dispatch_after_f` and its deadline; rebound in the runtime, the call arms a timer on
/// the timeline instead, and the job goes to its queue when the timer fires.
///
/// The deadline arrives as libdispatch encodes it: a `ContinuousClock` deadline on its
/// monotonic clock (`CLOCK_BOOTTIME`), a `SuspendingClock` one on its uptime clock
/// (`CLOCK_MONOTONIC`), a wall-clock one as negated nanoseconds since 1970. Each is read back
/// on the timeline clock it came from, which the runtime itself read to compute it.
enum VirtualTaskSleeps {
    typealias Work = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias DispatchAfter = @convention(c) (UInt64, OpaquePointer?, UnsafeMutableRawPointer?, Work?) -> Void

    /// The function, and the library whose calls of it are the sleeps of tasks.
    static let symbol = "dispatch_after_f"
    static let library = "libswift_Concurrency"

    /// A job to hand to its queue later.
    private struct Job: @unchecked Sendable {
        // @unchecked: the queue and context belong to the runtime, which hands them over with the
        // call and reads them only once the job runs; nothing here touches what they point to.
        let queue: OpaquePointer?
        let context: UnsafeMutableRawPointer?
        let work: Work?
    }

    /// Rebinds the runtime's `dispatch_after_f` to a mock of `mockery` that arms timers on
    /// `waits`; nothing when the runtime does not call it through a slot.
    static func rebind(of mockery: Mockery, to timeline: Timeline, waits: TimelineWaits, site: SourceSite) throws(InterpositionError) {
        let scope = InterpositionScope.library(library)
        guard LoadedObjects.importedNames([symbol], in: scope).contains(symbol) else { return }
        let mock = try mockery.interposition(symbol, as: DispatchAfter.self, in: scope, answering: .thisTest, capturing: [:], site: site)
        let real = original(of: mock)
        stub(mock(any(), any(), any(), any())).with { (when: UInt64, queue: OpaquePointer?, context: UnsafeMutableRawPointer?, work: Work?) in
            // Forever, or a clock the timeline does not move: as libdispatch would.
            guard let deadline = deadline(when, on: timeline) else { return real(when, queue, context, work) }
            let job = Job(queue: queue, context: context, work: work)
            // DISPATCH_TIME_NOW (0): the queue runs the job as soon as it can.
            let armed = waits.arm(until: deadline, call: "Task.sleep") { real(0, job.queue, job.context, job.work) }
            // The scope has ended: the job goes to libdispatch as the call asked.
            if !armed { real(when, queue, context, work) }
        }
    }

    /// The deadline `when` encodes, in nanoseconds since the timeline began, or nil for
    /// `DISPATCH_TIME_FOREVER`.
    static func deadline(_ when: UInt64, on timeline: Timeline) -> Int64? {
        let forever = UInt64.max
        let upOrMonotonic: UInt64 = 1 << 63
        let wall: UInt64 = 1 << 62
        guard when != forever else { return nil }
        guard when != 0 else { return timeline.elapsed }
        let clock: clockid_t
        let reading: UInt64
        if when & upOrMonotonic == 0 {
            (clock, reading) = (CLOCK_MONOTONIC, when)
        } else if when & wall == 0 {
            (clock, reading) = (CLOCK_BOOTTIME, when & ~upOrMonotonic)
        } else {
            (clock, reading) = (CLOCK_REALTIME, UInt64(bitPattern: 0 &- Int64(bitPattern: when)))
        }
        return timeline.elapsed(whenClock: clock, reads: Int64(clamping: reading))
    }
}
