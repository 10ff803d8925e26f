import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What decides whether a function pointer that code keeps reaches a mock whose calls go
/// through GOT slots: when the pointer was read. One read from the slot when the code runs
/// (Swift's debug build of `let sysWrite = write`, initialized at first use) follows the
/// interposition; one the dynamic linker wrote into data at load time (a relocation against the
/// symbol: C's static initializers, Swift's release build of the same global) holds the real
/// function and does not, as CSymbols.md says.
@Suite(.mockery) struct FunctionPointersInDataTests {
    @Test(.enabled(if: !InterpositionTestSupport.sanitizerIntercepts("write")))
    func aPointerReadFromTheSlotFollowsTheInterpositionOneWrittenAtLoadDoesNot() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        // Never blocks: a byte that did not arrive fails the read instead of hanging the test.
        _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
        let write = interpose("write", as: Write.self, in: .mainExecutable)
        guard case .gotSlots? = interpositionMethod(of: write) else {
            Issue.record("expected GOT slots, got \(String(describing: interpositionMethod(of: write)))")
            return
        }
        stub(write(eq(descriptors[1]), any(), any())).failing(.always, returning: -1, errno: ENOSPC)

        #expect(ct_interpose_write_through_slot(descriptors[1], "a", 1) == -1)
        #expect(errno == ENOSPC)
        // Loaded at start: the real write, which the mock never sees.
        #expect(ct_interpose_write_through_data(descriptors[1], "b", 1) == 1)
        verify(.once, write(eq(descriptors[1]), any(), any()))
        var byte: UInt8 = 0
        #expect(read(descriptors[0], &byte, 1) == 1)
        #expect(byte == UInt8(ascii: "b"))
    }
}
