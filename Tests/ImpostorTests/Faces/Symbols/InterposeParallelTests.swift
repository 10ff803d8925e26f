import CImpostorTestSupport
import Impostor
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Swift Testing runs these two tests at the same time, in one process: while one has
/// `getenv` interposed, the other, calling the same `getenv` through the same slots, keeps
/// reaching the real function. A rendezvous makes their loops overlap.
@Suite struct InterposeParallelTests {
    private static let interposed = Atomic<Bool>(false)
    private static let observerStarted = Atomic<Bool>(false)
    private static let variable = "IMPOSTOR_PARALLEL_VARIABLE"
    // nonisolated(unsafe): written once, then only read; C strings are not Sendable.
    nonisolated(unsafe) private static let mocked = InterpositionTestSupport.immortalCString("mocked")

    /// Waits (up to 10 s, in case tests run one at a time) until `flag` is set.
    private static func wait(for flag: borrowing Atomic<Bool>) async {
        for _ in 0..<1000 where !flag.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// Calls getenv from C and from Swift for `duration`, returning every distinct answer.
    private static func answers(for duration: Duration) async -> Set<String> {
        var seen: Set<String> = []
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            seen.insert(InterpositionTestSupport.text(ct_interpose_getenv(variable)) ?? "nil")
            seen.insert(InterpositionTestSupport.text(getenv(variable)) ?? "nil")
            await Task.yield()
        }
        return seen
    }

    init() { setenv(Self.variable, "real", 1) }

    @Test(.mockery) func theInterposingTestSeesItsMock() async {
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(cString(Self.variable))).with { Self.mocked }
        Self.interposed.store(true, ordering: .releasing)
        await Self.wait(for: Self.observerStarted)

        #expect(await Self.answers(for: .milliseconds(300)) == ["mocked"])
    }

    @Test func anUnrelatedTestRunningMeanwhileSeesTheRealValue() async {
        await Self.wait(for: Self.interposed)
        Self.observerStarted.store(true, ordering: .releasing)

        #expect(await Self.answers(for: .milliseconds(300)) == ["real"])
    }
}

/// While one test interposes `getdtablesize` for itself, another test running at the same time
/// calls it 50 times: the first test's "calls from other threads reached the real
/// getdtablesize" counts only the 3 calls of a thread no test owns (the code under test's own),
/// not the other test's. No other test interposes getdtablesize.
@Suite struct InterposeParallelHintTests {
    typealias GetDTableSize = @convention(c) () -> Int32
    private static let interposed = Atomic<Bool>(false)
    private static let otherTestDone = Atomic<Bool>(false)

    private static func wait(for flag: borrowing Atomic<Bool>) async {
        for _ in 0..<1000 where !flag.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func theHintCountsOnlyCallsNoTestMade() async {
        let mockery = Mockery("getdtablesize, counted")
        let mock = mockery.interpose("getdtablesize", as: GetDTableSize.self)
        Self.interposed.store(true, ordering: .releasing)
        await Self.wait(for: Self.otherTestDone)
        #expect(ct_interpose_getdtablesize_on_new_thread(3) == 0)
        let failures = captureFailures { mockery.withCurrent { verify(mock()) } }
        #expect(failures.map(\.message) == ["Expected getdtablesize to receive getdtablesize() at least once but received "
            + "it 0 times.\ngetdtablesize received no calls. 3 calls from other threads reached the real getdtablesize: pass "
            + "answering: .everyThread if the code under test calls from threads of its own (or run its threads' work inside "
            + "mockery.withCurrent { })."])
        withExtendedLifetime(mockery) {}
    }

    @Test func anotherTestCallingMeanwhileIsNotCounted() async {
        let real = getdtablesize()   // read before the other test interposes, or through the original after
        await Self.wait(for: Self.interposed)
        // This test's calls, from Swift and from C, reach the real function meanwhile.
        var answers: Set<Int32> = []
        for _ in 0..<25 { answers.insert(getdtablesize()); answers.insert(ct_interpose_getdtablesize()) }
        #expect(answers == [real])
        Self.otherTestDone.store(true, ordering: .releasing)
    }
}
