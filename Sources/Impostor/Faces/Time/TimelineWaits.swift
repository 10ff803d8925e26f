#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The sleeps waiting on one timeline, and the rule that wakes them.
///
/// A sleep arms a wait with its deadline on the timeline and blocks its thread until the wait
/// is woken. Waits are woken in deadline order, ties in the order they were armed:
/// - automatically (the default), the earliest wait moves the timeline to its own deadline and
///   wakes at once, so a sleep that nothing else is waiting beside returns without delay;
/// - manually, only the test's `advance` wakes waits, each due one in turn, the timeline set to
///   its deadline as it wakes, and waits for it to return before waking the next.
///
/// The blocked thread polls (Impostor's own `usleep`, which stays real), so there is no lock
/// for a waker to hand over and nothing to leak if a thread never comes back.
final class TimelineWaits: Sendable {
    /// One armed wait.
    struct Wait: Sendable {
        let id: UInt64
        /// Where it is due, in nanoseconds since the timeline began.
        let deadline: Int64
        /// When it was armed, in nanoseconds since the timeline began.
        let armedAt: Int64
        /// The function that armed it, with its argument as called: `usleep(1000000)`.
        let call: String
        let thread: UInt
    }

    /// How a wait ended.
    enum Outcome {
        /// Its deadline was reached.
        case woke
        /// The timeline ended first.
        case ended
        /// Nothing woke it within the real-time limit of a manually advanced timeline.
        case abandoned
    }

    private struct State {
        var armed: [Wait] = []
        /// Waits an advance woke, not yet returned.
        var woken: Set<UInt64> = []
        var nextID: UInt64 = 0
        var ended = false
    }

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

    /// Arms a wait due `nanoseconds` from now (or at `deadline` on the timeline), made by `call`,
    /// and blocks until it is woken. Returns how it ended and the wait itself.
    func wait(until deadline: Int64, call: String) -> (Outcome, Wait) {
        let wait = state.withLock { state in
            defer { state.nextID += 1 }
            let wait = Wait(id: state.nextID, deadline: deadline, armedAt: timeline.elapsed, call: call, thread: CallingThread.currentID)
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
                guard automatic, let first = state.armed.min(by: Self.wakesFirst), first.id == wait.id else { return nil }
                state.armed.removeAll { $0.id == wait.id }
                timeline.advance(toElapsed: wait.deadline)
                return .woke
            }
            if let outcome { return (outcome, wait) }
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

    /// Moves the timeline to `target` (nanoseconds since it began), waking each wait due on the
    /// way in deadline order, the timeline at its deadline as it wakes.
    func advance(toElapsed target: Int64) {
        while true {
            let next: Wait? = state.withLock { state in
                guard let first = state.armed.min(by: Self.wakesFirst), first.deadline <= target else { return nil }
                state.armed.removeAll { $0.id == first.id }
                timeline.advance(toElapsed: first.deadline)
                state.woken.insert(first.id)
                return first
            }
            guard let next else { break }
            // The woken thread returns before the next wakes, so their returns keep deadline order.
            RealTimeWait.poll(for: .seconds(1)) { !state.withLock { $0.woken.contains(next.id) } }
        }
        timeline.advance(toElapsed: target)
    }

    /// Ends the timeline: every wait still armed returns at once. Returns those waits.
    func end() -> [Wait] {
        let left = state.withLock { state in
            defer { state.ended = true }
            return state.ended ? [] : state.armed
        }
        // Give them a moment to leave the sleep, so the clocks are put back after they return.
        RealTimeWait.poll(for: .milliseconds(100)) { state.withLock { $0.armed.isEmpty } }
        return left.sorted(by: Self.wakesFirst)
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
