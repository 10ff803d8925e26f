import CBenchmarkSupport
import Impostor

/// Row 7: two pthreads, started from C, calling one mock at once.
enum ThreadRows {
    static func measure(into report: Report) {
        report.measure("7", "two threads, one mock") {
            let mockery = Mockery("row 7")
            let add = try Fixtures.oneStub(in: mockery)
            // Fewer, longer samples than the one-thread rows: each starts its threads anew.
            var plan = report.plan
            plan.samples = max(10, plan.samples / 3)
            plan.sampleNanoseconds *= 2
            let one = Sampler.perCall(plan, expecting: Call.sum) {
                bench_threads_binary(add, 1, $0, Call.a, Call.b)
            }
            let two = Sampler.perCall(plan, callsPerIteration: 2, expecting: Call.sum) {
                bench_threads_binary(add, 2, $0, Call.a, Call.b)
            }
            // Throughput is calls per second: the inverse of the wall time per call.
            let throughput = one.statistics.median / two.statistics.median
            var row = CallRows.row(
                "7", "two threads, one mock (wall time per call)", two,
                notes: [
                    "throughput \(Format.ratio(throughput)) one thread's (2.0× would be perfect scaling)",
                    "one thread alone, same harness: \(Format.nanoseconds(one.statistics.median)) per call",
                    "the row 4 mock (one stub); \(Machine.cores) cores",
                ])
            if !one.resultsCorrect { row.notes.insert("INVALID: the one-thread run returned unexpected values", at: 0) }
            report.add(row)
        }
    }
}
