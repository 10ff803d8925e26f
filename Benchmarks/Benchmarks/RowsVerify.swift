import CBenchmarkSupport
import Impostor

/// Row 9: `verify` over 1,000,000 recorded calls (target < 10 ms, issue 33).
enum VerifyRows {
    static func measure(into report: Report) {
        report.measure("9", "verify over 1,000,000 calls") {
            let name = "verify over 1,000,000 recorded calls"
            let statistics = try verifyOverOneMillionCalls(report.plan)
            report.add(Row("9", name, .time(statistics), target: .time(statistics.median, below: 10_000_000),
                           notes: ["one mock, 1,000,000 calls recorded by a C loop before each sample, which is one verify"]))
        }
        report.measure("9b", "verify with a code matcher over 1,000,000 calls") {
            let statistics = try verifyOverOneMillionCalls(report.plan, matching: true)
            report.add(Row("9b", "verify(lt(...)) over 1,000,000 recorded calls", .time(statistics),
                           notes: ["row 9 with lt(Call.b + 1) for the second argument: a matcher that runs code reads every record"]))
        }
    }

    /// The time of one `verify(.exactly(1_000_000), add(any(), eq(5)))` (`lt(6)` when `matching`) over 1,000,000 calls
    /// recorded by a C loop. A failing verify would format a message listing calls and time
    /// the wrong thing, so failures stop the row instead. Each sample verifies calls recorded
    /// afresh (untimed, into the chunks the clear kept), so that it marks every one of them, as
    /// a test's verify does: a verify that finds its calls marked already writes nothing.
    static func verifyOverOneMillionCalls(_ plan: SamplingPlan, matching: Bool = false) throws -> Statistics {
        let mockery = Mockery("row 9")
        let add = try Fixtures.unstubbed(in: mockery)
        var failures: [ImpostorFailure] = []
        let prepare = {
            mockery.withCurrent { clearInvocations(add) }
            _ = bench_loop_binary(add, 1_000_000, Call.a, Call.b)
        }
        let statistics = Sampler.eachOnce(plan.isQuick ? 3 : 15, prepare: prepare) { _ in
            failures += captureFailures {
                mockery.withCurrent {
                    if matching { verify(.exactly(1_000_000), add(any(), lt(Call.b + 1))) }
                    else { verify(.exactly(1_000_000), add(any(), eq(Call.b))) }
                }
            }
        }
        if let failure = failures.first {
            throw BenchmarkError(description: "verify failed: \(failure.message.prefix(200))")
        }
        return statistics
    }
}
