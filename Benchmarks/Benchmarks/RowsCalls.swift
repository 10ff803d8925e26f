import CBenchmarkSupport
import Impostor

/// Rows 1 to 6 (and 6e): the cost of one call, made by a C loop through a function pointer;
/// rows 3 to 6 once with a static trampoline and once with a libffi closure (3L to 6L).
enum CallRows {
    static func measure(into report: Report) {
        let plan = report.plan
        let baseline = baselineLoop

        report.measure("1", "direct call") {
            let measurement = Sampler.perCall(plan, expecting: Call.sum) { bench_loop_binary(bench_add, $0, Call.a, Call.b) }
            report.add(row("1", "direct call through a C function pointer", measurement,
                           notes: ["the floor: a noinline C function `a + b`"]))
        }

        report.measure("2", "empty libffi closure") {
            guard let closure = bench_empty_closure() else {
                throw BenchmarkError(description: "libffi could not allocate a closure")
            }
            let measurement = Sampler.perCall(plan, expecting: Call.sum) { bench_loop_binary(closure, $0, Call.a, Call.b) }
            report.add(row("2", "empty libffi closure, C handler (baseline)", measurement,
                           notes: ["ffi_closure_alloc + ffi_prep_closure_loc; the handler returns a + b; every ratio is to this closure: "
                                   + "rows 3 to 7s to its loop timed again between their own samples"]))
        }

        // Each row for both kinds of entry point, the static trampoline first. The goals of the
        // static path are the stricter ones: it skips libffi's per-call work.
        report.measure("3", "mock, unstubbed") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 3\(path.suffix)")
                let add = try path.making { try Fixtures.unstubbed(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: 0, alongside: baseline, beforeEach: clearing(add)) { bench_loop_binary(add, $0, Call.a, Call.b) }
                report.add(row("3" + path.suffix, "mock, unstubbed (record only)", measurement,
                               target: .ratio(ratio(measurement, in: report),
                                              atMost: path == .static ? 0.6 : 1.5, of: "row 2"),
                               notes: [path.note, "records each call; returns 0; the main thread is the only one recording (row 7s is this row after threads)"]))
            }
        }

        report.measure("3t", "mock, text argument, unstubbed") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 3t\(path.suffix)")
                let onText = try path.making { try Fixtures.textUnstubbed(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: 0, alongside: baseline, beforeEach: clearing(onText)) {
                    bench_loop_text(onText, $0, Call.text)
                }
                report.add(row("3t" + path.suffix, "mock, text argument, unstubbed", measurement,
                               notes: [path.note, "f(NULL, text) with a 24-byte text: its 25 bytes (the NUL kept) copied and recorded per call"]))
            }
        }

        report.measure("4", "mock, one stub") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 4\(path.suffix)")
                let add = try path.making { try Fixtures.oneStub(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: Call.sum, alongside: baseline, beforeEach: clearing(add)) { bench_loop_binary(add, $0, Call.a, Call.b) }
                report.add(row("4" + path.suffix, "mock, one stub, with { } block", measurement,
                               notes: [path.note, "stub(add(any(), any())).with { (a: Int32, b: Int32) in a &+ b }; records each call"]))
            }
        }

        report.measure("5", "mock, eleven stubs") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 5\(path.suffix)")
                let add = try path.making { try Fixtures.elevenStubs(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: Call.sum, alongside: baseline, beforeEach: clearing(add)) { bench_loop_binary(add, $0, Call.a, Call.b) }
                report.add(row("5" + path.suffix, "mock, 11 stubs, match is the oldest", measurement,
                               target: .ratio(ratio(measurement, in: report),
                                              atMost: path == .static ? 1.0 : 2.0, of: "row 2"),
                               notes: [path.note, "oldest stub(add(any(), eq(5))), then ten newer stub(add(eq(100+k), any())) tried first; add(3, 5)"]))
            }
        }

        report.measure("6e", "mock, 10 expectations") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 6e\(path.suffix)")
                let add = try path.making { try Fixtures.tenthOfTenExpectations(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: Call.sum, alongside: baseline, beforeEach: clearing(add)) { bench_loop_binary(add, $0, Call.a, Call.b) }
                let ratio = CallbackRows.ratio(measurement, toRow: "5" + path.suffix, in: report)
                report.add(row("6e" + path.suffix, "mock, answered by the 10th of 10 expectations", measurement,
                               target: .ratio(ratio, atMost: 3.0, of: "row 5" + path.suffix),
                               notes: [path.note, "nine allowing(add(eq(100+k), any())), then allowing(add(any(), eq(5))).will(perform { a &+ b }); "
                                       + "the entry point takes the call by its expectation keys; the final goal is ≤1.5× row 5"]))
            }
        }

        report.measure("6", "Vec2 by value") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 6\(path.suffix)")
                let scale = try path.making { try Fixtures.vec2Stub(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: Call.vectorChecksum, alongside: baseline, beforeEach: clearing(scale)) {
                    bench_loop_vec2(scale, $0, Call.vector, Call.scale)
                }
                report.add(row("6" + path.suffix, "Vec2 f(Vec2, int), stubbed", measurement,
                               notes: [path.note, "Vec2 = struct { float x, y } in and out by value; one stub, block reads both arguments"]))
            }
        }
    }

    /// Row 2's loop, to time between a row's samples (see `Sampler.perCall`); nil when libffi
    /// could not make the closure (row 2 then says so).
    static var baselineLoop: ((UInt64) -> bench_loop_result)? {
        guard let closure = bench_empty_closure() else { return nil }
        return { bench_loop_binary(closure, $0, Call.a, Call.b) }
    }

    /// Forgets `mock`'s calls, untimed, before each batch and sample of a row. A clear keeps
    /// the chunks, so each sample records into memory the one before had filled. Without it a
    /// full run recorded over 2 GB for row 3 alone, and every row measured how fast the
    /// machine hands out fresh pages (a 2 MiB huge page every 75,000 calls) rather than what
    /// a call costs. Row 10 measures recording into fresh memory on its own.
    static func clearing<Mock>(_ mock: Mock) -> () -> Void {
        { clearInvocations(mock) }
    }

    /// The measurement's median over the baseline timed alongside it, or over row 2's.
    static func ratio(_ measurement: LoopMeasurement, in report: Report) -> Double? {
        Row.ratio(measurement.statistics.median, alongside: measurement.baselineAlongside, baseline: report.baseline)
    }

    /// A row of per-call figures; a loop whose calls returned the wrong values is flagged.
    static func row(
        _ id: String, _ name: String, _ measurement: LoopMeasurement, target: Target? = nil, notes: [String] = []
    ) -> Row {
        var notes = notes
        if let alongside = measurement.baselineAlongside {
            notes.append("× row 2 is over row 2's loop timed between this row's samples: \(Format.nanoseconds(alongside.median))")
        }
        notes.append("\(Format.count(measurement.statistics.count)) samples × \(Format.count(measurement.callsPerSample)) calls")
        var target = target
        if !measurement.resultsCorrect {
            notes.insert("INVALID: some calls returned an unexpected value", at: 0)
            target = target.map { Target(text: $0.text, holds: nil) }
        }
        return Row(id, name, .time(measurement.statistics), target: target, notes: notes,
                   baselineAlongside: measurement.baselineAlongside)
    }
}
