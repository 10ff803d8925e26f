import Foundation
@testable import Impostor
import Testing

/// `Task.sleep` on a virtual timeline: the Swift runtime's timer for a sleeping task is armed
/// on the test's timeline, and fires when the timeline reaches it: by itself once nothing new
/// is armed, or when the test advances a manual timeline.
@Suite struct VirtualTaskSleepTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    struct GaveUp: Error {
        let attempts: Int
    }

    /// A retry loop as apps write it: exponential backoff with `Task.sleep`, and a deadline read
    /// from `ContinuousClock`. Returns the attempt that succeeded.
    static func withBackoff(until deadline: Duration, _ attempt: (Int) -> Bool) async throws -> Int {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var delay = Duration.seconds(1)
        for tries in 1... {
            if attempt(tries) { return tries }
            guard clock.now + delay <= end else { throw GaveUp(attempts: tries) }
            try await Task.sleep(for: delay)
            delay *= 2
        }
        fatalError("unreachable")
    }

    /// Runs `body` on an async timeline and checks that nothing was reported.
    static func onTimeline(advancing: VirtualTime.Advancing = .automatically, _ body: (VirtualTime) async throws -> Void) async throws {
        var thrown: (any Error)?
        let failures = await captureFailures {
            do {
                // A manual timeline waits longer than its default 10 s for an advance: on a loaded
                // machine the tasks of these tests can take that long to be scheduled and sleep.
                try await VirtualClocks.$manualWaitLimit.withValue(.seconds(300)) {
                    try await withVirtualTime(startingAt: start, executable: false, advancing: advancing) { time in try await body(time) }
                }
            } catch {
                thrown = error
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        if let thrown { throw thrown }
    }

    @Test func aBackoffLoopRunsThroughItsSleepsAtOnce() async throws {
        try await Self.onTimeline { time in
            // Fails five times: sleeps of 1, 2, 4, 8 and 16 seconds, then succeeds.
            let tries = try await Self.withBackoff(until: .seconds(60)) { $0 == 6 }
            #expect(tries == 6)
            #expect(time.elapsed == .seconds(31))
            #expect(Date() == Self.start.addingTimeInterval(31))
            // With a 20-second deadline it gives up after sleeping 1, 2, 4 and 8 seconds.
            await #expect(throws: GaveUp.self) { try await Self.withBackoff(until: .seconds(20)) { _ in false } }
            #expect(time.elapsed == .seconds(46))
        }
    }

    @Test func aThousandTasksSleepingAnHourWakeTogether() async throws {
        try await Self.onTimeline { time in
            let origin = ContinuousClock.now
            let wokeAt = try await withThrowingTaskGroup(of: Duration.self) { group in
                for _ in 0..<1000 {
                    group.addTask {
                        try await Task.sleep(until: origin + .seconds(3600), clock: .continuous)
                        return ContinuousClock.now - origin
                    }
                }
                return try await group.reduce(into: [Duration]()) { $0.append($1) }
            }
            #expect(wokeAt.count == 1000)
            #expect(wokeAt.allSatisfy { $0 == .seconds(3600) }, "every task woke at its deadline: \(Set(wokeAt))")
            #expect(time.elapsed == .seconds(3600))
            #expect(time.pending.isEmpty)
        }
    }

    /// On a manual timeline, sleeping tasks wait for the test's advance, listed in deadline
    /// order whatever order they slept in; one advance wakes them all.
    @Test func manualTimersWaitForTheAdvanceInDeadlineOrder() async throws {
        try await Self.onTimeline(advancing: .manually) { time in
            let durations = (1...50).map { Duration.seconds($0) }.shuffled()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for duration in durations {
                    group.addTask { try await Task.sleep(for: duration) }
                }
                #expect(await RealWait.until { time.pending.count == 50 })
                #expect(time.pending.map(\.deadline) == (1...50).map { Duration.seconds($0) })
                #expect(time.pending.allSatisfy { $0.call == "Task.sleep" })
                #expect(time.elapsed == .zero, "a manual timeline does not move by itself")
                #expect(time.advanceToNextSleep().map(\.deadline) == [.seconds(1)])
                time.advance(by: .seconds(100))
                try await group.waitForAll()
            }
            #expect(time.elapsed == .seconds(101))
            #expect(time.pending.isEmpty)
        }
    }

    /// A task sleeping on a manual timeline that the test never advances is woken after 10
    /// seconds of real time, so that it cannot hang the test, and the scope's line says so.
    @Test func aManualTaskSleepNothingWakesIsWokenAfterItsLimitAndReported() async throws {
        let line = #line + 3
        var sleptAt: Duration?
        let failures = await captureFailures {
            try? await withVirtualTime(startingAt: Self.start, executable: false, advancing: .manually) { time in
                try await Task.sleep(for: .seconds(1))
                sleptAt = time.elapsed
            }
        }
        #expect(sleptAt == .zero, "woken, the clocks unmoved")
        #expect(failures.map(\.site.line) == [line])
        #expect(failures.first?.message.hasPrefix(
            "A sleep waited 10.0 seconds of real time for the test to advance the timeline to its deadline, and nothing "
                + "did: Task.sleep on thread 0x") == true, "\(failures.map(\.message))")
        #expect(failures.first?.message.contains(", armed at +0.000 s, due at +1.000 s. The timeline is advanced manually") == true)
    }

    @Test func aSleepIntoThePastReturnsAtOnceAndACancelledOneThrows() async throws {
        try await Self.onTimeline { time in
            time.advance(by: .seconds(10))
            try await Task.sleep(until: ContinuousClock.now - .seconds(5), clock: .continuous)
            #expect(time.elapsed == .seconds(10))
            let sleeper = Task { try await Task.sleep(for: .seconds(86_400)) }
            sleeper.cancel()
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }
    }
}
