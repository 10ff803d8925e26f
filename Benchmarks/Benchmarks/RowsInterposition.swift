import CBenchmarkSupport
import Impostor

/// Row 11: C symbols rebound at run time. A C loop calls libc's rand_r by name, first as it
/// is, then rebound to a stubbed mock; and the cost of one interpose-and-restore.
enum InterpositionRows {
    typealias RandR = @convention(c) (UnsafeMutablePointer<UInt32>?) -> Int32
    typealias GetPgid = @convention(c) (Int32) -> Int32

    static func measure(into report: Report) {
        let plan = report.plan
        let real = Double(bench_loop_rand_r(1).checksum)
        var direct: Double?

        report.measure("11a", "rand_r, not interposed") {
            let measurement = Sampler.perCall(plan, expecting: real) { bench_loop_rand_r($0) }
            direct = measurement.statistics.median
            report.add(CallRows.row("11a", "rand_r() by name, not interposed", measurement,
                                    notes: ["rand_r(&seed) with seed 1, through the executable's own GOT slot: the direct call"]))
        }

        report.measure("11b", "interposed rand_r, stubbed") {
            let mockery = Mockery("row 11b")
            let mock = try mockery.makeInterposition("rand_r", as: RandR.self)
            stub(mock(any())).with { 8192 }
            // As rows 3 to 7s: calls cleared, untimed, before each sample, and row 2's loop timed
            // alongside, so that the ratio to row 4 compares like with like.
            let measurement = Sampler.perCall(
                plan, expecting: 8192, alongside: CallRows.baselineLoop, beforeEach: CallRows.clearing(mock)
            ) { bench_loop_rand_r($0) }
            let toRow4 = CallbackRows.ratio(measurement, toRow: "4", in: report)
            report.add(CallRows.row("11b", "rand_r() interposed, stubbed", measurement,
                                    target: .ratio(toRow4, atMost: 3.0, of: "row 4"),
                                    notes: [ratio(measurement.statistics.median, to: direct)
                                        + "; every object rebound, the dispatcher jumps straight to the mock, which copies the seed (its pointee); "
                                        + "the final goal is ≤1.5× row 4"]))
            withExtendedLifetime(mockery) {}
        }

        var throughPointer: Double?
        report.measure("11b", "the same mock through its pointer") {
            let mockery = Mockery("row 11b'")
            let mock = try mockery.makeMock(of: RandR.self, named: "rand_r")
            stub(mock(any())).with { 8192 }
            let pointer: bench_rand_r_fn = mock
            let measurement = Sampler.perCall(
                plan, expecting: 8192, alongside: CallRows.baselineLoop, beforeEach: CallRows.clearing(mock)
            ) { bench_loop_rand_r_through(pointer, $0) }
            throughPointer = measurement.statistics.median
            report.add(CallRows.row("11b'", "the same stubbed mock, through its pointer", measurement,
                                    notes: [ratio(measurement.statistics.median, to: direct)
                                        + "; no dispatcher: what row 11b costs beyond this is the dispatcher's"]))
            withExtendedLifetime(mockery) {}
        }

        routingRows(into: report, throughPointer: throughPointer)

        report.measure("11c", "interposed rand_r, scoped") {
            let mockery = Mockery("row 11c")
            let mock = try mockery.makeInterposition("rand_r", as: RandR.self, in: .mainExecutable)
            stub(mock(any())).with { 8192 }
            let measurement = Sampler.perCall(plan, expecting: 8192) { bench_loop_rand_r($0) }
            report.add(CallRows.row("11c", "rand_r() interposed in: .mainExecutable", measurement,
                                    notes: [ratio(measurement.statistics.median, to: direct)
                                        + "; a scope makes the dispatcher ask Swift which object called (as a test's own mock does)"]))
            withExtendedLifetime(mockery) {}
        }

        entryPatchRows(into: report)

        report.measure("11d", "interpose and restore") {
            let statistics = try Sampler.eachOnce(plan.singleShots / 4) { _ in
                let mockery = Mockery("row 11d")
                _ = try mockery.makeInterposition("rand_r", as: RandR.self)
                withExtendedLifetime(mockery) {}
            }
            report.add(Row(
                "11d", "interpose rand_r, then restore", .time(statistics),
                notes: [ratio(statistics.median, to: direct)
                    + "; a Mockery, a mock, a scan of every loaded object's relocations, rebinding and putting back its slots"]))
        }
    }

