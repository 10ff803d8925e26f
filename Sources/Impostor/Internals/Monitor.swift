import CImpostor

/// A recursive mutex with a condition variable: serializes one Mockery's expectation dispatch
/// and lets `waitUntil` sleep until a call wakes it, instead of polling.
final class Monitor: @unchecked Sendable {
    // @unchecked: the C monitor is itself the synchronization.
    private let monitor: OpaquePointer

    init() {
        guard let monitor = impostor_monitor_create() else { fatalError("Impostor: out of memory creating a monitor") }
        self.monitor = monitor
    }

    deinit { impostor_monitor_destroy(monitor) }

    /// Runs `body` with the monitor entered. Re-entering from the same thread is allowed: a
    /// matcher may call another mock of the same Mockery.
    @inline(__always)
    func withEntered<R>(_ body: () throws -> R) rethrows -> R {
        impostor_monitor_enter(monitor)
        defer { impostor_monitor_exit(monitor) }
        return try body()
    }

    /// Sleeps (the monitor entered exactly once) until woken or `deadline` (see ``now``);
    /// false when the deadline passed.
    func wait(until deadline: UInt64) -> Bool {
        impostor_monitor_wait(monitor, deadline) != 0
    }

    /// Wakes every sleeper; call with the monitor entered.
    func wakeAll() { impostor_monitor_wake_all(monitor) }

    /// The monotonic clock the deadlines are measured on, in nanoseconds.
    static var now: UInt64 { impostor_monotonic_now_ns() }

    /// The deadline `timeout` from now.
    static func deadline(after timeout: Duration) -> UInt64 {
        let (seconds, attoseconds) = timeout.components
        // Saturating: `.seconds(Int64.max)` means "no deadline worth counting", not a trap.
        let (whole, overflow) = UInt64(max(0, seconds)).multipliedReportingOverflow(by: 1_000_000_000)
        let nanoseconds = overflow ? UInt64.max : whole.addingReportingOverflow(UInt64(max(0, attoseconds / 1_000_000_000))).partialValue
        let (deadline, late) = now.addingReportingOverflow(nanoseconds)
        return late ? UInt64.max : deadline
    }
}
