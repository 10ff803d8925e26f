#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The sleeps and timers waiting on one timeline, and the rule that wakes them.
///
/// A C sleep arms a wait with its deadline on the timeline and blocks its thread until the wait
/// is woken; a `Task.sleep` arms a timer, which runs its job when it fires. Both are woken in
/// deadline order, ties in the order they were armed:
/// - automatically (the default), the earliest C sleep moves the timeline to its own deadline and
///   wakes at once, so a sleep that nothing else is waiting beside returns without delay; a
///   timer fires once nothing new has been armed for a moment (``quietPeriod`` of real time),
///   so tasks that start together and sleep together wake together;
/// - manually, only the test's `advance` wakes them, each due one in turn, the timeline set to
///   its deadline as it wakes; a woken C sleep returns before the next is woken.
///
/// A blocked thread polls (Impostor's own `usleep`, which stays real), so there is no lock
/// for a waker to hand over and nothing to leak if a thread never comes back.
final class TimelineWaits: Sendable {
    /// One armed wait.
    struct Wait: Sendable {
        let id: UInt64
        /// Where it is due, in nanoseconds since the timeline began.
        var deadline: Int64
        /// For a sleep until a wall-clock instant (`clock_nanosleep(CLOCK_REALTIME,
        /// TIMER_ABSTIME, …)`), that clock and instant: its deadline moves when the test sets
        /// the wall clock, as the kernel's does when the system time is changed.
        var wallInstant: (clock: clockid_t, reading: Int64)? = nil
        /// When it was armed, in nanoseconds since the timeline began.
        let armedAt: Int64
        /// The function that armed it, with its argument as called: `usleep(1000000)`.
        let call: String
        let thread: UInt
        /// What a timer runs when it fires; nil for a C sleep, whose thread wakes.
        let fire: (@Sendable () -> Void)?
        /// When it was armed, in real time (`CLOCK_MONOTONIC` nanoseconds).
        let armedReal: Int64
    }

    /// How a wait ended.
    enum Outcome {
        /// Its deadline was reached.
        case woke
        /// The timeline ended first.
        case ended
        /// Nothing woke it within the real-time limit of a manually advanced timeline.
        case abandoned
        /// What it waited on became ready first: a descriptor wait's descriptors.
        case ready
    }

    private struct State {
        var armed: [Wait] = []
        /// Waits an advance woke, not yet returned.
        var woken: Set<UInt64> = []
        var nextID: UInt64 = 0
        var ended = false
        /// Whether the thread that fires timers runs.
        var driving = false
        /// Timers of a manual timeline that no advance reached within the real-time limit:
        /// fired, so that their tasks go on, and reported when the timeline ends.
        var abandoned: [Wait] = []
    }

    /// How long nothing new must be armed, in real time, before a timer fires by itself; and
    /// how long a descriptor wait's descriptors must stay unready before its timeout elapses by
    /// itself.
    static let quietPeriod = Duration.milliseconds(2)

    private let timeline: Timeline
    let automatic: Bool
    /// How long, in real time, a wait on a manually advanced timeline waits for an advance.
    let abandonAfter: Duration
    private let state = Locked(State())

    init(timeline: Timeline, automatic: Bool, abandonAfter: Duration) {
        self.timeline = timeline
        self.automatic = automatic
        self.abandonAfter = abandonAfter
    }

    /// The waits armed now, in the order they will wake.
    var pending: [Wait] { state.withLock { $0.armed }.sorted(by: Self.wakesFirst) }

    private static func wakesFirst(_ a: Wait, _ b: Wait) -> Bool { (a.deadline, a.id) < (b.deadline, b.id) }

    /// Arms a wait due at `deadline` on the timeline, made by `call`, and blocks until it is
    /// woken. Returns how it ended and the wait itself.
    func wait(until deadline: Int64, call: String) -> (Outcome, Wait) {
        wait(until: deadline, call: call, checking: false) { false }
    }

    /// Arms a wait until `clock`, a wall clock, reads `reading`, made by `call`, and blocks
    /// until it is woken: see ``wallClockMoved()``.
    func wait(untilWallClock clock: clockid_t, reads reading: Int64, call: String) -> (Outcome, Wait) {
        let deadline = timeline.elapsed(whenClock: clock, reads: reading) ?? 0
        return wait(until: deadline, call: call, checking: false, wallInstant: (clock, reading)) { false }
    }

