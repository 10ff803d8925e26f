#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C sleep functions rebound to a timeline: `nanosleep`, `clock_nanosleep`, `usleep` and
/// `sleep`. A sleep waits on the timeline, not in real time: see ``TimelineWaits`` for when it
/// wakes. Arguments the real function refuses reach it, and it refuses them at once.
enum VirtualSleeps {
    typealias NanoSleep = @convention(c) (UnsafePointer<timespec>?, UnsafeMutablePointer<timespec>?) -> Int32
    typealias ClockNanoSleep = @convention(c) (clockid_t, Int32, UnsafePointer<timespec>?, UnsafeMutablePointer<timespec>?) -> Int32
    typealias MicroSleep = @convention(c) (useconds_t) -> Int32
    typealias Sleep = @convention(c) (UInt32) -> UInt32

    /// The functions, by name.
    static let symbols = ["nanosleep", "clock_nanosleep", "usleep", "sleep"]

    /// Rebinds `symbol` in `scope` to a mock of `mockery` that waits on `waits`. A wait nothing
    /// woke is reported at `site`.
    static func rebind(
        _ symbol: String, in scope: InterpositionScope, of mockery: Mockery, to timeline: Timeline, waits: TimelineWaits, site: SourceSite
    ) throws(InterpositionError) {
        switch symbol {
        case "nanosleep":
            let mock = try mockery.interposition(symbol, as: NanoSleep.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any())).with { (request: UnsafePointer<timespec>?, remaining: UnsafeMutablePointer<timespec>?) -> Int32 in
                // What the real sleep refuses at once (EFAULT, EINVAL), it refuses itself.
                guard let request, let nanoseconds = nanoseconds(request.pointee) else { return real(request, remaining) }
                sleep(nanoseconds, call: "nanosleep(\(text(request.pointee)))", timeline: timeline, waits: waits, site: site)
                return 0
            }
        case "clock_nanosleep":
            let mock = try mockery.interposition(symbol, as: ClockNanoSleep.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any(), any(), any())).with {
                (clock: clockid_t, flags: Int32, request: UnsafePointer<timespec>?, remaining: UnsafeMutablePointer<timespec>?) -> Int32 in
                // A CPU-time clock stays real, and so does its sleep.
                guard let request, timeline.reading(clock) != nil else { return real(clock, flags, request, remaining) }
                guard let nanoseconds = nanoseconds(request.pointee) else { return real(clock, flags, request, remaining) }
                let call = "clock_nanosleep(\(clock), \(flags), \(text(request.pointee)))"
                if flags & TIMER_ABSTIME != 0 && Timeline.wallClocks.contains(clock) {
                    // Until a wall-clock instant: its deadline moves if the test sets the wall clock.
                    let deadline = timeline.elapsed(whenClock: clock, reads: nanoseconds) ?? 0
                    guard deadline > timeline.elapsed else { return 0 }
                    let (outcome, wait) = waits.wait(untilWallClock: clock, reads: nanoseconds, call: call)
                    report(outcome, of: wait, waits: waits, site: site)
                } else if flags & TIMER_ABSTIME != 0 {
                    let deadline = timeline.elapsed(whenClock: clock, reads: nanoseconds) ?? 0
                    wait(until: deadline, call: call, timeline: timeline, waits: waits, site: site)
                } else {
                    sleep(nanoseconds, call: call, timeline: timeline, waits: waits, site: site)
                }
                return 0
            }
        case "usleep":
            let mock = try mockery.interposition(symbol, as: MicroSleep.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            stub(mock(any())).with { (microseconds: useconds_t) -> Int32 in
                sleep(Int64(microseconds) * 1000, call: "usleep(\(microseconds))", timeline: timeline, waits: waits, site: site)
                return 0
            }
        default:
            let mock = try mockery.interposition(symbol, as: Sleep.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            stub(mock(any())).with { (seconds: UInt32) -> UInt32 in
                sleep(Int64(seconds) * 1_000_000_000, call: "sleep(\(seconds))", timeline: timeline, waits: waits, site: site)
                return 0
            }
        }
    }

    /// Waits `nanoseconds` on the timeline from now.
    ///
    /// A sleep of zero moves an automatic timeline by a nanosecond, the least a real sleep
    /// takes: code that sleeps until the clock passes an instant it reckons in floating point
    /// (Foundation's `Thread.sleep(until:)`) can be left a fraction of a nanosecond short, sleep
    /// for zero, and would otherwise read the same instant for ever.
    private static func sleep(_ nanoseconds: Int64, call: String, timeline: Timeline, waits: TimelineWaits, site: SourceSite) {
        let (deadline, overflow) = timeline.elapsed.addingReportingOverflow(nanoseconds == 0 && waits.automatic ? 1 : nanoseconds)
        wait(until: overflow ? .max : deadline, call: call, timeline: timeline, waits: waits, site: site)
    }

    /// Waits until the timeline reaches `deadline` (nanoseconds since it began); at once for a
    /// deadline already passed, as a sleep until a past instant returns at once.
    private static func wait(until deadline: Int64, call: String, timeline: Timeline, waits: TimelineWaits, site: SourceSite) {
        guard deadline > timeline.elapsed else { return }
        guard timeline.canReach(deadline) else {
            return FailureReporter.report(ImpostorFailure(message: FailureMessages.sleepPastTheEnd(call), site: site))
        }
        let (outcome, wait) = waits.wait(until: deadline, call: call)
        report(outcome, of: wait, waits: waits, site: site)
    }

    /// Reports a wait that nothing woke within a manual timeline's real-time limit.
    private static func report(_ outcome: TimelineWaits.Outcome, of wait: TimelineWaits.Wait, waits: TimelineWaits, site: SourceSite) {
        if case .abandoned = outcome {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sleepNeverWoken(describe(wait), limit: waits.abandonAfter), site: site))
        }
    }

    /// A wait as a failure or a listing names it: `usleep(1000000) on thread 0x…, armed at
    /// +0.000 s, due at +1.000 s`.
    static func describe(_ wait: TimelineWaits.Wait) -> String {
        "\(wait.call) on thread 0x\(String(wait.thread, radix: 16)), armed at \(offset(wait.armedAt)), due at \(offset(wait.deadline))"
    }

    /// An instant on the timeline as an offset from its start: `+1.500 s`.
    static func offset(_ nanoseconds: Int64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        let fraction = String(milliseconds % 1000)
        return "+\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }

    /// A `timespec` in nanoseconds, or nil for one the real sleep (or wait) refuses with `EINVAL`.
    static func nanoseconds(_ time: timespec) -> Int64? {
        guard time.tv_sec >= 0, (0..<1_000_000_000).contains(time.tv_nsec) else { return nil }
        let (scaled, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled.addingReportingOverflow(Int64(time.tv_nsec)).overflow ? .max : scaled + Int64(time.tv_nsec)
    }

    private static func text(_ time: timespec) -> String { "{\(time.tv_sec) s, \(time.tv_nsec) ns}" }
}
