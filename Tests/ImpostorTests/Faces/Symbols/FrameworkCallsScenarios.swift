import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Which scenario of FrameworkCallsScenarios this process runs (set by FrameworkCallsTests).
let frameworkCallsScenario = getenv("IMPOSTOR_FRAMEWORK_SCENARIO") != nil

typealias ClockGetTime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32
typealias Write = @convention(c) (Int32, UnsafeRawPointer?, Int) -> Int

/// Interpositions of what Swift Testing, Swift's runtime and Impostor call themselves, with a
/// failure recorded while each is in place. Each runs alone in a child process (see
/// FrameworkCallsTests): before the rule that sends the framework's calls to the real function,
/// Swift Testing timed the issue with the fake clock and trapped in `Duration.init`.
@Suite(.enabled(if: frameworkCallsScenario))
struct FrameworkCallsScenarios {
    static let fakeSeconds = 1_700_000_000

    /// Every object; under a sanitizer whose runtime intercepts `symbol`, the shared libraries
    /// (the executable's own calls go to the interceptor, and interpose would say so). The
    /// framework's libraries are shared libraries either way.
    static func scope(for symbol: String) -> InterpositionScope {
        InterpositionTestSupport.sanitizerIntercepts(symbol) ? .sharedLibraries : .allObjects
    }

    @Test(.mockery) func aFailedExpectationWhileOnlyTheWallClockIsStubbed() {
        let clock = interpose("clock_gettime", as: ClockGetTime.self, in: Self.scope(for: "clock_gettime"))
        // The stub answers CLOCK_REALTIME only: any other clock read through the mock answers 0
        // and leaves its timespec unwritten, which Swift Testing's timing cannot survive.
        stub(clock(eq(CLOCK_REALTIME), any())).with { (_: clockid_t, time: UnsafeMutablePointer<timespec>?) -> Int32 in
            time?.pointee = timespec(tv_sec: Self.fakeSeconds, tv_nsec: 0)
            return 0
        }
        // The test's own calls, from C and from Swift, are the code under test's. (Under a
        // sanitizer that intercepts the clock, the executable's calls go to its interceptor, and
        // interpose warned so: they read the real clock.)
        let reached = !InterpositionTestSupport.sanitizerIntercepts("clock_gettime")
        #expect((ct_interpose_realtime_seconds() == Self.fakeSeconds) == reached)
        var now = timespec()
        #expect(clock_gettime(CLOCK_REALTIME, &now) == 0)
        #expect((now.tv_sec == Self.fakeSeconds) == reached)

        withKnownIssue { #expect(Bool(false), "recorded while the clock is faked") }

        // Swift Testing read the clock to time that issue; none of its reads reached the mock.
        verify(.exactly(reached ? 2 : 0), clock(any(), any()))
    }

    @Test(.mockery) func aRefusalReportedAtInterposeWhileAnUnstubbedClockIsInPlace() {
        // No stub: every clock read that reached this mock would answer 0 with nothing written.
        let clock = interpose("clock_gettime", as: ClockGetTime.self, in: Self.scope(for: "clock_gettime"))
        withKnownIssue {
            // Refused (Impostor calls malloc itself), and reported at this line, which Swift
            // Testing times.
            _ = interpose("malloc", as: Malloc.self)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Cannot interpose malloc in every object") }
        }
        verify(.never, clock(any(), any()))
    }

    @Test(.mockery) func writeStubbedToFailInEveryObject() {
        let write = interpose("write", as: Write.self, in: Self.scope(for: "write"))
        stub(write(any(), any(), any())).failing(.always, returning: -1, errno: EIO)

        // The test's own writes fail, from C and from Swift (unless a sanitizer's interceptor
        // takes the executable's calls, as interpose warned).
        let reached = !InterpositionTestSupport.sanitizerIntercepts("write")
        #expect((ct_interpose_write(2, "x", 1) == -1) == reached)
        #expect((Glibc.write(2, "y", 1) == -1) == reached)

        withKnownIssue { #expect(Bool(false), "recorded while write fails everywhere") }
        verify(.exactly(reached ? 2 : 0), write(any(), any(), any()))
    }
}