    /// Arms a wait due at `deadline` on the timeline, made by `call`, and blocks until it is
    /// woken or `ready` (a check that does not block, run as it waits) holds. On an
    /// automatically advancing timeline its deadline is reached by itself only once `ready` has
    /// not held for ``quietPeriod`` of real time, so that another thread about to make it ready
    /// has the moment it needs. Returns how it ended and the wait itself.
    func wait(until deadline: Int64, call: String, unless ready: () -> Bool) -> (Outcome, Wait) {
        wait(until: deadline, call: call, checking: true, ready)
    }

    private func wait(
        until deadline: Int64, call: String, checking: Bool, wallInstant: (clock: clockid_t, reading: Int64)? = nil, _ ready: () -> Bool
    ) -> (Outcome, Wait) {
        let wait = state.withLock { state in
            defer { state.nextID += 1 }
            let wait = Wait(
                id: state.nextID, deadline: deadline, wallInstant: wallInstant, armedAt: timeline.elapsed, call: call,
                thread: CallingThread.currentID, fire: nil, armedReal: Self.realNow())
            state.armed.append(wait)
            return wait
        }
        var pause: UInt32 = 20
        var waited: Int64 = 0
        while true {
            let outcome: Outcome? = state.withLock { state in
                if state.woken.remove(wait.id) != nil { return .woke }
                if state.ended {
                    state.armed.removeAll { $0.id == wait.id }
                    return .ended
                }
                guard automatic, let first = state.armed.min(by: Self.wakesFirst), first.id == wait.id,
                    !checking || Self.realNow() - wait.armedReal >= Self.quietPeriod.nanoseconds
                else { return nil }
                state.armed.removeAll { $0.id == wait.id }
                // The deadline as it stands now: setting the wall clock may have moved it.
                timeline.advance(toElapsed: first.deadline)
                return .woke
            }
            if let outcome { return (outcome, wait) }
            if checking && ready() {
                state.withLock { state in
                    // Woken as it became ready: ready is what the real call says, and the waker
                    // waits for the wake to be taken.
                    state.woken.remove(wait.id)
                    state.armed.removeAll { $0.id == wait.id }
                }
                return (.ready, wait)
            }
            if !automatic && waited >= abandonAfter.nanoseconds {
                let abandoned = state.withLock { state in
                    // Woken while the limit ran out: it woke.
                    guard state.woken.remove(wait.id) == nil else { return false }
                    state.armed.removeAll { $0.id == wait.id }
                    return true
                }
                return (abandoned ? .abandoned : .woke, wait)
            }
            GOT.asOwnCode { _ = usleep(pause) }
            waited += Int64(pause) * 1000
            pause = min(pause * 2, 1000)
        }
    }

    /// Arms a timer due at `deadline` (nanoseconds since the timeline began) that runs `fire`
    /// when it fires; a deadline already passed fires at once. Returns false, arming nothing,
    /// once the timeline has ended: a call still in flight as the scope ends.
    func arm(until deadline: Int64, call: String, fire: @escaping @Sendable () -> Void) -> Bool {
        let startDriver: Bool? = state.withLock { state in
            guard !state.ended else { return nil }
            defer { state.nextID += 1 }
            state.armed.append(Wait(
                id: state.nextID, deadline: max(deadline, timeline.elapsed), wallInstant: nil, armedAt: timeline.elapsed, call: call,
                thread: CallingThread.currentID, fire: fire, armedReal: Self.realNow()))
            defer { state.driving = true }
            return !state.driving
        }
        guard let startDriver else { return false }
        if startDriver { startDriving() }
        return true
    }

    /// After the test set the wall clock: each sleep until a wall-clock instant takes the
    /// deadline that instant now has, and those it has reached wake, as the kernel wakes them
    /// when the system time is changed.
    func wallClockMoved() {
        state.withLock { state in
            for index in state.armed.indices {
                guard let instant = state.armed[index].wallInstant,
                      let deadline = timeline.elapsed(whenClock: instant.clock, reads: instant.reading) else { continue }
                state.armed[index].deadline = max(deadline, timeline.elapsed)
            }
        }
        advance(toElapsed: timeline.elapsed)
    }