    /// Rows 11h to 11k: a function of the benchmark's own C target, called directly (no GOT slot
    /// carries the call), reached by patching its entry.
    static func entryPatchRows(into report: Report) {
        typealias Target = @convention(c) (Int32) -> Int32
        let plan = report.plan
        var direct: Double?
        report.measure("11h", "a C function called directly, not patched") {
            let measurement = Sampler.perCall(plan, expecting: 7) { bench_loop_patched($0) }
            direct = measurement.statistics.median
            report.add(CallRows.row("11h", "bench_patched_target() called directly, not patched", measurement,
                                    notes: ["a function of the benchmark's C target, called by another of it: no GOT slot"]))
        }
        report.measure("11i", "its entry patched, stubbed") {
            let mockery = Mockery("row 11i")
            let mock = try mockery.makeInterposition("bench_patched_target", as: Target.self)
            stub(mock(any())).with { 8192 }
            let measurement = Sampler.perCall(
                plan, expecting: 8192, alongside: CallRows.baselineLoop, beforeEach: CallRows.clearing(mock)
            ) { bench_loop_patched($0) }
            let median = measurement.statistics.median
            let row11b = report.rows.first { $0.id == "11b" }?.medianNanoseconds
            report.add(CallRows.row("11i", "bench_patched_target() entry-patched, stubbed", measurement,
                                    notes: [ratioText(median, to: direct, "11h") + "; " + ratioText(median, to: row11b, "11b")
                                        + "; the patch's jump, its landing and the dispatcher, which jumps straight to the mock"]))
            withExtendedLifetime(mockery) {}
        }
        report.measure("11j", "its entry patched, passed through") {
            let mockery = Mockery("row 11j")
            let mock = try mockery.makeInterposition("bench_patched_target", as: Target.self)
            stub(mock(any())).callingOriginal()
            let measurement = Sampler.perCall(
                plan, expecting: 7, alongside: CallRows.baselineLoop, beforeEach: CallRows.clearing(mock)
            ) { bench_loop_patched($0) }
            report.add(CallRows.row("11j", "bench_patched_target() entry-patched, callingOriginal()", measurement,
                                    notes: [ratioText(measurement.statistics.median, to: direct, "11h")
                                        + "; recorded by the mock, then the relocated copy of its first instruction and a jump back"]))
            withExtendedLifetime(mockery) {}
        }
        report.measure("11k", "patch and restore") {
            let statistics = try Sampler.eachOnce(plan.singleShots / 4) { _ in
                let mockery = Mockery("row 11k")
                _ = try mockery.makeInterposition("bench_patched_target", as: Target.self)
                withExtendedLifetime(mockery) {}
            }
            report.add(Row(
                "11k", "interpose bench_patched_target (entry patch), then restore", .time(statistics),
                notes: ["a Mockery, a mock, the symbol-table search (kept), the int3 step and its wait for other threads, "
                    + "the jump written and put back through /proc/self/mem"]))
        }
    }

