import CImpostorTestSupport
@testable import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A thread the owning test claims (`withCurrent`) is answered by the test's newest layer
/// straight from the dispatcher (its claimed route, in C); every other call is routed as
/// before: unclaimed threads and other tests' threads reach the original or their own test's
/// layer, stacked and scoped layers are decided by Swift's chooser, and a released Mockery's
/// layer answers no one. getpid, which only these tests interpose, is called from C on new
/// threads; another test is a Mockery standing in for one. Serialized: each test's layers are
/// its own, but the race below must not meet another test's.
@Suite(.serialized) struct InterposeClaimedRouteTests {
    private static let mocked: pid_t = 424_242
    /// Read before any layer is installed: this test's own calls are answered by its layers.
    private let real = getpid()

    /// getpid() called from C on a new thread, claimed for `mockery`'s test, or not claimed.
    private static func call(claimedBy mockery: Mockery?) -> pid_t {
        let answer = onNewThread { String(mockery.map { $0.withCurrent { ct_interpose_getpid() } } ?? ct_interpose_getpid()) }
        return answer.flatMap { pid_t($0) } ?? -1
    }

    @Test func aThreadTheOwningTestClaimsIsAnsweredByItsMock() {
        let mockery = Mockery("claimed")
        let getpidMock = mockery.interpose("getpid", as: GetPid.self)
        stub(getpidMock()).with { Self.mocked }

        #expect(Self.call(claimedBy: mockery) == Self.mocked)
        #expect(ct_interpose_getpid() == Self.mocked)  // the test's own task: Swift's chooser
        verify(.times(2), getpidMock())
    }

    @Test func aThreadNoTestClaimsReachesTheOriginal() {
        let mockery = Mockery("unclaimed")
        let getpidMock = mockery.interpose("getpid", as: GetPid.self)
        stub(getpidMock()).with { Self.mocked }

        #expect(Self.call(claimedBy: nil) == real)
        verify(.never, getpidMock())
    }

    @Test func aThreadAnotherTestClaimsReachesTheOriginalOrThatTestsLayer() {
        let mockery = Mockery("mine")
        let getpidMock = mockery.interpose("getpid", as: GetPid.self)
        stub(getpidMock()).with { Self.mocked }
        let other = Mockery("another test's", standingInForTest: "claimed route: another test")

        #expect(Self.call(claimedBy: other) == real)

        // Older than this test's: reached by the chooser once the claim passed the newest.
        let otherMock = withExtendedLifetime(getpidMock) { other.interpose("getpid", as: GetPid.self) }
        stub(otherMock()).with { 777 }
        let mine = Mockery("mine, again")
        let newestMock = mine.interpose("getpid", as: GetPid.self)
        stub(newestMock()).with { 555 }

        #expect(Self.call(claimedBy: other) == 777)
        #expect(Self.call(claimedBy: mine) == 555)
    }

    @Test func underAnotherTestsNewerLayerTheOlderOneStillAnswersItsTest() {
        let mockery = Mockery("older")
        let getpidMock = mockery.interpose("getpid", as: GetPid.self)
        stub(getpidMock()).with { Self.mocked }
        let other = Mockery("newer, another test's", standingInForTest: "claimed route: a newer layer")
        let otherMock = other.interpose("getpid", as: GetPid.self)
        stub(otherMock()).with { 777 }

        #expect(Self.call(claimedBy: mockery) == Self.mocked)
        #expect(ct_interpose_getpid() == Self.mocked)
        #expect(Self.call(claimedBy: other) == 777)
        #expect(Self.call(claimedBy: nil) == real)
    }

    @Test func scopedLayersAreStillRoutedByTheirCaller() {
        let mockery = Mockery("scoped")
        let everywhere = mockery.interpose("getpid", as: GetPid.self)
        stub(everywhere()).with { Self.mocked }
        let libraries = mockery.interpose("getpid", as: GetPid.self, in: .sharedLibraries)
        stub(libraries()).with { 555 }

        // The caller is in the main executable, which the newest layer leaves out.
        #expect(Self.call(claimedBy: mockery) == Self.mocked)

        let executable = mockery.interpose("getpid", as: GetPid.self, in: .mainExecutable)
        stub(executable()).with { 777 }
        #expect(Self.call(claimedBy: mockery) == 777)
        verify(.never, libraries())
    }

    @Test func afterTheMockeryIsReleasedTheOriginalAnswers() {
        var mockery: Mockery? = Mockery("released")
        let getpidMock = mockery!.interpose("getpid", as: GetPid.self)
        stub(getpidMock()).with { Self.mocked }
        #expect(Self.call(claimedBy: mockery) == Self.mocked)

        mockery = nil
        let sameTest = Mockery("the same test's")
        #expect(Self.call(claimedBy: sameTest) == real)
        #expect(ct_interpose_getpid() == real)
    }

    /// In a child process, so that a crash or a hang fails this test rather than the run.
    @Test(.enabled(if: getenv("IMPOSTOR_ROUTE_RACE") == nil))
    func claimedThreadsRacingReleasesAndReinterposesGetAnAnswerEachTime() throws {
        let output = try childRun(
            environment: "IMPOSTOR_ROUTE_RACE=1", filter: "InterposeClaimedRouteTests/claimedThreadsWhileLayersComeAndGo",
            timeout: 120)
        #expect(exitStatus(output) == 0, "\(output.suffix(6000))")
        let passed = output.split(separator: "\n").contains { $0.contains("claimedThreadsWhileLayersComeAndGo()") && $0.contains(" passed after ") }
        #expect(passed, "\(output.suffix(6000))")
    }

    /// Four C threads, claimed for a stand-in test, call getpid without pause while that test's
    /// layer is installed and released, sometimes under another test's, sometimes not its own:
    /// every call gets the real answer, the mock's, or zero (a mock not stubbed yet, or
    /// another test's), and none crashes.
    @Test(.enabled(if: getenv("IMPOSTOR_ROUTE_RACE") != nil))
    func claimedThreadsWhileLayersComeAndGo() throws {
        let owner = TestIdentity.standingIn(for: "claimed route: race")
        // Sound: test identities are interned and never freed.
        let claim = UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque())
        let started = ct_interpose_getpid_threads_start(4, Self.mocked, impostor_got_set_thread_owner, claim)
        let threads = try #require(started)
        for round in 0..<400 {
            let mockery = Mockery("race", standingInForTest: round % 3 == 2 ? "claimed route: not the race" : "claimed route: race")
            let getpidMock = mockery.interpose("getpid", as: GetPid.self)
            stub(getpidMock()).with { Self.mocked }
            let other = Mockery("over it", standingInForTest: "claimed route: over the race")
            if round % 2 == 1 { _ = other.interpose("getpid", as: GetPid.self) }
            withExtendedLifetime((mockery, other)) {}
        }
        var real = 0, mocked = 0, zero = 0, other = 0
        ct_interpose_threads_stop(threads, &real, &mocked, &zero, &other)

        #expect(other == 0)
        #expect(real > 0)
        #expect(mocked > 0)
        #expect(ct_interpose_getpid() == getpid())
    }
}
