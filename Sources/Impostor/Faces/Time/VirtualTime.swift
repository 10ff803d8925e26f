import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One test's virtual timeline: while `withVirtualTime { }`
/// runs, `Date()`, `ContinuousClock.now`, `SuspendingClock.now` and C's `clock_gettime`,
/// `gettimeofday` and `time` read the timeline instead of the real clock, with no clock
/// passed to the code under test; `Task.sleep`, `Thread.sleep` and C's `nanosleep`,
/// `clock_nanosleep`, `usleep` and `sleep` wait on it, and the timeouts of C's `poll`, `ppoll`,
/// `select` and `epoll_wait` elapse on it. The timeline moves when the test advances
/// it and, unless the test says ``Advancing/manually``, by itself to the next deadline when the
/// code sleeps.
///
/// ```swift
/// @Test func aSessionExpiresAfterAnHour() {
///     withVirtualTime { time in
///         let session = Session(validFor: 3600)   // reads Date()
///         time.advance(by: .seconds(3599))
///         #expect(!session.isExpired)
///         time.advance(by: .seconds(1))
///         #expect(session.isExpired)
///     }
/// }
/// ```
///
/// Only the calls of the test that began the timeline follow it (its task and the tasks it
/// starts, its thread, threads claimed by its Mockery's `withCurrent`): tests running
/// beside it, Swift Testing and XCTest themselves (their time limits and durations), and
/// Impostor keep reading the real clock. See <doc:UsingVirtualTime> for what follows and what
/// does not.
public final class VirtualTime: Sendable {
    @TaskLocal static var scoped: VirtualTime?

    /// The timeline of the `withVirtualTime` scope running on this task, or nil.
    public static var current: VirtualTime? { scoped }

    /// When a timeline moves besides the test's own advances.
    public enum Advancing: Sendable {
        /// A C sleep with no earlier sleep armed beside it moves the timeline to its deadline and
        /// returns at once; a sleeping task's timer fires once nothing new has been armed for
        /// 2 ms of real time. Sleeps wake in deadline order among those armed.
        case automatically
        /// Only ``VirtualTime/advance(by:fileID:filePath:line:column:)`` and its kin move the
        /// timeline; a sleep waits (in real time, up to 10 seconds) until an advance reaches its
        /// deadline. For code that sleeps on a thread of its own while the test drives time.
        case manually
    }

    /// A sleep armed on the timeline and not yet woken, or a descriptor wait's timeout
    /// (`poll(fds, 1, 30000)`) not yet elapsed.
    public struct Sleep: Sendable, CustomStringConvertible {
        /// The call that armed it, with its argument: `usleep(1000000)`.
        public let call: String
        /// When it was armed, as time since the timeline began.
        public let armedAt: Duration
        /// When it is due, as time since the timeline began.
        public let deadline: Duration
        /// The sleeping thread (`pthread_self()`).
        public let thread: UInt

        /// `usleep(1000000) on thread 0x…, armed at +0.000 s, due at +1.000 s`.
        public var description: String { VirtualSleeps.describe(wait) }

        let wait: TimelineWaits.Wait

        init(_ wait: TimelineWaits.Wait) {
            self.wait = wait
            call = wait.call
            armedAt = .nanoseconds(wait.armedAt)
            deadline = .nanoseconds(wait.deadline)
            thread = wait.thread
        }
    }

    let timeline: Timeline
    let waits: TimelineWaits
    /// The Mockery that owns the rebound clocks, released (the clocks put back) when the
    /// scope ends, even if the timeline object lives on.
    private let clocks: Locked<Mockery?>
    /// Where the scope began: sleeps left waiting at its end are reported there.
    private let site: SourceSite

    init(timeline: Timeline, waits: TimelineWaits, clocks: Mockery, site: SourceSite) {
        self.timeline = timeline
        self.waits = waits
        self.clocks = Locked(clocks)
        self.site = site
    }

