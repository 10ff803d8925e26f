import CBenchmarkSupport
import CImpostor
import Impostor

/// Rows 7 and 7L (a static trampoline, a libffi closure): two pthreads, started from C, calling one mock at once, against one pthread in the
/// same harness. Each thread sums into a local and writes it once, so only the mock is shared.
/// Then row 7s: row 3 again, now that threads other than the main one have recorded calls, so
/// that every call's ordering stamp is read from the time-stamp counter (rows 3 to 6 ran while
/// the main thread was the only one recording, when a stamp is that thread's own count).
enum ThreadRows {
    static func measure(into report: Report) {
        report.measure("7", "two threads, one mock") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 7\(path.suffix)")
                let add = try path.making { try Fixtures.oneStub(in: mockery) }
                // Fewer, longer samples than the one-thread rows: each starts its threads anew.
                var plan = report.plan
                plan.samples = max(10, plan.samples / 3)
                plan.sampleNanoseconds *= 2
                // The empty libffi closure in the same harness, timed between these samples:
                // how well this machine runs two busy threads at all, at the same moments.
                let closure = bench_empty_closure()
                let one = Sampler.perCall(
                    plan, expecting: Call.sum,
                    alongside: closure.map { closure in { bench_threads_binary(closure, 1, $0, Call.a, Call.b) } },
                    beforeEach: CallRows.clearing(add)
                ) {
                    bench_threads_binary(add, 1, $0, Call.a, Call.b)
                }
                let two = Sampler.perCall(
                    plan, callsPerIteration: 2, expecting: Call.sum,
                    alongside: closure.map { closure in { bench_threads_binary(closure, 2, $0, Call.a, Call.b) } },
                    beforeEach: CallRows.clearing(add)
                ) {
                    bench_threads_binary(add, 2, $0, Call.a, Call.b)
                }
                // Throughput is calls per second: the inverse of the wall time per call.
                let throughput = one.statistics.median / two.statistics.median
                var notes = [
                    "2.0× would be perfect scaling; \(Machine.cores) cores",
                    "wall time per call: one thread \(Format.nanoseconds(one.statistics.median)), "
                        + "two threads \(Format.nanoseconds(two.statistics.median))",
                ]
                // The alongside figures are per iteration: one call per thread.
                if let baselineOne = one.baselineAlongside?.median, let baselineTwo = two.baselineAlongside?.median, baselineTwo > 0 {
                    notes.append(
                        "the empty libffi closure in the same harness, timed between these samples: "
                            + "\(Format.ratio(baselineOne / (baselineTwo / 2))) one thread (one thread "
                            + "\(Format.nanoseconds(baselineOne)), two threads \(Format.nanoseconds(baselineTwo / 2)) a call)")
                }
                notes += [
                    "the row 4\(path.suffix) mock (one stub)",
                    path.note,
                ]
                let valid = one.resultsCorrect && two.resultsCorrect
                if !valid { notes.insert("INVALID: a run returned unexpected values", at: 0) }
                report.add(Row(
                    "7" + path.suffix, "two threads, one mock: throughput", .throughput(throughput),
                    target: valid ? .throughput(throughput, atLeast: 1.8) : Target(text: "≥1.8× one thread", holds: nil),
                    notes: notes))
            }
            let mockery = Mockery("row 7s")
            let add = try Fixtures.unstubbed(in: mockery)
            let measurement = Sampler.perCall(
                report.plan, expecting: 0, alongside: CallRows.baselineLoop, beforeEach: CallRows.clearing(add)
            ) {
                bench_loop_binary(add, $0, Call.a, Call.b)
            }
            report.add(CallRows.row(
                "7s", "mock, unstubbed, after threads recorded", measurement,
                notes: [EntryPath.static.note, "row 3 once other threads have recorded: each call's ordering stamp is taken across threads "
                        + "(here from the \(String(cString: impostor_stamp_source()))) instead of counted by the only recording thread"]))
        }
    }
}
