import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Four C threads call getppid() without pause while a mock over it is installed and released
/// a thousand times: every call gets the real answer, the mock's, or zero (the mock between
/// its creation and its stub), and none crashes or reaches a released mock.
@Suite struct InterposeStressTests {
    @Test func fourThreadsWhileMocksComeAndGo() throws {
        let mockedParent: pid_t = 424_242
        let threads = try #require(ct_interpose_threads_start(4, mockedParent))
        var installed = 0
        for _ in 0..<1000 {
            let mockery = Mockery("getppid")
            let getppidMock = mockery.interpose("getppid", as: GetPid.self, answering: .everyThread)
            stub(getppidMock()).with { mockedParent }
            if ct_interpose_getppid() == mockedParent { installed += 1 }
            withExtendedLifetime(mockery) {}
        }
        var real = 0, mocked = 0, unstubbed = 0, other = 0
        ct_interpose_threads_stop(threads, &real, &mocked, &unstubbed, &other)

        #expect(installed == 1000)
        #expect(other == 0)
        #expect(real > 0)
        #expect(mocked > 0)
        #expect(ct_interpose_getppid() == getppid())
    }
}
