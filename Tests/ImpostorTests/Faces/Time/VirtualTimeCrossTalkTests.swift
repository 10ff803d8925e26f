import CImpostorTestSupport
import Foundation
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Sixteen tests on timelines of their own beside sixteen on real time, in one process, all at
/// once: each sees only its own clocks and waits. And what Swift Testing measures itself stays
/// real inside a timeline: a failed `#expect` is reported as always, a time limit is real.
///
/// The cases run in a child process (a hang or a crash fails the test there, not the run), 200
/// times over with `--repetitions`.
@Suite struct VirtualTimeCrossTalkTests {
    static let inChild = getenv("IMPOSTOR_VIRTUAL_CROSSTALK") != nil
    static let repetitions = 200

    /// The start of case `index`'s timeline: before 2021, so that no real clock reads it.
    static func start(_ index: Int) -> Date { Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 1_000_000) }

    @Test(.enabled(if: !inChild)) func sixteenTimelinesBesideRealTimeSeeOnlyTheirOwnTwoHundredTimes() throws {
        let output = try childRun(
            environment: "IMPOSTOR_VIRTUAL_CROSSTALK=1", filter: "VirtualTimeCrossTalkTests/onATimelineOfItsOwn\\|VirtualTimeCrossTalkTests/onRealTime",
            arguments: ["--repetitions", "\(Self.repetitions)"], timeout: 900)
        #expect(exitStatus(output) == 0, "\(output.suffix(4000))")
        let lines = output.split(separator: "\n")
        // Each iteration reports each parameterized test once, with its 16 cases passed.
        for test in ["onATimelineOfItsOwn(index:)", "onRealTime(index:)"] {
            let passed = lines.filter { $0.contains("Test \(test) with 16 test cases passed") }.count
            #expect(passed == Self.repetitions, "\(test): \(passed) of \(Self.repetitions) iterations passed")
        }
        #expect(!lines.contains { $0.contains("recorded an issue") }, "\(lines.filter { $0.contains("recorded an issue") }.prefix(5))")
    }

    /// Advances its own timeline, sleeps on it from Swift and C, and reads every clock: only its
    /// own instants.
    @Test(.enabled(if: inChild), arguments: 0..<16)
    func onATimelineOfItsOwn(index: Int) async throws {
        let start = Self.start(index)
        let step = Duration.seconds(index + 1)
        let seconds = Double(index + 1)
        try await withVirtualTime(startingAt: start, executable: VirtualTimeTests.executableFollows) { time in
            let origin = ContinuousClock.now
            for advance in 1...3 {
                time.advance(by: step)
                #expect(Date() == start.addingTimeInterval(seconds * Double(advance)))
                #expect(ContinuousClock.now - origin == step * advance)
            }
            try await Task.sleep(for: step)
            #expect(time.elapsed == step * 4)
            if VirtualTimeTests.executableFollows {
                #expect(vt_usleep_loop(2, UInt32(index + 1) * 1_000_000) == 0)
                #expect(time.elapsed == step * 6)
                let wall: Int64 = vt_clock_nanoseconds(CLOCK_REALTIME)
                let startNanoseconds = Int64(start.timeIntervalSince1970) * 1_000_000_000
                let expected: Int64 = startNanoseconds + Int64(index + 1) * 6_000_000_000
                #expect(wall == expected)
            }
        }
    }

    /// Beside them, on real time: the clocks read now, and a sleep takes real time.
    @Test(.enabled(if: inChild), arguments: 0..<16)
    func onRealTime(index: Int) async throws {
        for _ in 0..<5 {
            #expect(Date().timeIntervalSince1970 > 1_750_000_000, "no timeline's instant")
            #expect(vt_clock_nanoseconds(CLOCK_REALTIME) > 1_750_000_000 * 1_000_000_000)
            let before = DispatchTime.now()
            try await Task.sleep(for: .milliseconds(1))
            #expect(DispatchTime.now().uptimeNanoseconds - before.uptimeNanoseconds >= 1_000_000, "slept in real time")
            let cBefore = DispatchTime.now()
            #expect(vt_usleep_loop(1, 1000) == 0)
            #expect(DispatchTime.now().uptimeNanoseconds - cBefore.uptimeNanoseconds >= 1_000_000)
        }
    }

    /// A failed expectation inside a timeline an hour on is reported at its line as always, and
    /// the test's duration and time limit are real.
    @Test(.enabled(if: !inChild)) func aFailureInsideATimelineIsReportedAndTimeLimitsStayReal() throws {
        let output = try childRun(
            environment: "IMPOSTOR_VIRTUAL_CROSSTALK=1", filter: "VirtualTimeCrossTalkTests/failsAnHourOn\\|VirtualTimeCrossTalkTests/twoHoursInAMinutesLimit",
            timeout: 300)
        let lines = output.split(separator: "\n").map(String.init)
        let line = Self.failingLine
        #expect(lines.contains { $0.contains("Test failsAnHourOn() recorded an issue at VirtualTimeCrossTalkTests.swift:\(line):") },
            "\(output.suffix(3000))")
        #expect(lines.contains { $0.contains("Test twoHoursInAMinutesLimit() passed after ") }, "\(output.suffix(3000))")
        // Durations Swift Testing measured: real seconds, not the timelines' hours.
        for test in ["failsAnHourOn()", "twoHoursInAMinutesLimit()"] {
            let reported = lines.first { $0.contains("Test \(test) ") && $0.contains(" after ") }
            let seconds = reported.flatMap { $0.components(separatedBy: " after ").last?.split(separator: " ").first }.flatMap { Double($0) }
            #expect(seconds.map { $0 < 60 } == true, "\(reported ?? "no result for \(test)")")
        }
    }

    static let failingLine = #line + 5
    @Test(.enabled(if: inChild))
    func failsAnHourOn() {
        withVirtualTime(executable: false) { time in
            time.advance(by: .seconds(3600))
            #expect(time.elapsed == .zero, "fails on purpose")
        }
    }

    @Test(.enabled(if: inChild), .timeLimit(.minutes(1)))
    func twoHoursInAMinutesLimit() async throws {
        try await withVirtualTime(executable: false) { time in
            try await Task.sleep(for: .seconds(7200))
            #expect(time.elapsed == .seconds(7200))
        }
    }
}
