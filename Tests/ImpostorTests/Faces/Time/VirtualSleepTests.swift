import CImpostorTestSupport
import CSQLite3
import Foundation
@testable import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Sleeps on a virtual timeline: C's `nanosleep`, `clock_nanosleep`, `usleep` and `sleep` wait on
/// the test's timeline instead of in real time, automatically (a sleep moves the timeline to its
/// deadline) or manually (the test's advance wakes them, in deadline order).
@Suite struct VirtualSleepTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Whether the test executable's own sleeps (the C target's) can follow: not when a
    /// sanitizer's interceptor takes them before any slot.
    static let executableSleepsFollow = !["nanosleep", "clock_nanosleep", "usleep", "sleep"]
        .contains(where: InterpositionTestSupport.sanitizerIntercepts)

    /// Runs `body` on a timeline that the test executable's sleeps follow, and checks that
    /// nothing but a sanitizer's refusal of the executable's clocks was reported.
    /// A manual timeline waits longer than its default 10 s for an advance: on a loaded machine
    /// the sleepers of these tests can take that long to arm.
    static func onTimeline(advancing: VirtualTime.Advancing = .automatically, _ body: (VirtualTime) -> Void) {
        let failures = captureFailures {
            VirtualClocks.$manualWaitLimit.withValue(.seconds(300)) { withVirtualTime(startingAt: start, advancing: advancing, body) }
        }
        #expect(failures.allSatisfy { $0.message.hasPrefix("withVirtualTime: ") }, "\(failures.map(\.message))")
    }

    @Test(.enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aThousandOneSecondSleepsFromCEndAtOnceAThousandSecondsLater() {
        Self.onTimeline { time in
            #expect(vt_usleep_loop(1000, 1_000_000) == 0)
            #expect(time.elapsed == .seconds(1000))
            #expect(Date() == Self.start.addingTimeInterval(1000))
            #expect(time.pending.isEmpty)
        }
    }

    @Test(.enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func eachSleepFunctionWaitsItsOwnLength() {
        Self.onTimeline { time in
            var error: Int32 = -1
            #expect(vt_nanosleep(1, 500_000_000, &error) == 0 && error == 0)
            #expect(time.elapsed == .milliseconds(1500))
            #expect(vt_sleep(2) == 0)
            #expect(time.elapsed == .milliseconds(3500))
            #expect(vt_clock_nanosleep(CLOCK_MONOTONIC, 0, 0, 250_000_000) == 0)
            #expect(time.elapsed == .milliseconds(3750))
            // An absolute deadline on the wall clock: until the start plus ten seconds.
            #expect(vt_clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, 1_700_000_010, 0) == 0)
            #expect(time.elapsed == .seconds(10))
            #expect(Date() == Self.start.addingTimeInterval(10))
            // A deadline already passed returns at once and moves nothing.
            #expect(vt_clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, 1_700_000_005, 0) == 0)
            #expect(time.elapsed == .seconds(10))
            // What the real sleep refuses, it refuses: a nanosecond field of a whole second.
            #expect(vt_nanosleep(0, 1_000_000_000, &error) == -1 && error == EINVAL)
            #expect(vt_clock_nanosleep(CLOCK_MONOTONIC, 0, -1, 0) == EINVAL)
            // A CPU-time clock measures work: its sleep stays real, and the timeline stays.
            #expect(vt_clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, 0, 0, 1000) == 0)
            #expect(time.elapsed == .seconds(10))
        }
    }

    /// Foundation's `Thread.sleep` sleeps through `nanosleep` and measures what is left with the
    /// monotonic clock: both follow, whatever the executable can do.
    @Test func threadSleepFollowsTheTimeline() {
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start, executable: false) { time in
                // It reckons in floating point (Double seconds of two clocks) and may finish with
                // a zero sleep that moves the timeline by a nanosecond: exact to within that.
                Thread.sleep(forTimeInterval: 3600)
                #expect(time.elapsed - .seconds(3600) < .microseconds(1))
                #expect(time.elapsed >= .seconds(3600))
                Thread.sleep(until: Self.start.addingTimeInterval(7200.5))
                #expect(time.elapsed - .milliseconds(7_200_500) < .microseconds(1))
                #expect(time.elapsed >= .milliseconds(7_200_500))
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    /// A zero sleep moves an automatic timeline by a nanosecond, so that a loop that sleeps
    /// until the clock passes an instant ends; a manual timeline does not move by itself.
    @Test(.enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aZeroSleepMovesAnAutomaticTimelineByANanosecond() {
        var error: Int32 = -1
        Self.onTimeline { time in
            #expect(vt_nanosleep(0, 0, &error) == 0)
            #expect(time.elapsed == .nanoseconds(1))
            #expect(vt_usleep_loop(1, 0) == 0)
            #expect(time.elapsed == .nanoseconds(2))
            // Read with Swift's clock, which follows even where a sanitizer takes the executable's.
            let target = SuspendingClock.now + .nanoseconds(5)
            var sleeps = 0
            while SuspendingClock.now < target && sleeps < 100 {
                _ = vt_nanosleep(0, 0, &error)
                sleeps += 1
            }
            #expect(sleeps == 5, "each zero sleep moved the clock a nanosecond")
        }
        Self.onTimeline(advancing: .manually) { time in
            #expect(vt_nanosleep(0, 0, &error) == 0)
            #expect(time.elapsed == .zero)
        }
    }

    /// SQLite's busy timeout sleeps through `usleep` until its 30 seconds are spent: against a
    /// database another connection holds locked, it gives up after exactly 30 virtual seconds.
    @Test func sqlitesBusyTimeoutElapsesOnTheTimeline() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("impostor-busy-\(UUID().uuidString).db").path
        defer { unlink(path) }
        var holder: OpaquePointer?
        var waiter: OpaquePointer?
        #expect(sqlite3_open(path, &holder) == SQLITE_OK)
        #expect(sqlite3_open(path, &waiter) == SQLITE_OK)
        defer {
            sqlite3_close(waiter)
            sqlite3_close(holder)
        }
        #expect(sqlite3_exec(holder, "CREATE TABLE t(x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)", nil, nil, nil) == SQLITE_OK)
        #expect(sqlite3_busy_timeout(waiter, 30_000) == SQLITE_OK)
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start, in: ["libsqlite3"], executable: false) { time in
                #expect(sqlite3_exec(waiter, "INSERT INTO t VALUES (2)", nil, nil, nil) == SQLITE_BUSY)
                #expect(time.elapsed == .seconds(30))
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    /// On a manually advanced timeline, sleeps on threads of the test wait for the test's
    /// advances and wake in deadline order, whatever order they were armed in.
    @Test(.mockery, .enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func manualAdvancesWakeSleepsInDeadlineOrder() {
        let mockery = Mockery.current
        let woken = Locked<[String]>([])
        Self.onTimeline(advancing: .manually) { time in
            let done = DispatchGroup()
            func sleeper(_ name: String, seconds: UInt32) {
                done.enter()
                Thread {
                    mockery.withCurrent { _ = vt_sleep(seconds) }
                    woken.withLock { $0.append(name) }
                    done.leave()
                }.start()
            }
            // Armed one at a time, so the order they were armed in is known.
            sleeper("three seconds", seconds: 3)
            #expect(RealWait.until { time.pending.count == 1 })
            sleeper("one second", seconds: 1)
            #expect(RealWait.until { time.pending.count == 2 })
            sleeper("two seconds", seconds: 2)
            #expect(RealWait.until { time.pending.count == 3 })
            #expect(time.pending.map(\.call) == ["sleep(1)", "sleep(2)", "sleep(3)"])
            #expect(time.pending.map(\.deadline) == [.seconds(1), .seconds(2), .seconds(3)])
            #expect(time.elapsed == .zero, "a manual timeline does not move by itself")

            #expect(time.advanceToNextSleep().map(\.call) == ["sleep(1)"])
            #expect(time.elapsed == .seconds(1))
            #expect(RealWait.until { woken.withLock { $0 } == ["one second"] })
            time.advance(by: .seconds(5))
            #expect(time.elapsed == .seconds(6))
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(woken.withLock { $0 } == ["one second", "two seconds", "three seconds"])
            #expect(time.pending.isEmpty)
            #expect(time.advanceToNextSleep().isEmpty, "nothing armed: nothing moves")
            #expect(time.elapsed == .seconds(6))
        }
    }

    /// A sleep until a wall-clock instant wakes when the test sets the wall clock past it, as
    /// the kernel's does when the system time changes; a sleep until a monotonic instant keeps
    /// its deadline.
    @Test(.mockery, .enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aWallClockSleepWakesWhenTheWallClockIsSetPastIt() {
        let mockery = Mockery.current
        let woken = Locked<[String]>([])
        Self.onTimeline(advancing: .manually) { time in
            let done = DispatchGroup()
            func sleeper(_ name: String, clock: clockid_t, until seconds: Int64) {
                done.enter()
                Thread {
                    mockery.withCurrent { _ = vt_clock_nanosleep(clock, TIMER_ABSTIME, seconds, 0) }
                    woken.withLock { $0.append(name) }
                    done.leave()
                }.start()
            }
            let start = Int64(Self.start.timeIntervalSince1970)
            sleeper("wall", clock: CLOCK_REALTIME, until: start + 3600)
            #expect(RealWait.until { time.pending.count == 1 })
            let monotonicNow = vt_clock_nanoseconds(CLOCK_MONOTONIC) / 1_000_000_000
            sleeper("monotonic", clock: CLOCK_MONOTONIC, until: monotonicNow + 60)
            #expect(RealWait.until { time.pending.count == 2 })
            #expect(time.pending.map(\.deadline).last == .seconds(3600))

            time.setWallClock(to: Self.start.addingTimeInterval(1800))
            #expect(time.pending.map(\.deadline).last == .seconds(1800), "half an hour left on the wall clock")
            time.setWallClock(to: Self.start.addingTimeInterval(7200))
            #expect(RealWait.until { woken.withLock { $0 } == ["wall"] }, "set past its instant, it woke")
            #expect(time.elapsed == .zero)
            #expect(time.pending.count == 1)
            time.advance(by: .seconds(60))
            #expect(done.wait(timeout: .now() + 60) == .success)
            #expect(woken.withLock { $0 } == ["wall", "monotonic"])
        }
    }

    /// A sleep still waiting when the scope ends returns at once, and the scope's line says so.
    @Test(.mockery, .enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aSleepLeftWaitingAtTheEndIsReportedAndReturns() {
        let mockery = Mockery.current
        let returned = DispatchSemaphore(value: 0)
        var thread: UInt = 0
        let line = #line + 2
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start, advancing: .manually) { time in
                Thread {
                    mockery.withCurrent { _ = vt_usleep_loop(1, 30_000_000) }
                    returned.signal()
                }.start()
                #expect(RealWait.until { time.pending.count == 1 })
                thread = time.pending.first?.thread ?? 0
            }
        }
        #expect(returned.wait(timeout: .now() + 5) == .success, "the sleep returned when the scope ended")
        let refusals = failures.filter { $0.message.hasPrefix("withVirtualTime: ") }
        #expect(failures.filter { !$0.message.hasPrefix("withVirtualTime: ") }.map(\.message) == [
            "A sleep was still waiting on the timeline when withVirtualTime ended, and returned at once: usleep(30000000) "
                + "on thread 0x\(String(thread, radix: 16)), armed at +0.000 s, due at +30.000 s. Advance the timeline past "
                + "their deadlines before the scope ends, or stop the code that sleeps."
        ])
        #expect(failures.map(\.site.line) == Array(repeating: line, count: refusals.count + 1))
    }

    /// A sleep on the test's own thread of a manually advanced timeline cannot be woken by the
    /// test: after its real-time limit it is reported and returns, the clocks unmoved.
    @Test(.enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aManualSleepNothingWakesIsReportedAfterItsLimit() {
        let line = #line + 2
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start, advancing: .manually) { time in
                _ = vt_sleep(1)
                #expect(time.elapsed == .zero)
                #expect(time.pending.isEmpty)
            }
        }
        let reports = failures.filter { !$0.message.hasPrefix("withVirtualTime: ") }
        #expect(reports.count == 1)
        #expect(reports.first?.message.hasPrefix(
            "A sleep waited 10.0 seconds of real time for the test to advance the timeline to its deadline, and nothing did: sleep(1) on thread 0x"
        ) == true, "\(reports.map(\.message))")
        #expect(reports.first?.message.hasSuffix(
            ", armed at +0.000 s, due at +1.000 s. The timeline is advanced manually, so only advance(by:), advance(to:) or "
                + "advanceToNextSleep() wake a sleep; a sleep on the test's own thread cannot be woken that way. It returned, "
                + "the clocks unmoved. Advance the timeline from the test, or let it advance automatically.") == true)
        #expect(reports.first?.site.line == line)
    }

    /// A sleep past the last instant a `timespec` holds is reported and returns at once.
    @Test(.enabled(if: executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aSleepPastTheEndOfTimeIsReported() {
        let line = #line + 2
        let failures = captureFailures {
            withVirtualTime(startingAt: Self.start) { time in
                #expect(vt_clock_nanosleep(CLOCK_MONOTONIC, 0, Int64.max / 1_000_000_000, 0) == 0)
                #expect(time.elapsed == .zero)
            }
        }
        let reports = failures.filter { !$0.message.hasPrefix("withVirtualTime: ") }
        #expect(reports.map(\.message) == [
            "clock_nanosleep(1, 0, {9223372036 s, 0 ns}) asks to sleep past the last instant C's timespec holds "
                + "(year 292,277,026,596); it returned at once and the clocks did not move."
        ])
        #expect(reports.map(\.site.line) == [line])
    }
}

/// Waits in real time from inside a timeline: libdispatch's clock and waits are its own, and
/// stay real, where the test's own `usleep` and clock reads follow the timeline.
enum RealWait {
    /// Polls `condition` every millisecond until it holds, for at most `seconds`; returns
    /// whether it held.
    static func until(seconds: Int = 60, _ condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now() + .seconds(seconds)
        let pause = DispatchSemaphore(value: 0)
        while !condition() {
            guard DispatchTime.now() < deadline else { return false }
            _ = pause.wait(timeout: .now() + .milliseconds(1))
        }
        return true
    }

    /// The same from async code, without holding a thread of the cooperative pool while it
    /// waits: the sleeping tasks it waits for may need that thread to run.
    static func until(seconds: Int = 60, _ condition: () -> Bool) async -> Bool {
        let deadline = DispatchTime.now() + .seconds(seconds)
        while !condition() {
            guard DispatchTime.now() < deadline else { return false }
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { resumed.resume() }
            }
        }
        return true
    }
}
