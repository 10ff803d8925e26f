#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The timeouts of C's descriptor waits rebound to a timeline: `poll`, `ppoll`, `select` and
/// `epoll_wait`, in the libraries a test names and its own C targets.
///
/// A wait with a timeout checks its descriptors at once, and again as it waits on the
/// timeline (see ``TimelineWaits`` for when a timeout elapses): descriptors that become ready
/// first make it return as the real call would, with the same count and the same results
/// written; a timeout that elapses on the timeline first makes it return 0, as timed out. A wait
/// with no timeout (for ever) or a zero one (a check) is the real call, and so is one the real
/// function refuses: it refuses it at once.
enum VirtualTimeouts {
    typealias Poll = @convention(c) (UnsafeMutablePointer<pollfd>?, nfds_t, Int32) -> Int32
    typealias PPoll = @convention(c) (UnsafeMutablePointer<pollfd>?, nfds_t, UnsafePointer<timespec>?, UnsafeRawPointer?) -> Int32
    typealias Select = @convention(c) (
        Int32, UnsafeMutablePointer<fd_set>?, UnsafeMutablePointer<fd_set>?, UnsafeMutablePointer<fd_set>?, UnsafeMutablePointer<timeval>?
    ) -> Int32
    /// `epoll_wait`: the events are only passed on, so a raw pointer stands for `epoll_event *`.
    typealias EpollWait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32

    /// The functions, by name.
    static let symbols = ["poll", "ppoll", "select", "epoll_wait"]

    /// A `timeval` in nanoseconds, or nil for one the real `select` refuses with `EINVAL`.
    private static func nanoseconds(_ time: timeval) -> Int64? {
        VirtualSleeps.nanoseconds(timespec(tv_sec: time.tv_sec, tv_nsec: time.tv_usec < 1_000_000 ? Int(time.tv_usec) * 1000 : -1))
    }

    /// Rebinds `symbol` in `scope` to a mock of `mockery` whose timeout elapses on `timeline`.
    /// A timeout nothing elapsed is reported at `site`.
    static func rebind(
        _ symbol: String, in scope: InterpositionScope, of mockery: Mockery, to timeline: Timeline, waits: TimelineWaits, site: SourceSite
    ) throws(InterpositionError) {
        let on = Waiting(timeline: timeline, waits: waits, site: site)
        switch symbol {
        case "poll":
            let mock = try mockery.interposition(symbol, as: Poll.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any(), any())).with { (fds: UnsafeMutablePointer<pollfd>?, count: nfds_t, milliseconds: Int32) -> Int32 in
                guard milliseconds > 0 else { return real(fds, count, milliseconds) }
                return on.wait(Int64(milliseconds) * 1_000_000, call: "poll(fds, \(count), \(milliseconds))") { real(fds, count, 0) }
                    ?? real(fds, count, milliseconds)
            }
        case "ppoll":
            let mock = try mockery.interposition(symbol, as: PPoll.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any(), any(), any())).with {
                (fds: UnsafeMutablePointer<pollfd>?, count: nfds_t, timeout: UnsafePointer<timespec>?, mask: UnsafeRawPointer?) -> Int32 in
                guard let timeout, let nanoseconds = VirtualSleeps.nanoseconds(timeout.pointee), nanoseconds > 0 else { return real(fds, count, timeout, mask) }
                var check = timespec()
                return on.wait(nanoseconds, call: "ppoll(fds, \(count), {\(timeout.pointee.tv_sec) s, \(timeout.pointee.tv_nsec) ns}, mask)") {
                    real(fds, count, &check, mask)
                } ?? real(fds, count, timeout, mask)
            }
        case "select":
            let mock = try mockery.interposition(symbol, as: Select.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any(), any(), any(), any())).with {
                (count: Int32, read: UnsafeMutablePointer<fd_set>?, write: UnsafeMutablePointer<fd_set>?, failed: UnsafeMutablePointer<fd_set>?,
                    timeout: UnsafeMutablePointer<timeval>?) -> Int32 in
                guard let timeout, let nanoseconds = nanoseconds(timeout.pointee), nanoseconds > 0 else {
                    return real(count, read, write, failed, timeout)
                }
                // A check that finds nothing ready clears the sets: each check starts from the caller's.
                let asked = (read?.pointee, write?.pointee, failed?.pointee)
                let armedAt = on.timeline.elapsed
                let call = "select(\(count), …, {\(timeout.pointee.tv_sec) s, \(timeout.pointee.tv_usec) µs})"
                guard let ready = on.wait(nanoseconds, call: call, check: {
                    if let set = asked.0 { read?.pointee = set }
                    if let set = asked.1 { write?.pointee = set }
                    if let set = asked.2 { failed?.pointee = set }
                    var check = timeval()
                    return real(count, read, write, failed, &check)
                }) else { return real(count, read, write, failed, timeout) }
                // Linux writes back the time left: none once it timed out.
                let left = ready > 0 ? max(0, nanoseconds - (on.timeline.elapsed - armedAt)) : 0
                timeout.pointee = timeval(tv_sec: time_t(left / 1_000_000_000), tv_usec: suseconds_t(left % 1_000_000_000 / 1000))
                return ready
            }
        default:
            let mock = try mockery.interposition(symbol, as: EpollWait.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any(), any(), any())).with { (poller: Int32, events: UnsafeMutableRawPointer?, most: Int32, milliseconds: Int32) -> Int32 in
                guard milliseconds > 0 else { return real(poller, events, most, milliseconds) }
                return on.wait(Int64(milliseconds) * 1_000_000, call: "epoll_wait(\(poller), events, \(most), \(milliseconds))") {
                    real(poller, events, most, 0)
                } ?? real(poller, events, most, milliseconds)
            }
        }
    }

    /// A timeline and its waits, as the rebound functions wait on them.
    private struct Waiting: Sendable {
        let timeline: Timeline
        let waits: TimelineWaits
        let site: SourceSite

        /// Waits up to `nanoseconds` on the timeline for `check`, a real call that does not
        /// block, to find something ready or fail. Returns what it returned, 0 once the timeout
        /// elapsed, or nil for a deadline the timeline cannot reach, which the caller then
        /// waits for in real time as the real call would.
        func wait(_ nanoseconds: Int64, call: String, check: () -> Int32) -> Int32? {
            let first = check()
            guard first == 0 else { return first }
            let (deadline, overflow) = timeline.elapsed.addingReportingOverflow(nanoseconds)
            guard !overflow, timeline.canReach(deadline) else { return nil }
            var found: Int32 = 0
            let (outcome, wait) = waits.wait(until: deadline, call: call) {
                found = check()
                return found != 0
            }
            if case .abandoned = outcome {
                FailureReporter.report(ImpostorFailure(message: FailureMessages.sleepNeverWoken(VirtualSleeps.describe(wait), limit: waits.abandonAfter), site: site))
            }
            return found
        }
    }
}
