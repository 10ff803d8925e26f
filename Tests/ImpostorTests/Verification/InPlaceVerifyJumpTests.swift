import CImpostorTestSupport
@testable import Impostor
import Testing

/// A verify counted in place over calls whose answer left with `longjmp`: their records stay
/// open for good, and a clear hides them rather than emptying their lane. The scenario runs in
/// a child process, as NeverReturningTests runs its own (longjmp skips the answer's Swift
/// frames), once on each entry path.
@Suite(.enabled(if: !neverReturningScenario))
struct InPlaceVerifyJumpTests {
    @Test(arguments: ["", "IMPOSTOR_TRAMPOLINE=libffi "])
    func callsThatNeverReturnedAreCountedInPlace(entry: String) throws {
        let output = try childRun(
            environment: entry + "IMPOSTOR_NEVER_RETURNING=1", filter: "InPlaceVerifyJumpScenarios", timeout: 120)
        #expect(exitStatus(output) == 0, "\(entry)\(output.suffix(6000))")
        let passed = output.split(separator: "\n").contains {
            $0.contains("Test openForGoodThenHiddenByAClear()") && $0.contains(" passed after ")
        }
        #expect(passed, "\(entry)the scenario did not pass")
    }
}

@Suite(.enabled(if: neverReturningScenario))
struct InPlaceVerifyJumpScenarios {
    typealias Decode = @convention(c) (Int32) -> Int32

    @Test func openForGoodThenHiddenByAClear() throws {
        let mockery = Mockery("jumps")
        let decode = mockery.mock(of: Decode.self, named: "decode")
        stub(decode(any())).with(NeverReturningScenarios.failNegatives)
        var result: Int32 = 0
        for value: Int32 in [1, -1, 2, 3, -1] { _ = ctj_call_catching(decode, value, &result) }
        try Self.expectCount(2, decode) { _ = decode(-1) }
        verify(.exactly(2), decode(-1))
        verify(.exactly(3), decode(gt(0)))
        verifyNoMoreInvocations(decode)

        // Both open calls keep the lane's records hidden; the calls after the clear are counted
        // and marked alone.
        clearInvocations(decode)
        verify(.never, decode(any()))
        for value: Int32 in [4, -2, 4] { _ = ctj_call_catching(decode, value, &result) }
        try Self.expectCount(1, decode) { _ = decode(-2) }
        verify(.once, decode(-2))
        #expect(captureFailures { verify(.exactly(3), decode(4)) }.first?.message.hasPrefix(
            "Expected decode to receive decode(4) exactly 3 times but received it 2 times.") == true)
        verify(.exactly(2), decode(4))
        verifyNoMoreInvocations(decode)
        #expect(invocations(of: decode).map(\.description) == ["decode(4) -> 8", "decode(-2) (did not return)", "decode(4) -> 8"])
    }

    /// The pattern is counted in place, and the copy agrees with the count.
    static func expectCount(_ count: Int, _ decode: Decode, _ prototype: () -> Void) throws {
        let pattern = try #require(Verification.patterns(shape: .oneCallEach, site: SourceSite(), prototype)?.first as? CallPattern)
        let tests = try #require(InvocationStore.recordTests(for: pattern))
        #expect(pattern.interceptor.store.countInPlace(tests) { _ in false } == count)
        #expect(RecordCheck(pattern).matching.count == count)
    }
}
