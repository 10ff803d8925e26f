import CImpostorTestSupport
import CSQLite3
import Foundation
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Virtual time: `Date()`, Swift's clocks and C's clock functions read one timeline per test,
/// with no clock passed in, and only the test's own calls follow it.
@Suite struct VirtualTimeTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Whether the test executable's own clock calls (the C target's) can follow: not when a
    /// sanitizer's interceptor takes them before any slot.
    static let executableFollows = !timelineFunctions.contains(where: InterpositionTestSupport.sanitizerIntercepts)

    /// The functions that follow a timeline: the clocks, the sleeps, then the descriptor waits.
    static let timelineFunctions = [
        "clock_gettime", "gettimeofday", "time", "nanosleep", "clock_nanosleep", "usleep", "sleep", "poll", "ppoll", "select", "epoll_wait",
    ]

    /// Nanoseconds of an instant of one of Swift's clocks since that clock's zero.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    static func nanoseconds(_ instant: ContinuousClock.Instant) -> Int64 {
        nanoseconds(unsafeBitCast(instant, to: Duration.self))
    }

    static func nanoseconds(_ instant: SuspendingClock.Instant) -> Int64 {
        nanoseconds(unsafeBitCast(instant, to: Duration.self))
    }

    /// Runs `body` in `withVirtualTime(executable:)` as the process allows, checking that a
    /// sanitizer's refusal, and nothing else, was reported.
    static func onTimeline(_ body: (VirtualTime) -> Void) {
        let failures = captureFailures { withVirtualTime(startingAt: start, executable: executableFollows, body) }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func dateAndSwiftsClocksFollowTheTimeline() {
        Self.onTimeline { time in
            #expect(Date() == Self.start)
            #expect(time.now == Self.start)
            let continuous = ContinuousClock.now
            let suspending = SuspendingClock.now
            #expect(ContinuousClock.now == continuous, "no real time passes on the timeline")
            time.advance(by: .seconds(90))
            #expect(Date() == Self.start.addingTimeInterval(90))
            #expect(ContinuousClock.now - continuous == .seconds(90))
            #expect(SuspendingClock.now - suspending == .seconds(90))
            time.advance(by: .milliseconds(1500))
            #expect(Date() == Self.start.addingTimeInterval(91.5))
            #expect(time.elapsed == .milliseconds(91_500))
        }
    }

    @Test func cClocksAgreeWithSwiftsToTheNanosecond() {
        Self.onTimeline { time in
            time.advance(by: .nanoseconds(123_456_789))
            let continuous = Self.nanoseconds(ContinuousClock.now)
            let suspending = Self.nanoseconds(SuspendingClock.now)
            time.advance(by: .seconds(7))
            #expect(Self.nanoseconds(ContinuousClock.now) - continuous == 7_000_000_000)
            #expect(Self.nanoseconds(SuspendingClock.now) - suspending == 7_000_000_000)
            // A Date holds a Double: at this instant, a quarter of a microsecond is as close as it comes.
            #expect(abs(Date().timeIntervalSince1970 - 1_700_000_007.123456789) < 1e-6)
            guard Self.executableFollows else { return }
            #expect(vt_clock_nanoseconds(CLOCK_REALTIME) == 1_700_000_007_123_456_789)
            #expect(vt_clock_nanoseconds(CLOCK_REALTIME_COARSE) == 1_700_000_007_123_456_789)
            #expect(vt_clock_nanoseconds(CLOCK_BOOTTIME) == Self.nanoseconds(ContinuousClock.now))
            // Swift's suspending clock is C's MONOTONIC (or MONOTONIC_RAW): each moves by the same.
            let monotonic = vt_clock_nanoseconds(CLOCK_MONOTONIC)
            let raw = vt_clock_nanoseconds(CLOCK_MONOTONIC_RAW)
            time.advance(by: .microseconds(5))
            #expect(vt_clock_nanoseconds(CLOCK_MONOTONIC) - monotonic == 5_000)
            #expect(vt_clock_nanoseconds(CLOCK_MONOTONIC_RAW) - raw == 5_000)
            #expect(vt_timeofday_microseconds() == 1_700_000_007_123_461)
            var stored: Int64 = 0
            #expect(vt_time_seconds(&stored) == 1_700_000_007)
            #expect(stored == 1_700_000_007)
        }
    }

    @Test func theCPUTimeClocksStayReal() {
        Self.onTimeline { time in
            guard Self.executableFollows else { return }
            let before = vt_clock_nanoseconds(CLOCK_PROCESS_CPUTIME_ID)
            time.advance(by: .seconds(3600))
            let after = vt_clock_nanoseconds(CLOCK_PROCESS_CPUTIME_ID)
            #expect(before > 0 && after >= before && after - before < 3_600_000_000_000)
        }
    }

    @Test func advancingToAnInstantMovesEveryClock() {
        Self.onTimeline { time in
            let continuous = ContinuousClock.now
            time.advance(to: Self.start.addingTimeInterval(3600))
            #expect(Date() == Self.start.addingTimeInterval(3600))
            #expect(ContinuousClock.now - continuous == .seconds(3600))
            time.advance(to: time.now)
            #expect(time.elapsed == .seconds(3600), "advancing to now moves nothing")
        }
    }

    /// Setting the wall clock moves `Date()` and C's wall clocks only, as a person changing the
    /// system time would; the monotonic clocks and the timeline's elapsed time stay, and every
    /// clock moves on together from there.
    @Test func settingTheWallClockMovesOnlyTheWallClocks() {
        Self.onTimeline { time in
            time.advance(by: .seconds(10))
            let continuous = ContinuousClock.now
            let suspending = SuspendingClock.now
            let monotonic = vt_clock_nanoseconds(CLOCK_MONOTONIC)
            let newYear = Date(timeIntervalSince1970: 1_893_456_000)   // 2030-01-01
            time.setWallClock(to: newYear)
            #expect(Date() == newYear)
            #expect(time.now == newYear)
            #expect(ContinuousClock.now == continuous)
            #expect(SuspendingClock.now == suspending)
            #expect(time.elapsed == .seconds(10))
            time.advance(by: .milliseconds(1_500))
            #expect(Date() == newYear.addingTimeInterval(1.5))
            #expect(ContinuousClock.now - continuous == .milliseconds(1_500))
            time.advance(to: newYear.addingTimeInterval(60))
            #expect(time.elapsed == .seconds(70), "advance(to:) reads the wall clock as set")
            time.setWallClock(to: Self.start)
            #expect(Date() == Self.start, "and it may go back")
            #expect(time.elapsed == .seconds(70))
            guard Self.executableFollows else { return }
            #expect(vt_clock_nanoseconds(CLOCK_REALTIME) == 1_700_000_000_000_000_000)
            #expect(vt_clock_nanoseconds(CLOCK_REALTIME_COARSE) == 1_700_000_000_000_000_000)
            #expect(vt_timeofday_microseconds() == 1_700_000_000_000_000)
            #expect(vt_clock_nanoseconds(CLOCK_MONOTONIC) - monotonic == 60_000_000_000)
        }
    }

    @Test func theRealClocksComeBackWhenTheScopeEnds() {
        let kept = withVirtualTime(executable: Self.executableFollows) { time in
            time.advance(by: .seconds(1))
            return time
        }
        #expect(abs(Date().timeIntervalSinceNow) < 1)
        #expect(Date().timeIntervalSince1970 > 1_700_000_001 + 86_400)
        #expect(VirtualTime.current == nil)
        #expect(kept.elapsed == .seconds(1), "the timeline object still answers")
        if Self.executableFollows {
            #expect(vt_clock_nanoseconds(CLOCK_REALTIME) / 1_000_000_000 > 1_700_000_001 + 86_400)
        }
    }

    @Test func onlyTheTestsOwnCallsFollow() {
        let claiming = Mockery("claiming")
        Self.onTimeline { _ in
            // A POSIX thread no test claims, as a test running beside this one would have.
            let unclaimed = onNewThread { String(Date().timeIntervalSince1970) }.flatMap(Double.init) ?? 0
            #expect(unclaimed > Self.start.timeIntervalSince1970 + 86_400, "a thread of no test reads the real clock")
            // One the test claims through its Mockery is the test's.
            let claimed = onNewThread { claiming.withCurrent { String(Date().timeIntervalSince1970) } }.flatMap(Double.init)
            #expect(claimed == Self.start.timeIntervalSince1970)
            #expect(Date() == Self.start)
        }
    }

    @Test func misuseIsReportedAtItsLineAndMovesNothing() {
        var lines: [Int] = []
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start, executable: Self.executableFollows) { time in
                lines.append(#line + 1)
                time.advance(by: .seconds(-1))
                lines.append(#line + 1)
                time.advance(to: Self.start.addingTimeInterval(-60))
                lines.append(#line + 1)
                withVirtualTime { inner in
                    #expect(inner === time, "the body runs on the outer timeline")
                }
                lines.append(#line + 1)
                time.advance(by: .seconds(Int64.max))
                lines.append(#line + 1)
                time.setWallClock(to: .distantFuture)
                #expect(time.elapsed == .zero, "nothing moved")
                #expect(Date() == Self.start)
            }
            lines.append(#line + 1)
            withVirtualTime(in: ["libnotloaded"], executable: Self.executableFollows) { _ in }
            lines.append(#line + 1)
            withVirtualTime(in: ["libffi"], executable: Self.executableFollows) { _ in }
            lines.append(#line + 1)
            withVirtualTime(startingAt: .distantFuture, executable: Self.executableFollows) { time in
                #expect(time.now == Self.start, "the default start instead")
                #expect(Date() == Self.start)
            }
        }
        #expect(failures.map(\.message) == [
            "advance(by:) was given a negative duration (-1.0 seconds): a timeline only goes forward. "
                + "Give zero or more; the clocks did not move.",
            "advance(to: 2023-11-14 22:12:20 +0000) asks for an instant before the timeline's (2023-11-14 22:13:20 +0000): "
                + "a timeline only goes forward. The clocks did not move.",
            "withVirtualTime was called inside another withVirtualTime: a test has one timeline. "
                + "The body ran on the outer timeline; advance that one instead.",
            "advance(by: 9.223372036854776e+18 seconds) would carry the clocks past the last instant C's timespec holds "
                + "(year 292,277,026,596); the clocks did not move.",
            "setWallClock(to: 4001-01-01 00:00:00 +0000) is outside what a timeline holds (the years 1677 to 2262: nanoseconds "
                + "since 1970 in 64 bits, as C's clocks count them); the wall clock did not move.",
            "withVirtualTime(in: [\"libnotloaded\"]): no loaded library is named libnotloaded, so none of its clock reads "
                + "can follow the timeline. Load it first (link it, or call it once), or check the name (\"libsqlite3\" "
                + "selects libsqlite3.so.0). The other clocks follow the timeline.",
            "withVirtualTime(in: [\"libffi\"]): libffi calls none of clock_gettime, gettimeofday, time, nanosleep, clock_nanosleep, usleep, sleep, poll, ppoll, select, epoll_wait through its GOT, "
                + "so nothing in it can follow the timeline (it may read the clock with a system call of its own, or "
                + "through another library: name that one). The other clocks follow the timeline.",
            "withVirtualTime(startingAt: 4001-01-01 00:00:00 +0000) is outside what a timeline holds (the years 1677 to "
                + "2262: nanoseconds since 1970 in 64 bits, as C's clocks count them); it starts at 2023-11-14 22:13:20 +0000 instead.",
        ])
        #expect(failures.map(\.site.line) == lines)
    }

    /// Under a sanitizer whose interceptor takes the executable's clock calls, the test's own C
    /// targets cannot follow: said at the line, while `Date()` and the libraries still follow.
    @Test func anExecutableThatCannotFollowIsReported() {
        let line = #line + 1
        let failures = captureFailures { withVirtualTime(startingAt: Self.start) { _ in #expect(Date() == Self.start) } }
        guard let sanitizer = Self.timelineFunctions.lazy.compactMap(InterpositionTestSupport.sanitizerInExecutable(intercepting:)).first else {
            return #expect(failures.isEmpty, "\(failures.map(\.message))")
        }
        let symbols = Self.timelineFunctions
        let unreached = symbols.filter(InterpositionTestSupport.sanitizerIntercepts)
        let following = symbols.filter { !unreached.contains($0) }
        let rest = following.isEmpty ? "" : "; its calls of \(following.joined(separator: ", ")) follow the timeline"
        #expect(failures.map(\.message) == [
            "withVirtualTime: \(sanitizer)'s interceptors take the test executable's calls of \(unreached.joined(separator: ", ")) "
                + "before any GOT slot, so the test's own C targets call those in real time\(rest). Date(), ContinuousClock, "
                + "SuspendingClock and the libraries named follow the timeline. Pass executable: false to say that is enough, "
                + "or run the test without the sanitizer."
        ])
        #expect(failures.map(\.site.line) == [line])
    }

    @Test func asyncCodeAndTheTasksItStartsFollow() async {
        let failures = await captureFailures {
            await withVirtualTime(startingAt: Self.start, executable: Self.executableFollows) { time in
                time.advance(by: .seconds(10))
                let seen = await Task { Date() }.value
                #expect(seen == Self.start.addingTimeInterval(10))
                async let other = Task.detached { Date() }.value
                #expect(await other > Self.start.addingTimeInterval(86_400), "a detached task is not the test's")
                #expect(VirtualTime.current === time)
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    /// SQLite reads the wall clock itself (`gettimeofday`) for `'now'`: naming the library
    /// makes it follow.
    @Test func aCLibraryNamedFollows() throws {
        var db: OpaquePointer?
        #expect(sqlite3_open(":memory:", &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        func now() -> Int64 {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, "SELECT CAST(strftime('%s', 'now') AS INTEGER)", -1, &statement, nil) == SQLITE_OK else { return -1 }
            defer { sqlite3_finalize(statement) }
            return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : -1
        }
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start, in: ["libsqlite3"], executable: Self.executableFollows) { time in
                #expect(now() == 1_700_000_000)
                time.advance(by: .seconds(86_400))
                #expect(now() == 1_700_086_400)
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(now() > 1_700_086_400)
    }
}
