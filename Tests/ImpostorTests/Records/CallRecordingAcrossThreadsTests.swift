import CImpostorTestSupport
import Dispatch
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Each thread records a mock's calls in a lane of its own, and calls are ordered by stamps
/// taken without a shared write. These are the promises that must survive that: calls the
/// program orders (a lock, a join, a queue) come out in that order, across mocks and threads;
/// threads that end leave their calls behind and new threads record after them; and a mock
/// released while eight threads call it frees nothing under them.
@Suite struct CallRecordingAcrossThreadsTests {
    /// The calls to `mocks`, oldest first by sequence number.
    private func merged(_ mocks: [ot_turn_fn]) -> [Invocation] {
        mocks.flatMap { invocations(of: $0) }.sorted { $0.stamp < $1.stamp }
    }

    @Test func twoThreadsTakingTurnsUnderALockAreOrderedCallByCall() {
        let mockery = Mockery("turns")
        let ping = mockery.mock(of: ot_turn_fn.self, named: "ping")
        let pong = mockery.mock(of: ot_turn_fn.self, named: "pong")
        let turns: Int32 = 20_000
        #expect([ping, pong].withUnsafeBufferPointer { ot_take_turns($0.baseAddress!, 2, turns) } == 0)

        let calls = merged([ping, pong])
        #expect(calls.count == Int(turns))
        // Turn k was taken after turn k - 1 released the lock, often on the other thread.
        let misplaced = calls.indices.filter { calls[$0].argument(1, as: Int32.self) != Int32($0) }
        #expect(misplaced.isEmpty, "first misplaced call: \(misplaced.first.map { calls[$0].description } ?? "none")")
        #expect(Set(calls.map(\.thread)).count == 2)
        #expect(!calls.contains { $0.thread == .current })

        #expect(calls.map(\.mockName) == (0..<turns).map { ot_owner($0, 2) == 0 ? "ping" : "pong" })

        // A ping and the pong whose turn came next after it, checked both ways round.
        let firstPing = calls.firstIndex { $0.mockName == "ping" }!
        let nextPong = calls[firstPing...].firstIndex { $0.mockName == "pong" }!
        let pingTurn = calls[firstPing].argument(1, as: Int32.self), pongTurn = calls[nextPong].argument(1, as: Int32.self)
        let inOrder = captureFailures {
            verifyInOrder {
                ping(0, pingTurn)
                pong(1, pongTurn)
            }
        }
        #expect(inOrder.isEmpty)
        let reversed = captureFailures {
            verifyInOrder {
                pong(1, pongTurn)
                ping(0, pingTurn)
            }
        }
        #expect(reversed.map(\.message).first?.contains("but ping(0, \(pingTurn)) did not follow pong(1, \(pongTurn))") == true)
    }

    @Test func fourThreadsTakingTurnsOnOneMockAreOrderedCallByCall() {
        let mockery = Mockery("four turns")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        let turns: Int32 = 8_000
        #expect([step, step, step, step].withUnsafeBufferPointer { ot_take_turns($0.baseAddress!, 4, turns) } == 0)

        let calls = invocations(of: step)
        #expect(calls.map { $0.argument(1, as: Int32.self) } == Array(0..<turns))
        // Each C thread's calls carry one identity, and the four are distinct.
        var threadOf: [Int32: CallingThread] = [:]
        var changed = 0
        for call in calls {
            let player = call.argument(0, as: Int32.self)
            if let known = threadOf[player], known != call.thread { changed += 1 }
            threadOf[player] = call.thread
        }
        #expect(changed == 0)
        #expect(Set(threadOf.values).count == 4)
        verify(.exactly((0..<turns).filter { ot_owner($0, 4) == 3 }.count), step(3, any()))
    }

    @Test func callsOnASerialQueueAreOrderedAsTheQueueRanThem() {
        let mockery = Mockery("queue")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        let queue = DispatchQueue(label: "impostor.tests.serial")
        let group = DispatchGroup()
        for index in 0..<2_000 {
            queue.async(group: group) { step(0, Int32(index)) }
        }
        group.wait()
        #expect(invocations(of: step).map { $0.argument(1, as: Int32.self) } == Array(0..<2_000))
    }