    /// The sleeps armed now and not yet woken, in the order they will wake: deadline order,
    /// ties in the order they were armed.
    public var pending: [Sleep] { waits.pending.map(Sleep.init) }

    /// How far the timeline has advanced since it began.
    public var elapsed: Duration { .nanoseconds(timeline.elapsed) }

    /// The wall-clock instant on the timeline: what `Date()` returns inside the scope.
    public var now: Date {
        let wall = timeline.wallClock
        return Date(timeIntervalSince1970: Double(wall / 1_000_000_000) + Double(wall % 1_000_000_000) / 1e9)
    }

    /// Moves every clock that follows the timeline forward by `duration`.
    ///
    /// A negative duration, or one that would carry a clock past the largest instant C's
    /// `timespec` holds, is reported at this line and moves nothing.
    public func advance(by duration: Duration, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard duration >= .zero else {
            return FailureReporter.report(ImpostorFailure(message: FailureMessages.negativeAdvance(duration), site: site))
        }
        let (target, overflow) = timeline.elapsed.addingReportingOverflow(duration.nanoseconds)
        guard !overflow, timeline.canReach(target) else {
            return FailureReporter.report(ImpostorFailure(message: FailureMessages.advancePastTheEnd(duration), site: site))
        }
        waits.advance(toElapsed: target)
    }

    /// Moves the timeline to the deadline of the first sleep armed on it and wakes that sleep
    /// (and any due at the same instant). Returns the sleeps woken; none, and nothing moves,
    /// when no sleep is armed.
    ///
    /// Sinon's and Jest's `next()`: for code that sleeps on a thread of its own on a timeline
    /// advanced ``Advancing/manually``.
    @discardableResult
    public func advanceToNextSleep() -> [Sleep] {
        guard let first = waits.pending.first else { return [] }
        let due = waits.pending.filter { $0.deadline == first.deadline }
        waits.advance(toElapsed: first.deadline)
        return due.map(Sleep.init)
    }

    /// Sets the wall clock to `instant`, as a person changing the system time would: `Date()`,
    /// `CLOCK_REALTIME` and its kin, `gettimeofday` and `time` read it from now on and move on
    /// from it with the timeline, while `ContinuousClock`, `SuspendingClock` and the monotonic
    /// clocks do not move, and ``elapsed`` stays. It may go back as well as forward.
    ///
    /// A C sleep until a wall-clock instant (`clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME,
    /// …)`) wakes once the wall clock reaches that instant, at once if this moved it past; every
    /// other sleep and timer keeps its deadline. An instant outside the years 1677 to 2262 is
    /// reported at this line and changes nothing.
    public func setWallClock(to instant: Date, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        let since1970 = instant.timeIntervalSince1970
        let seconds = since1970.rounded(.down)
        guard abs(since1970) < 9e9, timeline.setWallClock(
            to: Int64(seconds) * 1_000_000_000 + Int64(((since1970 - seconds) * 1e9).rounded()))
        else {
            let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
            return FailureReporter.report(ImpostorFailure(message: FailureMessages.wallClockOutOfRange(instant.description), site: site))
        }
        waits.wallClockMoved()
    }

    /// Moves every clock forward until the wall clock reads `instant`.
    ///
    /// An instant before ``now`` is reported at this line and moves nothing: the timeline,
    /// like time, only goes forward.
    public func advance(to instant: Date, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        let target = (instant.timeIntervalSince1970 * 1e9).rounded()
        let gap = target - Double(timeline.wallClock)
        guard gap >= 0 else {
            let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
            return FailureReporter.report(ImpostorFailure(
                message: FailureMessages.advanceIntoThePast(to: instant.description, now: now.description), site: site))
        }
        advance(by: gap < 9.2e18 ? .nanoseconds(Int64(gap)) : .seconds(Int64.max), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Wakes the sleeps still waiting, reports them, and puts the real clocks back. Idempotent.
    func end() {
        let left = waits.end()
        for timer in waits.takeAbandoned() {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.sleepNeverWoken(VirtualSleeps.describe(timer), limit: waits.abandonAfter), site: site))
        }
        if !left.isEmpty {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.sleepsLeftWaiting(left.map(VirtualSleeps.describe)), site: site))
        }
        let mockery = clocks.withLock { mockery in
            defer { mockery = nil }
            return mockery
        }
        // Released here, outside the lock: its interpositions are removed as it goes.
        withExtendedLifetime(mockery) {}
    }
}

