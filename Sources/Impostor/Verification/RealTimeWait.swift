#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The waits of `verify(within:)` and its kin: polling every millisecond against a deadline in
/// real time.
///
/// The clock reads and the pauses are Impostor's own calls (see ``FrameworkCalls``): they reach
/// the real `clock_gettime` and `usleep` even while the test interposes them. The check itself
/// runs as the test's code.
enum RealTimeWait {
    /// Calls `isDone` until it answers true or `timeout` has passed, pausing a millisecond
    /// between tries; `isDone` runs at least once. Returns its last answer.
    @discardableResult
    static func poll(for timeout: Duration, until isDone: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = GOT.asOwnCode { clock.now.advanced(by: timeout) }
        while !isDone() {
            guard GOT.asOwnCode({ clock.now < deadline }) else { return false }
            GOT.asOwnCode { _ = usleep(1_000) }
        }
        return true
    }
}