    /// Rows 11e to 11g: how the dispatcher finds a mock that answers one test only, with
    /// getpgid, whose mock copies nothing (rand_r's copies the seed), so that the rows differ
    /// by the routing alone. The Mockeries stand in for tests (none runs here).
    private static func routingRows(into report: Report, throughPointer: Double?) {
        let plan = report.plan
        var scalarThroughPointer: Double?
        func notes(_ median: Double, _ path: String) -> [String] {
            let pointer = [("11b'", throughPointer), ("11e'", scalarThroughPointer)].compactMap { id, base in
                base.map { "\(Format.ratio(median / $0)) row \(id)" }
            }
            return [(pointer + [path]).joined(separator: "; ")]
        }

        report.measure("11e", "the scalar mock through its pointer") {
            let mockery = Mockery("row 11e'")
            let mock = try mockery.makeMock(of: GetPgid.self, named: "getpgid")
            stub(mock(any())).with { 4242 }
            let pointer: bench_getpgid_fn = mock
            let measurement = Sampler.perCall(plan, expecting: 4242) { bench_loop_getpgid_through(pointer, $0) }
            scalarThroughPointer = measurement.statistics.median
            report.add(CallRows.row("11e'", "getpgid's stubbed mock, through its pointer", measurement,
                                    notes: notes(measurement.statistics.median, "no dispatcher, nothing copied: the base of 11e to 11g")))
            withExtendedLifetime(mockery) {}
        }

        report.measure("11e", "interposed getpgid, claimed thread") {
            let mockery = Mockery("row 11e", standingInForTest: "row 11e")
            let mock = try mockery.makeInterposition("getpgid", as: GetPgid.self)
            stub(mock(any())).with { 4242 }
            let measurement = mockery.withCurrent { Sampler.perCall(plan, expecting: 4242) { bench_loop_getpgid($0) } }
            report.add(CallRows.row("11e", "getpgid() of a test's own, from a thread it claims", measurement,
                                    notes: notes(measurement.statistics.median, "the dispatcher's claimed route, in C: Swift is not asked")))
            withExtendedLifetime(mockery) {}
        }

        report.measure("11f", "interposed getpgid, claimed thread, chooser") {
            let mockery = Mockery("row 11f", standingInForTest: "row 11f")
            let mock = try mockery.makeInterposition("getpgid", as: GetPgid.self)
            stub(mock(any())).with { 4242 }
            let other = Mockery("row 11f, another test", standingInForTest: "row 11f, another test")
            _ = try other.makeInterposition("getpgid", as: GetPgid.self)
            let measurement = mockery.withCurrent { Sampler.perCall(plan, expecting: 4242) { bench_loop_getpgid($0) } }
            report.add(CallRows.row("11f", "getpgid() of a test's own under another test's, claimed thread", measurement,
                                    notes: notes(measurement.statistics.median,
                                                 "the newest layer is another test's: Swift's chooser passes it and finds this test's by the claim")))
            withExtendedLifetime((mockery, other)) {}
        }

        report.measure("11g", "interposed getpgid, unclaimed thread, chooser") {
            let anyone = Mockery("row 11g")
            let mock = try anyone.makeInterposition("getpgid", as: GetPgid.self)
            stub(mock(any())).with { 4242 }
            let other = Mockery("row 11g, a test", standingInForTest: "row 11g, a test")
            _ = try other.makeInterposition("getpgid", as: GetPgid.self)
            let measurement = Sampler.perCall(plan, expecting: 4242) { bench_loop_getpgid($0) }
            report.add(CallRows.row("11g", "getpgid() under a test's layer, from a thread no test claims", measurement,
                                    notes: notes(measurement.statistics.median,
                                                 "Swift's chooser looks for the running test (none), passes the test's layer, and the older one, owned by no test, answers")))
            withExtendedLifetime((anyone, other)) {}
        }
    }

    /// `2.1× row 11h`, measured in this run.
    private static func ratioText(_ median: Double, to base: Double?, _ row: String) -> String {
        guard let base, base > 0 else { return "ratio to row \(row): —" }
        return "\(Format.ratio(median / base)) row \(row)"
    }

    /// `12.3× row 11a`, measured in this run.
    private static func ratio(_ median: Double?, to direct: Double?) -> String {
        guard let median, let direct, direct > 0 else { return "ratio to row 11a: —" }
        return "\(Format.ratio(median / direct)) row 11a"
    }
}
