import CImpostorTestSupport
@_spi(Benchmarks) import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A stub's block may call its own mock again, through C, as a tree walker's callback does.
/// Each level is a C call into the mock whose answer is the block, so the stack each level
/// takes decides how deep a test thread can go. The stubbing article ("The answering block") promises 1,000 levels on a
/// test thread, on both kinds of entry point, and gives the bytes per level.
@Suite struct RecursionTests {
    enum Entry: CaseIterable { case staticTrampoline, libffiClosure }
    /// A stub of `any()` is answered by the mock's entry point itself (a stub key); one with a
    /// matcher that runs code goes through Impostor's Swift handler.
    enum Answer: CaseIterable { case key, handler }

    /// Runs `f(n) = n + f(n - 1)`, `f(0) = 0`, `depth` levels deep, each level a call from C into
    /// the mock answered by the stub; returns the result, the calls recorded and the stack each
    /// level took.
    static func recurse(depth: Int32, entry: Entry, answer: Answer) -> (result: Int32, calls: Int, bytesPerLevel: Int) {
        let mockery = Mockery("recursion")
        let make = { mockery.mock(of: cr_depth_fn.self, named: "depth") }
        let f = entry == .libffiClosure ? withLibffiTrampolines(make) : make()
        #if arch(x86_64) && os(Linux)
        let isStatic = entry == .staticTrampoline && !libffiPathForced
        #expect(ct_is_static_trampoline(unsafeBitCast(f, to: UnsafeRawPointer.self)) == (isStatic ? 1 : 0))
        #endif
        var top: UInt = 0
        var bottom: UInt = 0
        let block = { (n: Int32) -> Int32 in
            let here = cr_stack_address()
            if n == depth { top = here }
            guard n > 0 else {
                bottom = here
                return 0
            }
            return n + cr_call(f, n - 1)
        }
        mockery.withCurrent {
            switch answer {
            case .key: stub(f(any())).with(block)
            case .handler: stub(f(ge(0))).with(block)
            }
        }
        let result = cr_call(f, depth)
        return (result, invocations(of: f).count, Int(top - bottom) / Int(depth))
    }

    /// Run in a child process (see the next test): if a level took too much stack, the thread
    /// would overflow it and the process would die.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "recursion"),
          arguments: Entry.allCases, Answer.allCases)
    func aStubCallingItsOwnMockAThousandLevelsDeepComputesItsResult(entry: Entry, answer: Answer) {
        let run = Self.recurse(depth: 1_000, entry: entry, answer: answer)
        #expect(run.result == 500_500)
        #expect(run.calls == 1_001)
    }

    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") == nil && getenv("IMPOSTOR_TRAMPOLINE") == nil))
    func aThousandLevelsFitOnATestThreadOnBothEntryPaths() throws {
        // Killed after two minutes, so that a hang fails the test instead of the whole run.
        let output = try childRun(
            environment: "IMPOSTOR_ALONE=recursion timeout -k 5 120",
            filter: "aStubCallingItsOwnMockAThousandLevelsDeepComputesItsResult")
        #expect(output.contains("exit status 0"), "\(output.suffix(3000))")
        #expect(output.contains("aStubCallingItsOwnMockAThousandLevelsDeepComputesItsResult(entry:answer:) with 4 test cases passed"),
                "\(output.suffix(3000))")
    }

    /// The figures the stubbing article gives: at most 3.5 KB a level in a debug build (2.0 to 3.2 KB
    /// measured), which 1,000 levels on a test thread's 8 MiB leave far from the end. Not under
    /// the sanitizers, whose frames are several times larger.
    @Test(.enabled(if: cr_sanitized() == 0), arguments: Entry.allCases, Answer.allCases)
    func eachLevelTakesAtMostThreeAndAHalfKilobytes(entry: Entry, answer: Answer) {
        let run = Self.recurse(depth: 200, entry: entry, answer: answer)
        #expect(run.result == 20_100)
        #expect(run.bytesPerLevel <= 3_584, "\(run.bytesPerLevel) bytes a level")
    }

    /// Swift Testing runs tests on threads of 8 MiB on Linux, most of it free when a test starts.
    @Test func aTestThreadHasEightMebibytesOfStack() {
        #expect(cr_thread_stack_size() >= 8 << 20, "\(cr_thread_stack_size()) bytes")
        #expect(cr_stack_left() >= 7 << 20, "\(cr_stack_left()) bytes left")
    }
}