    /// Moves the timeline to `target` (nanoseconds since it began), waking each wait due on the
    /// way in deadline order, the timeline at its deadline as it wakes.
    func advance(toElapsed target: Int64) {
        while let next = wakeFirst(dueBy: target) {
            // The woken thread returns before the next wakes, so their returns keep deadline order.
            if next.fire == nil { RealTimeWait.poll(for: .seconds(1)) { !state.withLock { $0.woken.contains(next.id) } } }
        }
        timeline.advance(toElapsed: target)
    }

    /// Wakes the first wait due by `target`, the timeline moved to its deadline: marks a C
    /// sleep woken, fires a timer. Returns it, or nil when none is due.
    private func wakeFirst(dueBy target: Int64) -> Wait? {
        let next: Wait? = state.withLock { state in
            guard let first = state.armed.min(by: Self.wakesFirst), first.deadline <= target else { return nil }
            state.armed.removeAll { $0.id == first.id }
            timeline.advance(toElapsed: first.deadline)
            if first.fire == nil { state.woken.insert(first.id) }
            return first
        }
        // Outside the lock: the job it hands to its queue may arm the next timer.
        next?.fire?()
        return next
    }

    /// Starts the thread that fires timers. On an automatically advancing timeline, once
    /// nothing new has been armed for ``quietPeriod``, it moves the timeline to the first
    /// timer's deadline and fires every timer due then. On a manual one, it fires each timer no
    /// advance reached within the real-time limit, so that no task waits for ever. It ends with
    /// the timeline.
    private func startDriving() {
        let started = ThreadRunner.start { [self] in
            var seen: UInt64 = .max
            while true {
                GOT.asOwnCode { _ = usleep(UInt32(Self.quietPeriod.nanoseconds / 1000)) }
                let now = Self.realNow()
                let (ended, armedSoFar, first, overdue) = state.withLock { state in
                    let overdue = automatic ? [] : state.armed.filter { $0.fire != nil && now - $0.armedReal >= abandonAfter.nanoseconds }
                    state.armed.removeAll { wait in overdue.contains { $0.id == wait.id } }
                    state.abandoned += overdue
                    return (state.ended, state.nextID, state.armed.min(by: Self.wakesFirst), overdue)
                }
                for timer in overdue { timer.fire?() }
                if ended { return }
                guard automatic else { continue }
                defer { seen = armedSoFar }
                // A C sleep first wakes itself; a timer waits for a quiet moment.
                guard armedSoFar == seen, let first, first.fire != nil else { continue }
                while let woken = wakeFirst(dueBy: first.deadline), woken.fire != nil {}
            }
        }
        // No thread to be had: the next timer armed tries again.
        if !started { state.withLock { $0.driving = false } }
    }

    /// The real monotonic clock, in nanoseconds: Impostor's own read, which stays real.
    private static func realNow() -> Int64 {
        var now = timespec()
        GOT.asOwnCode { _ = clock_gettime(CLOCK_MONOTONIC, &now) }
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Timers no advance reached within the real-time limit, fired since the last call.
    func takeAbandoned() -> [Wait] {
        state.withLock { state in
            defer { state.abandoned = [] }
            return state.abandoned
        }
    }

    /// Ends the timeline: every C sleep still armed returns at once, every timer fires. Returns
    /// the C sleeps.
    func end() -> [Wait] {
        let left = state.withLock { state in
            defer { state.ended = true }
            guard !state.ended else { return [Wait]() }
            // Taken out under the lock, so that the driving thread cannot fire one a second time.
            defer { state.armed.removeAll { $0.fire != nil } }
            return state.armed
        }
        // A timer left armed may be a cancelled Task.sleep, whose job then does nothing; an
        // uncancelled one resumes its task rather than leave it suspended for ever.
        for timer in left.sorted(by: Self.wakesFirst) { timer.fire?() }
        // Give them a moment to leave the sleep, so the clocks are put back after they return.
        RealTimeWait.poll(for: .milliseconds(100)) { state.withLock { $0.armed.isEmpty } }
        return left.filter { $0.fire == nil }.sorted(by: Self.wakesFirst)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at `Int64.max`.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).overflow ? .max : scaled + attoseconds / 1_000_000_000
    }
}