    @Test func aCallAfterJoiningTheThreadThatMadeAnotherComesAfterIt() {
        let mockery = Mockery("join")
        let first = mockery.mock(of: ot_turn_fn.self, named: "first")
        let second = mockery.mock(of: ot_turn_fn.self, named: "second")
        for round in 0..<200 {
            #expect(ot_successive_threads(first, 1, 1) == 0)
            second(1, Int32(round))
        }
        let calls = merged([first, second])
        #expect(calls.map(\.mockName) == Array(repeating: ["first", "second"], count: 200).flatMap { $0 })
        #expect(captureFailures { verifyInOrder { first(0, 0); second(1, 0); first(0, 0); second(1, 199) } }.isEmpty)
    }

    /// Lanes are taken over only when empty: a thread that ended with calls in its lane keeps
    /// them, whatever clears and threads come after, and a lane taken over records the calls of
    /// its new thread only.
    @Test func onlyEmptiedLanesOfEndedThreadsAreTakenOver() {
        let mockery = Mockery("taking over")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        // The lanes can be counted where the mock is a static trampoline (-1 elsewhere).
        let lanes = { Int(impostor_static_trampoline_lanes(unsafeBitCast(step, to: UnsafeRawPointer.self))) }
        for round in 0..<20 {
            // Three threads, one after another, each with its own calls; then a clear, so the
            // next round's threads may take over these lanes.
            #expect(ot_successive_threads(step, 3, 50) == 0)
            step(9, Int32(round))
            let calls = invocations(of: step)
            let expected = (0..<3).flatMap { thread in (0..<50).map { thread * 1_000 + $0 } } + [9_000 + round]
            #expect(calls.map { Int($0.argument(0, as: Int32.self)) * 1_000 + Int($0.argument(1, as: Int32.self)) } == expected)
            #expect(calls.last?.thread == .current)
            for thread in Int32(0)..<3 {
                #expect(Set(calls.filter { $0.argument(0, as: Int32.self) == thread }.map(\.thread)).count == 1)
            }
            // Each thread had a lane of its own (the ended ones held calls), and from the second
            // round on the threads took over the three the clear emptied: four lanes, always.
            if lanes() >= 0 { #expect(lanes() == 4, "round \(round)") }
            clearInvocations(step)
        }
    }

    @Test func threadsThatEndKeepTheirCallsAndLaterThreadsRecordAfterThem() {
        let mockery = Mockery("successive threads")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        let threads: Int32 = 40, calls: Int32 = 100
        #expect(ot_successive_threads(step, threads, calls) == 0)

        let recorded = invocations(of: step)
        let expected = (0..<threads).flatMap { thread in (0..<calls).map { Int(thread) * 1_000 + Int($0) } }
        #expect(recorded.map { Int($0.argument(0, as: Int32.self)) * 1_000 + Int($0.argument(1, as: Int32.self)) } == expected)
        // One identity per thread, though an ended thread's identifier may be given to the next.
        for thread in 0..<threads {
            let identities = Set(recorded.filter { $0.argument(0, as: Int32.self) == thread }.map(\.thread))
            #expect(identities.count == 1)
        }
        verify(.exactly(Int(calls)), step(39, any()))

        // Clearing forgets the ended threads' calls too; new threads and this one record anew.
        clearInvocations(step)
        #expect(invocations(of: step).isEmpty)
        #expect(ot_successive_threads(step, 3, 10) == 0)
        step(7, 7)
        let again = invocations(of: step)
        #expect(again.count == 31)
        #expect(again.last?.thread == .current)
        #expect(again.last.map { $0.argument(0, as: Int32.self) } == 7)
    }

    /// Eight C threads keep calling while the mock's Mockery is released: the records are
    /// freed with no thread writing them (AddressSanitizer and ThreadSanitizer would see it),
    /// every thread goes on to the released mock's zero answer, and the late calls are reported
    /// once, with their exact number.
    @Test(.timeLimit(.minutes(2))) func aMockReleasedWhileEightThreadsCallItFreesNothingUnderThem() throws {
        // The late calls' report goes to the parent, where it is captured.
        let parent = Mockery("parent")
        var inner: Mockery? = parent.withCurrent { Mockery("released under load") }
        let pair = inner!.mock(of: cc_pair_fn.self, named: "busyPair")
        stub(pair(any(), any())).with { 7 }
        let run = try #require(cc_start(pair, 8, 7))
        while cc_calls(run) < 20_000 { usleep(100) }
        #expect(invocations(of: pair).count >= 20_000)

        let before = cc_calls(run)
        inner = nil
        let released = cc_calls(run)
        let tally = cc_stop(run)
        #expect(tally.others == 0)
        #expect(tally.answered_after_zero == 0, "no thread got the stub's answer after the release gave it zero")
        // Calls that returned before the release began were answered; calls that began after
        // it returned got zero. At most one call per thread was in progress.
        #expect(tally.answered >= before)
        #expect(tally.zeros >= tally.calls - released - 8)
        let late = captureFailures { parent.assertIsSatisfied() }
        // The stub never answers zero: every call that returned zero was a late call, and
        // each is counted in the one report, written when the parent collects it. (The
        // threads may all have stopped before any call began after the release.)
        #expect(late.count == (tally.zeros > 0 ? 1 : 0), "\(tally.zeros) late calls: \(late.map(\.message))")
        let count = tally.zeros == 1 ? "1 call" : "\(Int(tally.zeros).groupedDigits) calls"
        #expect(late.allSatisfy { $0.message.hasPrefix("Call to released mock busyPair: \(count) after its Mockery was released") },
                "\(tally.zeros) late calls: \(late.map(\.message))")
    }

