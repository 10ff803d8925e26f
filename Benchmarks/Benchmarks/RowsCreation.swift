import CBenchmarkSupport
import Impostor

/// Row 8: creating mocks and releasing them.
enum CreationRows {
    static func measure(into report: Report) {
        let plan = report.plan

        report.measure("8a", "creating mocks of new types") {
            let mockery = Mockery("row 8a")
            let statistics = try Sampler.eachOnce(CreationTypes.makers.count) { index in
                _ = try CreationTypes.makers[index](mockery)
            }
            report.add(Row(
                "8a", "create mock, first of its type", .time(statistics),
                target: .time(statistics.median, below: 10_000),
                notes: ["\(statistics.count) distinct types Int32 f(A, B, C) of six scalar types, each timed once; reads the signature, prepares a cif, allocates a closure"]))
        }

        report.measure("8b", "creating mocks of a cached type") {
            let mockery = Mockery("row 8b")
            for _ in 0..<100 { _ = try mockery.makeMock(of: BinaryFunction.self, named: "warm-up") }
            let statistics = try Sampler.eachOnce(plan.singleShots) { _ in
                _ = try mockery.makeMock(of: BinaryFunction.self, named: "cached")
            }
            report.add(Row(
                "8b", "create mock, cached type", .time(statistics),
                target: .time(statistics.median, below: 2_000),
                notes: ["Int32 f(Int32, Int32), each timed once: a closure, an interceptor and a registry entry"]))
        }

        report.measure("8c", "releasing a Mockery") {
            let holder = Holder()
            let statistics = try Sampler.eachOnce(plan.singleShots / 2, prepare: {
                let mockery = Mockery("row 8c")
                let add = try Fixtures.oneStub(in: mockery)
                _ = bench_loop_binary(add, 100, Call.a, Call.b)
                holder.mockery = mockery
            }) { _ in
                holder.mockery = nil
            }
            report.add(Row(
                "8c", "release a Mockery (one mock)", .time(statistics),
                notes: ["a Mockery holding one stubbed mock with 100 recorded calls; its closure stays allocated (a tombstone)"]))
        }

        report.measure("8d", "memory per mock, and releasing many") {
            var heapPerMock: [Double] = [], residentPerMock: [Double] = [], releases: [Double] = []
            // The first round also warms what later rounds reuse (the type's cache, slabs,
            // closure pages given back by the last release): the rows keep the later rounds.
            for round in 0..<(plan.isQuick ? 2 : 6) {
                let holder = Holder()
                let heap = bench_heap_in_use(), resident = bench_resident_bytes()
                try fill(holder)
                let heapGrowth = (Double(bench_heap_in_use()) - Double(heap)) / Double(manyMocks)
                let residentGrowth = (Double(bench_resident_bytes()) - Double(resident)) / Double(manyMocks)
                let start = bench_now_ns()
                holder.mockery = nil
                let end = bench_now_ns()
                guard round > 0 else { continue }
                heapPerMock.append(heapGrowth)
                residentPerMock.append(residentGrowth)
                releases.append(Double(end - start))
            }
            let heap = Statistics(heapPerMock), resident = Statistics(residentPerMock)
            report.add(Row(
                "8d", "memory per mock, cached type", .bytesPerMock(heap.median),
                notes: ["mallinfo2() growth over \(Format.count(UInt64(manyMocks))) mocks Int32 f(Int32, Int32) in one Mockery; "
                    + "resident memory grew \(Format.fixed(resident.median, 0)) B a mock (closure pages included)"]))
            report.add(Row(
                "8e", "release a Mockery of \(Format.count(UInt64(manyMocks))) mocks", .time(Statistics(releases)),
                notes: ["row 8d's Mockeries, each released once: every mock's closure becomes a tombstone"]))
        }
    }

    /// Mocks of row 8d's Mockery.
    static let manyMocks = 50_000

    /// Puts a Mockery of `manyMocks` mocks in `holder`, its only reference once this returns,
    /// so that the timed release is the holder's.
    @inline(never) private static func fill(_ holder: Holder) throws {
        let mockery = Mockery("row 8d")
        for _ in 0..<manyMocks { _ = try mockery.makeMock(of: BinaryFunction.self, named: "many") }
        holder.mockery = mockery
    }

    /// Keeps a Mockery alive until the timed release: a stored property's old value is
    /// released where it is overwritten, which the optimizer cannot move across the clock reads.
    private final class Holder {
        var mockery: Mockery?
    }
}
