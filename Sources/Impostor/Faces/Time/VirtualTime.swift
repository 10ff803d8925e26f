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
/// passed to the code under test. The timeline moves only when the test advances it.
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

    let timeline: Timeline
    /// The Mockery that owns the rebound clocks, released (the clocks put back) when the
    /// scope ends, even if the timeline object lives on.
    private let clocks: Locked<Mockery?>

    init(timeline: Timeline, clocks: Mockery) {
        self.timeline = timeline
        self.clocks = Locked(clocks)
    }

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
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, timeline.advance(by: scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue) else {
            return FailureReporter.report(ImpostorFailure(message: FailureMessages.advancePastTheEnd(duration), site: site))
        }
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

    /// Puts the real clocks back. Idempotent.
    func end() {
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
///   - fileID: where failures are reported; leave the default.
///   - filePath: where failures are reported; leave the default.
///   - line: where failures are reported; leave the default.
///   - column: where failures are reported; leave the default.
///   - body: the test's code, given the timeline to advance.
///
/// A timeline inside another is reported at this line, and `body` runs on the outer one. A
/// library that is not loaded or reads no clock through its GOT, and an executable whose calls
/// a sanitizer's interceptor takes before any slot, are reported at this line; the other
/// clocks follow all the same.
@discardableResult
public func withVirtualTime<R>(
    startingAt start: Date = Date(timeIntervalSince1970: 1_700_000_000), in libraries: [String] = [], executable: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (VirtualTime) throws -> R
) rethrows -> R {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let outer = VirtualTime.scoped {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.virtualTimeInsideVirtualTime, site: site))
        return try body(outer)
    }
    let time = VirtualClocks.begin(at: start, libraries: libraries, executable: executable, site: site)
    defer { time.end() }
    return try VirtualTime.$scoped.withValue(time) { try body(time) }
}

/// Runs `body` on a virtual timeline that starts at `start`, across suspension points: see
/// ``VirtualTime``.
///
/// The same as the synchronous form, for `async` code: the tasks `body` starts (child tasks,
/// `Task { }` inside it) follow the timeline too.
@discardableResult
public func withVirtualTime<R>(
    startingAt start: Date = Date(timeIntervalSince1970: 1_700_000_000), in libraries: [String] = [], executable: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ body: (VirtualTime) async throws -> R
) async rethrows -> R {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let outer = VirtualTime.scoped {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.virtualTimeInsideVirtualTime, site: site))
        return try await body(outer)
    }
    let time = VirtualClocks.begin(at: start, libraries: libraries, executable: executable, site: site)
    defer { time.end() }
    return try await VirtualTime.$scoped.withValue(time) { try await body(time) }
}