    /// A clear keeps each lane's chunks, and the calls that follow fill them again. Run alone
    /// in a child process (see the next test), since the heap figure is the whole process's.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") != nil))
    func callsAfterAClearReuseTheChunksOfTheCallsBefore() {
        let mockery = Mockery("reuse")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        for index in 0..<40_000 { step(0, Int32(index)) }
        clearInvocations(step)
        let before = cx_heap_in_use()
        for index in 0..<40_000 { step(1, Int32(index)) }
        let grown = Int(cx_heap_in_use()) - Int(before)
        // 40,000 records of 24 bytes would need about 960 KB of new chunks.
        #expect(grown < 16 * 1024, "the calls after the clear allocated \(grown) bytes")
        #expect(invocations(of: step).count == 40_000)
        #expect(invocations(of: step).allSatisfy { $0.argument(0, as: Int32.self) == 1 })
    }

    /// A thread that has ended leaves its lanes behind; once a clear has emptied one, the next
    /// thread to record takes it over, chunks and all, instead of filling fresh memory. Run
    /// alone in a child process, since the heap figure is the whole process's.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") != nil))
    func theNextThreadTakesOverTheClearedLaneOfAThreadThatEnded() {
        let mockery = Mockery("taken over")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        #expect(ot_successive_threads(step, 1, 40_000) == 0)
        clearInvocations(step)
        let before = cx_heap_in_use()
        // Thread 0 again, a new pthread: its 40,000 records of 24 bytes would need about 960 KB.
        #expect(ot_successive_threads(step, 1, 40_000) == 0)
        let grown = Int(cx_heap_in_use()) - Int(before)
        #expect(grown < 16 * 1024, "the thread after the clear allocated \(grown) bytes")
        let calls = invocations(of: step)
        #expect(calls.map { $0.argument(1, as: Int32.self) } == Array(0..<40_000))
        // Without a clear, the next thread's lane is its own: the ended thread's calls stay.
        #expect(ot_successive_threads(step, 1, 1_000) == 0)
        #expect(invocations(of: step).count == 41_000)
    }

