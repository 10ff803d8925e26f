import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

typealias LongToLong = @convention(c) (Int) -> Int

/// Each instruction class the entry relocator rewrites, at the start of an assembly function of
/// relocation_callers.c: the function entry-patched, then called with arguments that take its
/// branch and arguments that do not, through `callingOriginal()` (the patched entry, then the
/// relocated copy) and through `original(of:)` (the copy itself); each answer must be the
/// unpatched function's. A linear sweep of libc's entries (EntryPatchSweepTests) meets few of
/// these forms, and none with both ways of its branch.
///
/// Each scenario runs in a child process with a timeout: a branch relocated one byte off lands
/// inside an instruction, and may end the process (SIGILL, SIGSEGV) instead of answering wrong.
@Suite(.enabled(if: MachineArchitectureForTests.isX86_64)) struct EntryRelocationTests {
    static let scenarios = [
        "shortConditionalJumpScenario", "nearConditionalJumpScenario", "shortJumpScenario", "nearJumpScenario",
        "callScenario", "ripRelativeReadScenario", "ripRelativeStoreScenario", "ripRelativeIndirectJumpScenario",
        "exactLengthScenario", "loopAtTheFirstByteScenario",
    ]

    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") == nil), arguments: scenarios)
    func inAChildProcess(_ scenario: String) throws {
        let output = try childRun(environment: "IMPOSTOR_RELOCATION_SCENARIO=1", filter: "EntryRelocationTests/\(scenario)",
                                  timeout: 120)
        #expect(exitStatus(output) == 0, "\(output.suffix(6000))")
        #expect(output.contains("Test \(scenario)() passed after"), "\(output.suffix(6000))")
    }

    /// Patches the entry of `name` (`function`), and checks that each of `cases` (an argument
    /// and the unpatched function's answer) gets that answer through `callingOriginal()` and
    /// through `original(of:)`, while an argument of its own gets the mock's; then that the
    /// entry's bytes and answers come back once the Mockery is released. `check` runs with the
    /// entry and with the copy, for what a function does besides answering.
    static func relocated(_ name: String, _ function: LongToLong, _ cases: [(argument: Int, result: Int)],
                          check: (LongToLong) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // The assembly itself, before any patch: each case takes the way it says.
        for (argument, result) in cases {
            #expect(function(argument) == result, "\(name)(\(argument)) unpatched", sourceLocation: sourceLocation)
        }
        let before = code(of: function)
        do {
            let mockery = Mockery(name)
            let mock = try mockery.makeInterposition(name, as: LongToLong.self)
            guard case .entryPatch = interpositionMethod(of: mock) else {
                Issue.record("\(name) was not entry-patched: \(String(describing: interpositionMethod(of: mock)))",
                             sourceLocation: sourceLocation)
                return
            }
            #expect(code(of: function) != before, sourceLocation: sourceLocation)
            let real = original(of: mock)
            mockery.withCurrent {
                stub(mock(any())).callingOriginal()
                stub(mock(424_242)).with { 77 }
                #expect(function(424_242) == 77, "\(name): the patch reaches the mock", sourceLocation: sourceLocation)
                for (argument, result) in cases {
                    #expect(function(argument) == result, "\(name)(\(argument)) through callingOriginal()",
                            sourceLocation: sourceLocation)
                    #expect(real(argument) == result, "\(name)(\(argument)) through original(of:)", sourceLocation: sourceLocation)
                }
                check(function)
                check(real)
                verify(mock(424_242))
                for (argument, _) in cases {
                    verify(.atLeast(1), mock(argument))
                }
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(code(of: function) == before, "\(name) restored byte for byte", sourceLocation: sourceLocation)
        for (argument, result) in cases {
            #expect(function(argument) == result, "\(name)(\(argument)) restored", sourceLocation: sourceLocation)
        }
    }

    /// The first 16 bytes at `function`.
    static func code(of function: LongToLong) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16)
        ct_patch_read_code(unsafeBitCast(function, to: UnsafeRawPointer.self), &bytes, 16)
        return bytes
    }

    /// `test rdi, rdi; je` fills the patch's 5 bytes: the `je` is widened to `jcc rel32`, whose
    /// displacement counts from the end of its 6 bytes. (`js` too, for another condition.)
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func shortConditionalJumpScenario() throws {
        try Self.relocated("ct_reloc_short_jcc", ct_reloc_short_jcc, [(0, -1), (5, 16), (-7, -20)])
        try Self.relocated("ct_reloc_short_js", ct_reloc_short_js, [(-3, -11), (4, 15), (0, 11)])
    }

    /// `cmp rdi, 0; je rel32`: the near form, copied with its displacement moved.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func nearConditionalJumpScenario() throws {
        try Self.relocated("ct_reloc_near_jcc", ct_reloc_near_jcc, [(0, -2), (5, 17)])
    }

    /// `jmp rel8` at byte 4, behind a `jne` that skips it: widened to `jmp rel32`.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func shortJumpScenario() throws {
        try Self.relocated("ct_reloc_short_jmp", ct_reloc_short_jmp, [(0, -3), (5, 8)])
    }

    /// `jmp rel32` at byte 4, behind a `jne` that skips it.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func nearJumpScenario() throws {
        try Self.relocated("ct_reloc_near_jmp", ct_reloc_near_jmp, [(0, -4), (5, 9)])
    }

    /// `call rel32` at byte 4, behind a `je` that skips it: the callee returns into the copy,
    /// whose jump back goes on at the instruction after the call.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func callScenario() throws {
        try Self.relocated("ct_reloc_call", ct_reloc_call, [(0, -5), (5, 1011)])
    }

    /// RIP-relative reads: a load, a `lea` of a table, and a compare whose immediate follows
    /// the displacement (so the operand's address counts from the instruction's end, not the
    /// displacement's), its `je` taken and not. Each reads the memory as it is now.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func ripRelativeReadScenario() throws {
        ct_reloc_set_word(100)
        try Self.relocated("ct_reloc_rip_load", ct_reloc_rip_load, [(0, 100), (5, 105)]) { function in
            ct_reloc_set_word(250)
            #expect(function(5) == 255)
            ct_reloc_set_word(100)
        }
        try Self.relocated("ct_reloc_rip_lea", ct_reloc_rip_lea, [(0, 10), (3, 40)])
        ct_reloc_set_flag(0)
        try Self.relocated("ct_reloc_rip_compare", ct_reloc_rip_compare, [(1, 7)]) { function in
            ct_reloc_set_flag(7)
            #expect(function(1) == -6)
            ct_reloc_set_flag(0)
            #expect(function(1) == 7)
        }
    }

    /// RIP-relative stores: of a register, and of an immediate that follows the displacement.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func ripRelativeStoreScenario() throws {
        try Self.relocated("ct_reloc_rip_store", ct_reloc_rip_store, [(41, 48)]) { function in
            #expect(function(-9) == -2)
            #expect(ct_reloc_cell() == -9)
            #expect(function(41) == 48)
            #expect(ct_reloc_cell() == 41)
        }
        try Self.relocated("ct_reloc_rip_store_immediate", ct_reloc_rip_store_immediate, [(1, 9)]) { function in
            ct_reloc_clear_mark()
            #expect(function(2) == 10)
            #expect(ct_reloc_mark() == 0x5a5a_5a5a)
        }
    }

    /// `jmp [rip + pointer]`, a PLT entry's shape: an indirect jump, moved as a RIP-relative
    /// operand, not as a relative branch.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func ripRelativeIndirectJumpScenario() throws {
        try Self.relocated("ct_reloc_rip_jump", ct_reloc_rip_jump, [(0, 9), (5, 14)])
    }

    /// A function exactly as long as the patch (`lea; ret`, 5 bytes by its symbol): its first
    /// whole instructions end at its end, so it is patched, and the function right after it,
    /// with no padding between, is untouched.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func exactLengthScenario() throws {
        #expect(ct_reloc_exact_neighbor(5) == 7)
        try Self.relocated("ct_reloc_exact", ct_reloc_exact, [(0, 1), (5, 11)]) { _ in
            #expect(ct_reloc_exact_neighbor(5) == 7)
        }
        #expect(ct_reloc_exact_neighbor(5) == 7)
    }

    /// `1: dec rdi; jnz 1b`: the loop's branch back is to byte 0, which neither check refuses
    /// (they refuse bytes 1 to 4), and which holds the patch's jump once patched: each turn of
    /// the loop goes through the patch again. It must stay the one call under way, passed on to
    /// the copy, not a new call for the mock (one recorded call, and a stub for a later turn's
    /// value never answers in the middle of it). So it is through `callingOriginal()`; called
    /// through `original(of:)`, the turn that enters the patch with 2 is answered by the mock.
    @Test(.enabled(if: getenv("IMPOSTOR_RELOCATION_SCENARIO") != nil)) func loopAtTheFirstByteScenario() throws {
        #expect(ct_reloc_loop_at_entry(3) == 42)
        let mockery = Mockery("ct_reloc_loop_at_entry")
        let mock = try mockery.makeInterposition("ct_reloc_loop_at_entry", as: LongToLong.self)
        let answers: [Int] = mockery.withCurrent {
            stub(mock(any())).callingOriginal()
            let whole = ct_reloc_loop_at_entry(3)
            let calls = invocations(of: mock).count
            stub(mock(2)).with { 7 }
            return [whole, calls, ct_reloc_loop_at_entry(3), ct_reloc_loop_at_entry(2), original(of: mock)(3)]
        }
        #expect(answers.prefix(4) == [42, 1, 42, 7])
        withKnownIssue("original(of:) of a function whose loop starts at byte 0: each turn enters the patch as a call") {
            #expect(answers.last == 42)
        }
        withExtendedLifetime(mockery) {}
        #expect(ct_reloc_loop_at_entry(3) == 42)
    }

    /// Branches with no 32-bit form (`loop`, `loope`, `loopne`, `jrcxz`, `jecxz`) within the
    /// first 5 bytes are refused at the interpose line with the instruction's offset; the
    /// function, never patched, answers as before, its branch taken (1) and not (0).
    @Test(arguments: [("ct_reloc_loop", 4, 5, 1), ("ct_reloc_loope", 4, 0, 5), ("ct_reloc_loopne", 4, 5, 1),
                      ("ct_reloc_jrcxz", 2, 0, 5), ("ct_reloc_jecxz", 3, 1 << 32, 5)])
    func aBranchWithNoFarForm(_ name: String, byte: Int, taken: Int, notTaken: Int) {
        let function: LongToLong = switch name {
        case "ct_reloc_loop": ct_reloc_loop
        case "ct_reloc_loope": ct_reloc_loope
        case "ct_reloc_loopne": ct_reloc_loopne
        case "ct_reloc_jrcxz": ct_reloc_jrcxz
        default: ct_reloc_jecxz
        }
        let before = Self.code(of: function)
        let failures = captureFailures {
            let mockery = Mockery(name)
            _ = mockery.interpose(name, as: LongToLong.self)
            #expect(function(taken) == 1)
            withExtendedLifetime(mockery) {}
        }
        #expect(failures.map(\.message) == ["Cannot interpose \(name): its calls need its entry patched (a function of the "
            + "main executable, called directly), but its instruction at byte \(byte) cannot run from the copy that serves "
            + "as the original (a loop or jrcxz instruction, or an operand out of a 32-bit displacement's reach)."])
        #expect(Self.code(of: function) == before)
        #expect(function(taken) == 1)
        #expect(function(notTaken) == 0)
    }
}
