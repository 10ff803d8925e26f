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
