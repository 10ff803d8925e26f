import CBenchmarkSupport
import Impostor

/// Row 11: C symbols rebound at run time. A C loop calls libc's getpagesize() by name, first
/// as it is, then rebound to a stubbed mock; and the cost of one interpose-and-restore.
enum InterpositionRows {
    typealias GetPageSize = @convention(c) () -> Int32

    static func measure(into report: Report) {
        let plan = report.plan
        let realPageSize = Double(bench_loop_getpagesize(1).checksum)
        var direct: Double?

        report.measure("11a", "getpagesize, not interposed") {
            let measurement = Sampler.perCall(plan, expecting: realPageSize) { bench_loop_getpagesize($0) }
            direct = measurement.statistics.median
            report.add(CallRows.row("11a", "getpagesize() by name, not interposed", measurement,
                                    notes: ["libc's getpagesize through the executable's own GOT slot: the direct call"]))
        }

        report.measure("11b", "interposed getpagesize, stubbed") {
            let mockery = Mockery("row 11b")
            let mock = try mockery.makeInterposition("getpagesize", as: GetPageSize.self)
            stub(mock()).with { 8192 }
            let measurement = Sampler.perCall(plan, expecting: 8192) { bench_loop_getpagesize($0) }
            report.add(CallRows.row("11b", "getpagesize() interposed, stubbed", measurement,
                                    notes: [ratio(measurement.statistics.median, to: direct)
                                        + "; every object rebound, the dispatcher jumps straight to the mock"]))
            withExtendedLifetime(mockery) {}
        }

        report.measure("11c", "interposed getpagesize, scoped") {
            let mockery = Mockery("row 11c")
            let mock = try mockery.makeInterposition("getpagesize", as: GetPageSize.self, in: .mainExecutable)
            stub(mock()).with { 8192 }
            let measurement = Sampler.perCall(plan, expecting: 8192) { bench_loop_getpagesize($0) }
            report.add(CallRows.row("11c", "getpagesize() interposed in: .mainExecutable", measurement,
                                    notes: [ratio(measurement.statistics.median, to: direct)
                                        + "; a scope makes the dispatcher ask Swift which object called (as a test's own mock does)"]))
            withExtendedLifetime(mockery) {}
        }

        report.measure("11d", "interpose and restore") {
            let statistics = try Sampler.eachOnce(plan.singleShots / 4) { _ in
                let mockery = Mockery("row 11d")
                _ = try mockery.makeInterposition("getpagesize", as: GetPageSize.self)
                withExtendedLifetime(mockery) {}
            }
            report.add(Row(
                "11d", "interpose getpagesize, then restore", .time(statistics),
                notes: [ratio(statistics.median, to: direct)
                    + "; a Mockery, a mock, a scan of every loaded object's relocations, rebinding and putting back its slots"]))
        }
    }

    /// `12.3× row 11a`, measured in this run.
    private static func ratio(_ median: Double?, to direct: Double?) -> String {
        guard let median, let direct, direct > 0 else { return "ratio to row 11a: —" }
        return "\(Format.ratio(median / direct)) row 11a"
    }
}
