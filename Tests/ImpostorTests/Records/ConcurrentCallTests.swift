import CImpostorTestSupport
import Impostor
import Testing

/// Mocks called from many C threads at once record every call exactly once, with its
/// arguments intact, its calling thread, and a global order consistent with each thread's own.
@Suite struct ConcurrentCallTests {
    // About 10 s in a debug build on two cores (each thread records in a lane of its own, with
    // no lock). The limit turns a deadlock into a failure.
    @Test(.timeLimit(.minutes(3)))
    func eightCThreadsCallingAHundredThousandTimesEach() throws {
        let threadCount: Int32 = 8
        let callsPerThread: Int32 = 100_000
        let total = Int(threadCount) * Int(callsPerThread)
        // A Mockery of its own, so the 800,000 records are freed when the test ends.
        let mockery = Mockery("concurrent calls")
        let record = mockery.mock(of: ct_fn_thread_call.self, named: "record")

        #expect(ct_call_from_threads(record, threadCount, callsPerThread) == 0)

        let calls = invocations(of: record)
        try #require(calls.count == total)
        var seen = [Bool](repeating: false, count: total)
        var outOfRange = 0, duplicates = 0, outOfOrder = 0, notIncreasing = 0, threadChanged = 0
        var nextIndex = [Int32](repeating: 0, count: Int(threadCount))
        var threadOfCThread = [CallingThread?](repeating: nil, count: Int(threadCount))
        var previousSequence: UInt64?
        for call in calls {
            let thread = call.argument(0, as: Int32.self)
            let index = call.argument(1, as: Int32.self)
            guard (0..<threadCount).contains(thread), (0..<callsPerThread).contains(index) else {
                outOfRange += 1
                continue
            }
            let slot = Int(thread) * Int(callsPerThread) + Int(index)
            if seen[slot] { duplicates += 1 }
            seen[slot] = true
            // One C thread makes its calls one after another, so in the global order its
            // indices must come 0, 1, 2, ...
            if index != nextIndex[Int(thread)] { outOfOrder += 1 }
            nextIndex[Int(thread)] = index + 1
            if let known = threadOfCThread[Int(thread)] {
                if known != call.thread { threadChanged += 1 }
            } else {
                threadOfCThread[Int(thread)] = call.thread
            }
            if let previousSequence, call.stamp <= previousSequence { notIncreasing += 1 }
            previousSequence = call.stamp
        }
        #expect(outOfRange == 0)
        #expect(duplicates == 0)
        #expect(seen.allSatisfy { $0 }, "every (thread, i) pair arrived")
        #expect(notIncreasing == 0, "sequence numbers strictly increase in the returned order")
        #expect(outOfOrder == 0, "each C thread's calls appear in the order it made them")
        #expect(threadChanged == 0, "each C thread's calls carry one thread identity")
        let threads = Set(threadOfCThread.compactMap { $0 })
        #expect(threads.count == Int(threadCount), "the C threads are distinct")
        #expect(!threads.contains(.current), "no call is attributed to the test's thread")
    }
}
