import CBenchmarkSupport
import Impostor

/// Rows 3b, 4b and 4t: callbacks as C libraries call them, with a context pointer and memory
/// the mock copies on every call, next to rows 3 and 4 (the same work on two integers). Each
/// row's target is a ratio to its scalar row measured in this run, on the same kind of entry
/// point: the stage goal (its final goal is in the notes).
enum CallbackRows {
    static func measure(into report: Report) {
        let plan = report.plan
        let baseline = CallRows.baselineLoop

        report.measure("3b", "mock, buffer argument, unstubbed") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 3b\(path.suffix)")
                let onWrite = try path.making { try Fixtures.bufferUnstubbed(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: 0, alongside: baseline, beforeEach: CallRows.clearing(onWrite)) {
                    bench_loop_buffer(onWrite, $0, Call.buffer, Call.buffer.utf8.count)
                }
                let ratio = ratio(measurement, toRow: "3" + path.suffix, in: report)
                report.add(CallRows.row(
                    "3b" + path.suffix, "mock, (ctx, buffer, length), unstubbed", measurement,
                    target: .ratio(ratio, atMost: 2.0, of: "row 3" + path.suffix),
                    notes: [path.note, "f(NULL, buffer, 31): the buffer's 31 bytes copied and recorded per call; "
                            + ratioNote(ratio, "row 3" + path.suffix, goal: 1.3)]))
            }
        }

        report.measure("4b", "mock, buffer argument, one stub") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 4b\(path.suffix)")
                let onWrite = try path.making { try Fixtures.bufferStub(in: mockery) }
                let expected = Int32(Call.buffer.utf8.count)
                let measurement = Sampler.perCall(plan, expecting: Double(expected), alongside: baseline, beforeEach: CallRows.clearing(onWrite)) {
                    bench_loop_buffer(onWrite, $0, Call.buffer, Call.buffer.utf8.count)
                }
                let ratio = ratio(measurement, toRow: "4" + path.suffix, in: report)
                report.add(CallRows.row(
                    "4b" + path.suffix, "mock, (ctx, buffer, length), one stub", measurement,
                    notes: [path.note, "stub(onWrite(any(), any(), any())).with { _, _, length in Int32(length) }; "
                            + ratioNote(ratio, "row 4" + path.suffix, goal: nil)]))
            }
        }

        report.measure("4t", "mock, text argument, cString stub") {
            for path in EntryPath.allCases {
                let mockery = Mockery("row 4t\(path.suffix)")
                let onText = try path.making { try Fixtures.textStub(in: mockery) }
                let measurement = Sampler.perCall(plan, expecting: 1, alongside: baseline, beforeEach: CallRows.clearing(onText)) {
                    bench_loop_text(onText, $0, Call.text)
                }
                let ratio = ratio(measurement, toRow: "4" + path.suffix, in: report)
                report.add(CallRows.row(
                    "4t" + path.suffix, "mock, (ctx, text), cString stub", measurement,
                    target: .ratio(ratio, atMost: 3.0, of: "row 4" + path.suffix),
                    notes: [path.note, "stub(onText(any(), cString(text))).returning(1) with the 24-byte text of row 3t; "
                            + ratioNote(ratio, "row 4" + path.suffix, goal: 1.5)]))
            }
        }
    }

    /// The measurement's ratio to row `id` of this run, each over the baseline timed alongside
    /// it, so that a drifting machine moves both alike; nil when row `id` was not measured.
    static func ratio(_ measurement: LoopMeasurement, toRow id: String, in report: Report) -> Double? {
        guard let own = CallRows.ratio(measurement, in: report),
              let other = report.rows.first(where: { $0.id == id })?.ratio(toBaseline: report.baseline), other > 0
        else { return nil }
        return own / other
    }

    private static func ratioNote(_ ratio: Double?, _ row: String, goal: Double?) -> String {
        let measured = ratio.map { "\(Format.ratio($0)) \(row)" } ?? "ratio to \(row): — (not measured in this run)"
        return goal.map { measured + "; the final goal is ≤\(Format.ratio($0))" } ?? measured
    }
}
