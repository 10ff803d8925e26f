import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Many C threads call mocks while the test's thread stubs and verifies them.
@Suite(.serialized) struct StressTests {
    static let threads: Int32 = 4
    static let calls: Int32 = 25_000

    @Test(.mockery) func callsFromManyThreadsAreCountedExactlyWhileStubbingAndVerifying() throws {
        let first: cx_pair_fn = mockFunction(named: "first")
        let second: cx_pair_fn = mockFunction(named: "second")
        stub(first(any(), any())).with { (thread: Int32, index: Int32) in thread &* 1_000_000 &+ index }

        let run = try #require(cx_start(first, second, Self.threads, Self.calls))
        // While the C threads run: keep adding stubs to `second` (newest first, so the scan
        // grows under the callers' feet) and verifying both mocks.
        var rounds: Int32 = 0
        while cx_finished(run) == 0, rounds < 200 {
            stub(second(eq(-1 - rounds), any())).with { 7 }
            verify(.atLeast(0), first(any(), any()))
            verify(.never, second(lt(0), any()))
            rounds += 1
        }
        let wrongAnswers = cx_join(run)

        #expect(wrongAnswers == 0)
        let firstCalls = invocations(of: first)
        let secondCalls = invocations(of: second)
        #expect(firstCalls.count == Int(Self.threads * Self.calls))
        #expect(secondCalls.count == Int(Self.threads * Self.calls))
        var seen = Set<Int64>()
        for call in firstCalls {
            let thread = call.argument(0, as: Int32.self), index = call.argument(1, as: Int32.self)
            #expect(call.returnValue(as: Int32.self) == thread * 1_000_000 + index)
            seen.insert(Int64(thread) << 32 | Int64(index))
        }
        #expect(seen.count == firstCalls.count)
        #expect(zip(firstCalls, firstCalls.dropFirst()).allSatisfy { $0.stamp < $1.stamp })
        #expect(Set(secondCalls.map(\.thread)).count == Int(Self.threads))
    }

    /// Measured alone in a child process (see the next test): the heap is the process's, and
    /// tests running beside it allocate too (one read 5,169 bytes a mock that way).
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "tombstones"))
    func mocksCreatedAndReleasedInALoopKeepOnlyTheirTombstones() {
        typealias Pair = @convention(c) (Int32, Int32) -> Int32
        func cycle() {
            let context = Mockery("cycle")
            let pair = context.mock(of: Pair.self, named: "pair")
            stub(pair(any(), 2)).with { 3 }
            // Enough calls to fill four record chunks (120 records of 28 bytes, about 3.4 KiB).
            for i in 0..<100 { _ = pair(Int32(i), 2) }
        }
        cycle()  // the first of its type builds the shared signature
        let before = cx_heap_in_use()
        let count = 30_000
        for _ in 0..<count { cycle() }
        let after = cx_heap_in_use()
        let perMock = (Int(after) - Int(before)) / count
        // A tombstone keeps the interceptor, its trampoline, its stubs and their keys (the
        // dispatcher's first block of four, 496 bytes), its capture plan, its Mockery's
        // provenance (for late calls) and the header of each lane that recorded (a late writer
        // may still look at it): about 4.3 KiB measured alone (3.7 KiB before stub keys), more
        // while other tests allocate. The recorded calls (3.4 KiB of chunks and their
        // directory) must be gone.
        #expect(perMock < 5_120, "each released mock kept \(perMock) bytes")
    }

    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") == nil))
    func tombstonesMeasuredAlone() throws {
        let output = try childRun(environment: "IMPOSTOR_ALONE=tombstones", filter: "mocksCreatedAndReleasedInALoopKeepOnlyTheirTombstones")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("mocksCreatedAndReleasedInALoopKeepOnlyTheirTombstones() passed"), "\(output)")
    }
}