    /// A lane past 1 MiB of records goes on in 2 MiB chunks mapped for huge pages; they hold
    /// the calls like any other chunk, and a release unmaps them. Run alone in a child process.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") != nil))
    func aLongLaneGoesOnInHugeChunksThatAReleaseUnmaps() {
        let before = impostor_records_mapped_bytes()
        var mockery: Mockery? = Mockery("long lane")
        let step = mockery!.mock(of: ot_turn_fn.self, named: "step")
        // 200,000 records of 24 bytes: 4.8 MB, of which all but the first 1 MiB in huge chunks.
        for index in 0..<200_000 { step(Int32(index % 7), Int32(index)) }
        let mapped = impostor_records_mapped_bytes() - before
        #expect(mapped >= 2 * 2_097_152, "\(mapped) bytes mapped")
        let calls = invocations(of: step)
        #expect(calls.map { $0.argument(1, as: Int32.self) } == Array(0..<200_000))
        #expect(calls.allSatisfy { $0.argument(0, as: Int32.self) == $0.argument(1, as: Int32.self) % 7 })
        mockery = nil
        #expect(impostor_records_mapped_bytes() == before)
    }

    @Test(.enabled(if: getenv("IMPOSTOR_CALL_ORDER") == nil && getenv("IMPOSTOR_ALONE") == nil))
    func chunkMemoryMeasuredAlone() throws {
        let output = try childRun(
            environment: "IMPOSTOR_ALONE=1",
            filter: "'callsAfterAClearReuseTheChunksOfTheCallsBefore|aLongLaneGoesOnInHugeChunksThatAReleaseUnmaps"
                + "|theNextThreadTakesOverTheClearedLaneOfAThreadThatEnded' --no-parallel")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("callsAfterAClearReuseTheChunksOfTheCallsBefore() passed"))
        #expect(output.contains("theNextThreadTakesOverTheClearedLaneOfAThreadThatEnded() passed"))
        #expect(output.contains("aLongLaneGoesOnInHugeChunksThatAReleaseUnmaps() passed"))
    }

    /// Run only in a child process of its own (see the next test), where this test's thread is
    /// the first to record: until another thread records, its calls are stamped with its own
    /// count, and those stamps must still order its calls before the other thread's, which
    /// come after them through a thread start and before the calls after the join.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "first thread"))
    func theFirstThreadsCountedCallsKeepTheirPlaceOnceASecondThreadRecords() {
        let mockery = Mockery("first thread")
        let first = mockery.mock(of: ot_turn_fn.self, named: "first")
        let second = mockery.mock(of: ot_turn_fn.self, named: "second")
        for index in Int32(0)..<50 { first(0, index) }
        // Counted stamps lie below the era bit that every stamp taken across threads carries:
        // this shows that the calls above were counted, so the test checks what it means to.
        #expect(invocations(of: first).allSatisfy { $0.stamp < 1 << 63 })
        #expect(ot_successive_threads(second, 1, 20) == 0)
        for index in Int32(50)..<100 { first(0, index) }
        #expect(invocations(of: first).suffix(50).allSatisfy { $0.stamp >= 1 << 63 })

        let calls = merged([first, second])
        #expect(calls.map(\.mockName) == Array(repeating: "first", count: 50) + Array(repeating: "second", count: 20)
            + Array(repeating: "first", count: 50))
        #expect(calls.filter { $0.mockName == "first" }.map { $0.argument(1, as: Int32.self) } == Array(0..<100))
        #expect(captureFailures { verifyInOrder { first(0, 49); second(0, 0); second(0, 19); first(0, 50) } }.isEmpty)
        #expect(!captureFailures { verifyInOrder { second(0, 0); first(0, 49) } }.isEmpty)
    }

    /// The test above, in a process of its own with each stamp scheme.
    @Test(.enabled(if: getenv("IMPOSTOR_CALL_ORDER") == nil && getenv("IMPOSTOR_ALONE") == nil))
    func whileOneThreadRecordsItsCountedCallsStillComeBeforeLaterThreads() throws {
        for scheme in ["", "IMPOSTOR_CALL_ORDER=counter "] {
            let output = try childRun(
                environment: scheme + "IMPOSTOR_ALONE='first thread'",
                filter: "theFirstThreadsCountedCallsKeepTheirPlaceOnceASecondThreadRecords")
            #expect(output.contains("exit status 0"), "\(scheme): \(output)")
            #expect(output.contains("theFirstThreadsCountedCallsKeepTheirPlaceOnceASecondThreadRecords() passed"), "\(output)")
        }
    }

    /// Run only in the child process of the next test: there, stamps come from the shared
    /// counter, which has counted only the calls made so far.
    @Test(.enabled(if: getenv("IMPOSTOR_CALL_ORDER").map { String(cString: $0) } == "counter"))
    func theSharedCounterIsInUseWhenAskedFor() {
        let mockery = Mockery("counter")
        let step = mockery.mock(of: ot_turn_fn.self, named: "step")
        step(0, 0)
        // A time-stamp counter stamp is the ticks since the process started, shifted by ten bits;
        // below the era bit (set once several threads record) a shared count stays small.
        #expect(invocations(of: step).first.map { $0.stamp & ~(1 << 63) < 1 << 32 } == true)
    }

    /// The same suite with stamps from the shared counter, the scheme used where the
    /// processor's time-stamp counter cannot order calls: run in a child process, since the
    /// scheme is chosen once per process.
    @Test(.enabled(if: getenv("IMPOSTOR_CALL_ORDER") == nil && getenv("IMPOSTOR_ALONE") == nil))
    func theSharedCounterSchemeKeepsTheSameOrder() throws {
        let output = try childRun(environment: "IMPOSTOR_CALL_ORDER=counter", filter: "CallRecordingAcrossThreadsTests")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("twoThreadsTakingTurnsUnderALockAreOrderedCallByCall() passed"))
        #expect(output.contains("aMockReleasedWhileEightThreadsCallItFreesNothingUnderThem() passed"))
        #expect(output.contains("theSharedCounterIsInUseWhenAskedFor() passed"))
    }

    /// A misspelt setting is not taken for the one asked for: the run says so once and goes on
    /// with the scheme it would have used anyway.
    @Test(.enabled(if: getenv("IMPOSTOR_CALL_ORDER") == nil && getenv("IMPOSTOR_ALONE") == nil))
    func anUnknownCallOrderSettingIsReported() throws {
        let output = try childRun(
            environment: "IMPOSTOR_CALL_ORDER=Counter", filter: "aCallAfterJoiningTheThreadThatMadeAnotherComesAfterIt")
        #expect(output.contains("exit status 0"), "\(output)")
        let warning = "Impostor warning: IMPOSTOR_CALL_ORDER=\"Counter\" is not a setting Impostor knows; "
            + "the values are \"counter\" (order calls by a shared counter) and \"clock\" (by the processor's "
            + "clock even where it is too coarse to be chosen, to test its reading). Calls are ordered by the "
        #expect(output.components(separatedBy: warning).count == 2, "\(output)")
        #expect(output.contains("aCallAfterJoiningTheThreadThatMadeAnotherComesAfterIt() passed"))
    }

    /// `clock` is a setting, and an empty value is none: no warning, and calls ordered through a
    /// join still come in order.
    @Test(.enabled(if: getenv("IMPOSTOR_CALL_ORDER") == nil && getenv("IMPOSTOR_ALONE") == nil), arguments: ["clock", ""])
    func theClockSettingIsKnown(value: String) throws {
        let output = try childRun(
            environment: "IMPOSTOR_CALL_ORDER=\(value)", filter: "aCallAfterJoiningTheThreadThatMadeAnotherComesAfterIt")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(!output.contains("Impostor warning: IMPOSTOR_CALL_ORDER"), "\(output)")
        #expect(output.contains("aCallAfterJoiningTheThreadThatMadeAnotherComesAfterIt() passed"))
    }
}
