import CBenchmarkSupport
import Dispatch
import Foundation
import Impostor

/// Row 14: virtual time. What a clock read costs on a timeline beside the real clock (`Date()`
/// and `ContinuousClock.now` from Swift, `clock_gettime` from C through the executable's GOT
/// slot), and what waiting costs: 1,000 tasks sleeping a virtual hour, 1,000 one-second C
/// sleeps. The benchmark runs outside any test, so the timeline's clocks answer every thread's
/// reads while a row's scope lasts; the loops' own timing reads the real clock through a pointer
/// of its own (`bench_now_ns`).
enum VirtualTimeRows {
    static func measure(into report: Report) {
        let plan = report.plan
        pair(into: report, "14a", "14b", "Date()", loop: dateLoop)
        pair(into: report, "14c", "14d", "ContinuousClock.now", loop: continuousClockLoop)
        pair(into: report, "14e", "14f", "clock_gettime(CLOCK_MONOTONIC) from C", executable: true) { bench_loop_clock_gettime($0) }

        report.measure("14g", "1,000 Task.sleep timers on a timeline") {
            let statistics = Sampler.eachOnce(max(4, plan.singleShots / 100)) { _ in
                blocking {
                    await withVirtualTime(executable: false) { time in
                        await withTaskGroup(of: Void.self) { group in
                            for _ in 0..<1000 { group.addTask { try? await Task.sleep(for: .seconds(3600)) } }
                        }
                        precondition(time.elapsed == .seconds(3600), "the timers woke at their deadline")
                    }
                }
            }
            report.add(Row("14g", "1,000 tasks each sleeping a virtual hour", .time(statistics), notes: [
                "a timeline begun, 1,000 child tasks arming a timer each (dispatch_after_f rebound), the timeline jumping an hour "
                    + "once nothing new is armed for 2 ms, all fired, the timeline ended",
            ]))
        }

        report.measure("14h", "1,000 one-second C sleeps on a timeline") {
            let statistics = Sampler.eachOnce(max(4, plan.singleShots / 100)) { _ in
                withVirtualTime(executable: true) { time in
                    precondition(bench_usleep_loop(1000, 1_000_000) == 0 && time.elapsed == .seconds(1000), "each sleep moved the timeline")
                }
            }
            report.add(Row("14h", "1,000 usleep(1 s) from C on a timeline", .time(statistics), notes: [
                "a timeline begun, a C loop's 1,000 sleeps each moving it a second (the head sleep wakes itself), the timeline ended",
            ]))
        }
    }

    /// Measures `loop` on the real clock as `realID`, then on a timeline as `virtualID`, with
    /// the second's ratio to the first, measured in this run.
    private static func pair(
        into report: Report, _ realID: String, _ virtualID: String, _ what: String, executable: Bool = false,
        loop: @escaping (UInt64) -> bench_loop_result
    ) {
        var real: Double?
        report.measure(realID, "\(what), real") {
            let measurement = Sampler.perCall(report.plan, expecting: 1, loop)
            real = measurement.statistics.median
            report.add(CallRows.row(realID, "\(what), the real clock", measurement))
        }
        report.measure(virtualID, "\(what), on a timeline") {
            let measurement = withVirtualTime(executable: executable) { _ in Sampler.perCall(report.plan, expecting: 1, loop) }
            let ratio = real.map { "\(Format.ratio(measurement.statistics.median / $0)) row \(realID)" } ?? "ratio to row \(realID): —"
            report.add(CallRows.row(virtualID, "\(what), on a timeline", measurement, notes: [
                ratio + "; the clock function's GOT slot rebound to a mock whose stub reads the timeline",
            ]))
        }
    }

    /// `Date()` `count` times; the checksum counts readings after 1970.
    private static func dateLoop(_ count: UInt64) -> bench_loop_result {
        var sum = 0.0
        let start = bench_now_ns()
        for _ in 0..<count { sum += Date().timeIntervalSince1970 > 0 ? 1 : 0 }
        return bench_loop_result(elapsed_ns: bench_now_ns() - start, checksum: sum)
    }

    /// `ContinuousClock.now` `count` times; the checksum counts readings past the clock's zero.
    private static func continuousClockLoop(_ count: UInt64) -> bench_loop_result {
        var sum = 0.0
        let zero = unsafeBitCast(Duration.zero, to: ContinuousClock.Instant.self)
        let start = bench_now_ns()
        for _ in 0..<count { sum += ContinuousClock.now > zero ? 1 : 0 }
        return bench_loop_result(elapsed_ns: bench_now_ns() - start, checksum: sum)
    }

    /// Runs `body` in a task and waits for it: the benchmark's `main` is synchronous (valgrind
    /// cannot start a binary whose `main` is `async`).
    private static func blocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }
}