/// Runs `body` on a virtual timeline that starts at `start`: see ``VirtualTime``.
///
/// - Parameters:
///   - start: the wall-clock instant the timeline starts at (`Date()` reads it first), by
///     default 2023-11-14 22:13:20 UTC, between the years 1677 and 2262. The monotonic clocks
///     start where the real ones stand, and every clock then moves together.
///   - libraries: C libraries whose own clock reads follow the timeline too, by name as for
///     ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``
///     (`["libsqlite3"]`). Foundation and the Swift runtime always follow.
///   - executable: whether calls the test executable makes itself (the test's own C targets,
///     linked into it) follow the timeline.
///   - advancing: whether a sleep moves the timeline to its deadline by itself
///     (``VirtualTime/Advancing/automatically``, the default) or waits for the test to advance
///     it (``VirtualTime/Advancing/manually``).
///   - fileID: where failures are reported; leave the default.
///   - filePath: where failures are reported; leave the default.
///   - line: where failures are reported; leave the default.
///   - column: where failures are reported; leave the default.
///   - body: the test's code, given the timeline to advance.
///
/// A timeline inside another is reported at this line, and `body` runs on the outer one, as is
/// a sleep still waiting when `body` returns (it returns at once). A
/// library that is not loaded or reads no clock through its GOT, and an executable whose calls
/// a sanitizer's interceptor takes before any slot, are reported at this line; the other
/// clocks follow all the same.
@discardableResult
public func withVirtualTime<R>(
    startingAt start: Date = Date(timeIntervalSince1970: 1_700_000_000), in libraries: [String] = [], executable: Bool = true,
    advancing: VirtualTime.Advancing = .automatically,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (VirtualTime) throws -> R
) rethrows -> R {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let outer = VirtualTime.scoped {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.virtualTimeInsideVirtualTime, site: site))
        return try body(outer)
    }
    // A case of a parameterized test is a test of its own to the timeline's clocks: cases run
    // in parallel, and one case's clock must not answer another's reads.
    return try TestIdentity.$testCase.withValue(TestIdentity.caseOfItsOwn() ?? TestIdentity.testCase) {
        let time = VirtualClocks.begin(
            at: start, libraries: libraries, executable: executable, automatic: advancing == .automatically, site: site)
        defer { time.end() }
        return try VirtualTime.$scoped.withValue(time) { try body(time) }
    }
}

/// Runs `body` on a virtual timeline that starts at `start`, across suspension points: see
/// ``VirtualTime``.
///
/// The same as the synchronous form, for `async` code: the tasks `body` starts (child tasks,
/// `Task { }` inside it) follow the timeline too.
@discardableResult
public func withVirtualTime<R>(
    startingAt start: Date = Date(timeIntervalSince1970: 1_700_000_000), in libraries: [String] = [], executable: Bool = true,
    advancing: VirtualTime.Advancing = .automatically,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (VirtualTime) async throws -> R
) async rethrows -> R {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let outer = VirtualTime.scoped {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.virtualTimeInsideVirtualTime, site: site))
        return try await body(outer)
    }
    // As in the synchronous form: a parameterized test's case has a timeline of its own.
    return try await TestIdentity.$testCase.withValue(TestIdentity.caseOfItsOwn() ?? TestIdentity.testCase) {
        let time = VirtualClocks.begin(
            at: start, libraries: libraries, executable: executable, automatic: advancing == .automatically, site: site)
        defer { time.end() }
        return try await VirtualTime.$scoped.withValue(time) { try await body(time) }
    }
}
