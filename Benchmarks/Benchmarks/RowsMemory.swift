import CBenchmarkSupport
import Impostor

/// Row 10: what recording costs in memory, in allocations, and over a long test.
enum MemoryRows {
    /// Calls whose heap growth gives the bytes per recorded call.
    static let memoryCalls: UInt64 = 1_000_000
    /// Calls recorded before the "after" figure of the long-run row.
    static let longRunCalls: UInt64 = 10_000_000
    /// Calls timed on each fresh mock for the "first" figure.
    static let firstCalls: UInt64 = 10_000

    static func measure(into report: Report) {
        let plan = report.plan

        report.measure("10a", "memory per recorded call, and the long run") {
            let mockery = Mockery("row 10 long run")
            let add = try Fixtures.unstubbed(in: mockery)

            // One mock's heap growth over its first 1,000,000 calls.
            _ = bench_loop_binary(add, 1, Call.a, Call.b)
            let before = bench_heap_in_use()
            _ = bench_loop_binary(add, memoryCalls, Call.a, Call.b)
            let after = bench_heap_in_use()
            let bytesPerCall = (Double(after) - Double(before)) / Double(memoryCalls)
            report.add(Row(
                "10a", "memory per recorded call", .bytesPerCall(bytesPerCall),
                target: Target(text: "≤ 48 B", holds: bytesPerCall <= 48),
                notes: ["mallinfo2() growth over \(Format.count(memoryCalls)) calls of an unstubbed int32(int32, int32) mock"]))

            // The same mock, on to 10,000,000 calls.
            var recorded = memoryCalls + 1
            while recorded < longRunCalls {
                let batch = min(1_000_000, longRunCalls - recorded)
                _ = bench_loop_binary(add, batch, Call.a, Call.b)
                recorded += batch
            }

            // Then, in turn, the first 10,000 calls of a fresh mock (of the same, cached type)
            // and 10,000 more calls of the long-lived one, so both figures see the same
            // machine: a busy neighbour slows both, not one.
            var firsts: [Double] = []
            var laters: [Double] = []
            var firstFaults: UInt64 = 0
            var laterFaults: UInt64 = 0
            for _ in 0..<plan.freshMocks {
                let fresh = try Fixtures.unstubbed(in: mockery)
                let faultsBeforeFirst = bench_minor_page_faults()
                let first = bench_loop_binary(fresh, firstCalls, Call.a, Call.b)
                let faultsBeforeLater = bench_minor_page_faults()
                let later = bench_loop_binary(add, firstCalls, Call.a, Call.b)
                laterFaults += bench_minor_page_faults() - faultsBeforeLater
                firstFaults += faultsBeforeLater - faultsBeforeFirst
                firsts.append(Double(first.elapsed_ns) / Double(firstCalls))
                laters.append(Double(later.elapsed_ns) / Double(firstCalls))
            }
            let first = Statistics(firsts)
            let later = Statistics(laters)
            let timedCalls = Double(UInt64(plan.freshMocks) * firstCalls)
            let firstFaultsPerCall = Double(firstFaults) / timedCalls
            let laterFaultsPerCall = Double(laterFaults) / timedCalls
            let ratio = later.median / first.median
            report.add(Row(
                "10b", "first 10,000 recorded calls (per call)", .time(first),
                notes: [
                    "\(first.count) fresh unstubbed mocks, each timed over its first \(Format.count(firstCalls)) calls",
                    "\(faults(firstFaultsPerCall)) minor page faults per call",
                ]))
            report.add(Row(
                "10c", "after 10,000,000 recorded calls (per call)", .time(later),
                target: Target(text: "≤1.2× row 10b", holds: ratio <= 1.2),
                notes: [
                    "\(Format.ratio(ratio)) the first 10,000",
                    "\(later.count) samples of \(Format.count(firstCalls)) calls on one mock holding \(Format.count(longRunCalls))+ records, taken in turn with row 10b's",
                    "\(faults(laterFaultsPerCall)) minor page faults per call (fresh record chunks touched for the first time)",
                ]))
            withExtendedLifetime(mockery) {}
        }

        report.measure("10d", "heap allocations per call") {
            let calls: UInt64 = plan.isQuick ? 200_000 : 2_000_000
            var figures: [(name: String, all: Double, small: Double)] = []
            func count(_ name: String, _ loop: (UInt64) -> bench_loop_result) {
                _ = loop(calls)  // steady state: code warm, the record store already grown
                bench_allocations_begin()
                _ = loop(calls)
                let counted = bench_allocations_end()
                figures.append((name, Double(counted.all) / Double(calls), Double(counted.all - counted.large) / Double(calls)))
            }
            let mockery = Mockery("row 10 allocations")
            let unstubbed = try Fixtures.unstubbed(in: mockery)
            let stubbed = try Fixtures.elevenStubs(in: mockery)
            let vector = try Fixtures.vec2Stub(in: mockery)
            try checkCounting()
            count("unstubbed") { bench_loop_binary(unstubbed, $0, Call.a, Call.b) }
            count("11 stubs") { bench_loop_binary(stubbed, $0, Call.a, Call.b) }
            count("Vec2") { bench_loop_vec2(vector, $0, Call.vector, Call.scale) }
            let worst = figures.max { $0.all < $1.all }!
            let worstSmall = figures.map(\.small).max()!
            // Record chunks of 64 KiB are allocated once per ~2,000 calls by design; what
            // must be zero is everything else, which would be an allocation on the call path.
            var notes = figures.map { figure in
                "\(figure.name): \(perCall(figure.all)) per call, \(perCall(figure.small)) below 16 KiB"
            }
            notes.append("counted over \(Format.count(calls)) calls each, after as many warm-up calls; 16 KiB and larger are the record chunks")
            report.add(Row(
                "10d", "heap allocations per call (steady state)", .allocationsPerCall(worst.all),
                target: Target(text: "0 per call (chunks aside)", holds: worstSmall < 0.0001),
                notes: notes))
            withExtendedLifetime(mockery) {}
        }
    }

    /// `0.0078` (1 per 128 calls: a 4 KiB page of 32-byte records).
    private static func faults(_ perCall: Double) -> String {
        perCall == 0 ? "0" : "\(Format.fixed(perCall, 4)) (1 per \(Format.count(Int((1 / perCall).rounded()))) calls)"
    }

    /// `0.000488` (= 1 per 2,048).
    private static func perCall(_ value: Double) -> String {
        value == 0 ? "0" : "\(Format.fixed(value, 6)) (1 per \(Format.count(Int((1 / value).rounded()))))"
    }

    /// Makes sure the malloc wrappers are bound: an allocation by the Swift runtime must count.
    private static func checkCounting() throws {
        bench_allocations_begin()
        let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        let counted = bench_allocations_end()
        probe.deallocate()
        if counted.all == 0 {
            throw BenchmarkError(description: "allocation counting is not bound to malloc in this build")
        }
    }
}
