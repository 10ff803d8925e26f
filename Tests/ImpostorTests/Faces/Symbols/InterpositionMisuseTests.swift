import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every interposition error this machine can produce, asserted by its text and line, as the
/// "C symbols" part of the misuse catalog lists them. Each is reported, never a silent no-op.
@Suite struct InterpositionMisuseTests {
    typealias LocalTime = @convention(c) (UnsafePointer<time_t>?, UnsafeMutablePointer<tm>?) -> UnsafeMutablePointer<tm>?
    typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
    typealias Takes = @convention(c) (Int32) -> Int32

    /// The single failure `body` raised, or nil.
    private func failure(_ body: () -> Void) -> ImpostorFailure? {
        let failures = captureFailures(body)
        #expect(failures.count == 1, "expected exactly one failure, got \(failures)")
        return failures.first
    }

    private func loadSQLite() throws { _ = try #require(dlopen("libsqlite3.so.0", RTLD_NOW)) }

    @Test func aSymbolNoObjectDefines() {
        let line = #line + 1
        let failure = failure { _ = Mockery().interpose("ct_no_such_function_anywhere", as: Takes.self) }
        let message = failure?.message ?? ""
        #expect(message.hasPrefix("Cannot interpose ct_no_such_function_anywhere: no GOT slot for it in any loaded object, "
            + "no loaded object exports it, and no symbol table names a function so. Check the spelling (C names, such as "
            + "\"getenv\") and load the library that defines it first."), "\(message)")
        // libc is stripped on Debian: its static functions cannot be found by name, which the text says.
        #expect(message.contains(" are stripped (no .symtab), so a static function of theirs cannot be found by name."),
                "\(message)")
        #expect(failure?.site.line == line)
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func twoStaticFunctionsOfOneName() throws {
        let failure = failure { _ = Mockery().interpose("ct_patch_twin", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_patch_twin: 2 functions are named so (patch_callers.c, the main "
            + "executable; patch_twin.c, the main executable), static functions of different source files, and the name "
            + "alone does not say which. Name the source file before the function, as in "
            + "interpose(\"patch_callers.c:ct_patch_twin\", as: ...).")
        // Named so, each is reached.
        let mockery = Mockery("ct_patch_twin")
        let there = try mockery.makeInterposition("patch_twin.c:ct_patch_twin", as: Takes.self)
        mockery.withCurrent {
            stub(there(any())).with { 7 }
            #expect(ct_patch_call_twin_there(1) == 7)
            #expect(ct_patch_call_twin_here(1) == 101)
        }
        withExtendedLifetime(mockery) {}
    }

    /// The mock a refused interposition hands back stands for the real function and is reached
    /// by no dispatcher. Run in a child process (see the next test): reading that mock's face
    /// as a dispatcher's once trapped.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "refused"))
    func aRefusedInterpositionsMockStandsForTheRealFunctionAlone() throws {
        try loadSQLite()
        let mockery = Mockery("refused")
        var made: LocalTime?
        // Refused as in `aRefusedMprotect`.
        impostor_got_fail_next_protection_changes(1, EACCES)
        let failures = captureFailures { made = mockery.interpose("localtime_r", as: LocalTime.self, in: "libsqlite3") }
        impostor_got_fail_next_protection_changes(0, 0)
        #expect(failures.count == 1)
        let mock = try #require(made)
        // It rebinds nothing: no method; the real function is its original.
        #expect(interpositionMethod(of: mock) == nil)
        let real = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "localtime_r"))
        #expect(unsafeBitCast(original(of: mock), to: UnsafeMutableRawPointer.self) == real)
        var time: time_t = 86_400 * 365
        var parts = tm()
        mockery.withCurrent {
            stub(mock(any(), any())).callingOriginal()
            // The real localtime_r answers through the mock: a default answer would be NULL.
            #expect(mock(&time, &parts) != nil)
        }
        #expect(parts.tm_year == 71)
        #expect(invocations(of: mock).count == 1)
        withExtendedLifetime(mockery) {}
    }

    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") == nil))
    func aRefusedInterpositionsMockStandsForTheRealFunction() throws {
        let output = try childRun(
            environment: "IMPOSTOR_ALONE=refused", filter: "aRefusedInterpositionsMockStandsForTheRealFunctionAlone", timeout: 120)
        #expect(output.contains("exit status 0"), "\(output.suffix(3000))")
        #expect(output.contains("aRefusedInterpositionsMockStandsForTheRealFunctionAlone() passed"), "\(output.suffix(3000))")
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func aFunctionShorterThanThePatch() {
        let failure = failure { _ = Mockery().interpose("ct_patch_tiny", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_patch_tiny: its calls need its entry patched (a function of the "
            + "main executable, called directly), but it is 3 bytes long, shorter than the 5-byte jump a patch writes: the "
            + "jump would overwrite the function after it. Interpose the function that calls it instead, or hand the code "
            + "under test a mockFunction pointer where it takes one.")
        #expect(ct_patch_call_tiny() == 0)
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func aBranchIntoThePatchedBytes() {
        let failure = failure { _ = Mockery().interpose("ct_patch_count_to", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_patch_count_to: its calls need its entry patched (a function of "
            + "the main executable, called directly), but its instruction at byte 6 jumps into its first 5 bytes, which the "
            + "patch replaces with a jump: that branch would land inside it.")
        #expect(ct_patch_call_count_to(5) == 5)
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func aMisspelledName() {
        let failure = failure { _ = Mockery().interpose("ct_patch_helpr", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_patch_helpr: no GOT slot for it in any loaded object, no loaded "
            + "object exports it, and no symbol table names a function so. Did you mean ct_patch_helper (the main executable)?")
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func aSourceFileThatDefinesNoSuchFunction() {
        let failure = failure { _ = Mockery().interpose("patch_nope.c:ct_patch_twin", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose patch_nope.c:ct_patch_twin: no source file patch_nope.c defines a "
            + "function ct_patch_twin in the symbol tables; ct_patch_twin is defined in patch_callers.c, the main executable; "
            + "patch_twin.c, the main executable. Name one of those files, or ct_patch_twin alone when it is the only one.")
    }

    @Test func aStaticFunctionOfAStrippedLibrary() throws {
        _ = try #require(dlopen("libz.so.1", RTLD_NOW))
        let failure = failure { _ = Mockery().interpose("ct_deflate_stored_nowhere", as: Takes.self, in: "libz") }
        #expect(failure?.message == "Cannot interpose ct_deflate_stored_nowhere: no GOT slot for it in libz, no loaded "
            + "object exports it, and no symbol table names a function so. Check the spelling (C names, such as \"getenv\") "
            + "and load the library that defines it first. libz.so.1 is stripped (no .symtab), so a static function of it "
            + "cannot be found by name.")
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func anInstructionThatCannotMove() {
        let failure = failure { _ = Mockery().interpose("ct_patch_jrcxz_first", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_patch_jrcxz_first: its calls need its entry patched (a function "
            + "of the main executable, called directly), but its instruction at byte 0 cannot run from the copy that serves "
            + "as the original (a loop or jrcxz instruction, or an operand out of a 32-bit displacement's reach).")
    }

    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func bytesCapstoneCannotDecode() {
        let failure = failure { _ = Mockery().interpose("ct_patch_undecodable", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_patch_undecodable: its calls need its entry patched (a function "
            + "of the main executable, called directly), but capstone cannot decode its instruction at byte 0, so its first "
            + "instructions cannot be copied to run as the original.")
    }

    /// Another tool rewriting the entry while the mock is installed: releasing the Mockery
    /// leaves it alone and says so at the interpose line.
    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func anEntryRewrittenMeanwhile() throws {
        var line = 0
        var saved = [UInt8](repeating: 0, count: 1)
        let address = unsafeBitCast(ct_patch_rewritten as Takes, to: UnsafeRawPointer.self)
        ct_patch_read_code(address, &saved, 1)
        let failures = captureFailures {
            let mockery = Mockery("ct_patch_rewritten")
            line = #line + 1
            _ = mockery.interpose("ct_patch_rewritten", as: Takes.self)
            #expect(ct_patch_overwrite_first_byte(address, 0xcc) == 0)
            withExtendedLifetime(mockery) {}
        }
        #expect(failures.map(\.message) == ["Could not restore the entry of ct_patch_rewritten in the main executable: its "
            + "first bytes no longer hold Impostor's jump, so something else rewrote them while the mock was installed. They "
            + "were left as they are."])
        #expect(failures.first?.site.line == line)
        // Put back by hand: the jump's displacement is still there, behind the first byte.
        #expect(ct_patch_overwrite_first_byte(address, 0xe9) == 0)
    }

    @Test func aSymbolImpostorUsesOnlyAPatchCouldReach() {
        typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
        // libnettle (loaded with Foundation) imports no malloc: no slot carries its calls, and a
        // patch would take Impostor's own.
        let failure = failure { _ = Mockery().interpose("malloc", as: Malloc.self, in: "libnettle") }
        #expect(failure?.message == "Cannot interpose malloc in libnettle: libnettle has no GOT slot for malloc, so only "
            + "patching malloc's entry would reach its calls, and that would catch "
            + "Impostor's own calls too (it calls malloc while routing and answering interposed calls). If libnettle takes "
            + "the function as a hook (json_set_alloc_funcs, sqlite3_config), hand it a mock made with mockFunction instead.")
    }

    /// A library that keeps malloc's address in its data (libsasl2's allocation table, as
    /// jansson's `do_malloc = malloc`) calls it through no slot: the refusal says why, and does
    /// not advise naming the library the test named (found by a trial with libjansson).
    @Test func aSymbolALibraryKeepsInItsDataOnlyAPatchCouldReach() throws {
        typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
        // Loaded with libcurl, which Foundation's networking links.
        _ = try #require(dlopen("libsasl2.so.2", RTLD_NOW))
        let failure = failure { _ = Mockery().interpose("malloc", as: Malloc.self, in: "libsasl2") }
        #expect(failure?.message == "Cannot interpose malloc in libsasl2: libsasl2 calls malloc through no GOT slot but "
            + "through its address kept in its own data, which the dynamic linker wrote there at load time (as `static "
            + "json_malloc_t do_malloc = malloc;` does). Only patching malloc's entry would reach its calls, and that would catch Impostor's own calls too (it calls malloc while routing and "
            + "answering interposed calls). If libsasl2 takes the function as a hook (json_set_alloc_funcs, "
            + "sqlite3_config), hand it a mock made with mockFunction instead.")
    }

    /// Under a sanitizer that intercepts pwrite64, SQLite's calls of it reach the interceptor in
    /// the executable (the loader resolved its pointers there), and the refusal says so rather
    /// than that SQLite does not call it.
    @Test(.enabled(if: InterpositionTestSupport.sanitizerIntercepts("pwrite64")))
    func aLibrarysCallsThatASanitizerTakes() throws {
        try loadSQLite()
        typealias PWrite = @convention(c) (Int32, UnsafeRawPointer?, Int, Int64) -> Int
        let failure = failure { _ = Mockery().interpose("pwrite64", as: PWrite.self, in: "libsqlite3") }
        let runtime = InterpositionTestSupport.sanitizer ?? ""
        #expect(failure?.message == "Cannot interpose pwrite64 in libsqlite3: \(runtime)'s runtime, linked into the main "
            + "executable, intercepts pwrite64, and the dynamic linker resolved the calls of libsqlite3 (its GOT slots and the "
            + "pointers it takes at load time, as SQLite's table of system calls) to that interceptor, which calls the real "
            + "pwrite64 itself: patching the real function would see every call come from the sanitizer, so none could be "
            + "told to be libsqlite3's. Run this test without the sanitizer, or interpose a symbol it does not intercept.")
    }

    @Test func aRenamedImport() throws {
        try loadSQLite()
        let open = failure { _ = Mockery().interpose("open", as: Open.self, in: "libsqlite3") }
        #expect(open?.message == "Cannot interpose open: no GOT slot for it in libsqlite3, but one for \"open64\": "
            + "the C headers renamed the calls (large-file, fortified or C99 variants). Interpose \"open64\" instead.")
    }

    /// Every renamed import is named, in the order the message lists the variants, from the one
    /// walk over the objects that looks for all of them (the C caller imports two). Not under a
    /// sanitizer, whose runtime intercepts pread: that refusal comes first (tested above).
    @Test(.enabled(if: InterpositionTestSupport.sanitizer == nil)) func everyRenamedImportIsNamed() throws {
        typealias PRead = @convention(c) (Int32, UnsafeMutableRawPointer?, Int, Int64) -> Int
        var bytes = [UInt8](repeating: 0, count: 4)
        let descriptor = open("/proc/self/exe", O_RDONLY)
        defer { close(descriptor) }
        #expect(cm_read_renamed(descriptor, &bytes, 4) == 4)
        #expect(bytes == [0x7f, 0x45, 0x4c, 0x46])
        let failure = failure { _ = Mockery().interpose("pread", as: PRead.self, in: .mainExecutable) }
        #expect(failure?.message == "Cannot interpose pread: no GOT slot for it in the main executable, but one for "
            + "\"pread64\", \"__pread64_chk\": the C headers renamed the calls (large-file, fortified or C99 variants). "
            + "Interpose \"pread64\", \"__pread64_chk\" instead.")
    }

    @Test func aLibraryThatIsNotLoaded() {
        let failure = failure { _ = Mockery().interpose("getenv", as: GetEnv.self, in: "libimpostor-not-loaded") }
        #expect(failure?.message == "Cannot interpose getenv in libimpostor-not-loaded: no loaded library is named "
            + "libimpostor-not-loaded. Check the name (a file name such as \"libsqlite3\" or \"libsqlite3.so.0\"), and link "
            + "or dlopen the library before interposing.")
    }

    @Test func aSymbolImpostorUsesItself() {
        typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
        let failure = failure { _ = Mockery().interpose("malloc", as: Malloc.self) }
        #expect(failure?.message == "Cannot interpose malloc in every object: Impostor itself calls it while routing and "
            + "answering interposed calls, so rebinding its own calls would send them back into the dispatcher. Scope it to "
            + "the library whose calls you test, as in interpose(\"malloc\", as: ..., in: \"libsqlite3\"): Impostor's own "
            + "calls never go through that library's slots.")
    }

    @Test func aTypeThatCannotBeMocked() {
        let failure = failure { _ = Mockery().interpose("getenv", as: Int.self) }
        #expect(failure?.message.hasPrefix("Cannot interpose getenv: Cannot mock Int:") == true)
    }

    @Test func aCaptureDeclarationThatDoesNotFit() {
        let failure = failure { _ = Mockery().interpose("getenv", as: GetEnv.self, capturing: [0: .buffer(count: 1)]) }
        #expect(failure?.message.hasPrefix("Cannot interpose getenv: Cannot mock @convention(c) (Optional<UnsafePointer<Int8>>) -> Optional<UnsafeMutablePointer<Int8>> as getenv: capturing: [0: .buffer(count: 1)]") == true, "\(String(describing: failure))")
    }

    @Test func aSanitizerInterceptingTheSymbolInTheExecutable() {
        var time: time_t = 0
        var result = tm()
        #expect(ct_interpose_localtime_r(&time, &result) != nil)  // the executable has a slot unless a sanitizer took it
        let failures = captureFailures { _ = Mockery().interpose("localtime_r", as: LocalTime.self, in: .mainExecutable) }
        if let runtime = InterpositionTestSupport.sanitizerInExecutable(intercepting: "localtime_r") {
            #expect(failures.map(\.message) == [
                "Cannot interpose localtime_r: \(runtime)'s runtime, linked into the main executable, intercepts localtime_r, "
                    + "so the executable's own calls go straight to the interceptor and cannot be rebound. No shared library "
                    + "in scope calls it either. Run the test without the sanitizer, or interpose a symbol the sanitizer does "
                    + "not intercept.",
            ])
        } else {
            #expect(failures.isEmpty)
        }
    }

    @Test func aRefusedMprotect() throws {
        try loadSQLite()
        // libsqlite3 is linked with BIND_NOW, so its slots are on a RELRO page; nothing else
        // in the suite interposes localtime_r there.
        impostor_got_fail_next_protection_changes(1, EACCES)
        defer { impostor_got_fail_next_protection_changes(0, 0) }
        let failure = failure { _ = Mockery().interpose("localtime_r", as: LocalTime.self, in: "libsqlite3") }
        #expect(failure?.message == "Cannot interpose localtime_r: mprotect refused to make the read-only (RELRO) page "
            + "holding its GOT slot in libsqlite3.so.0 writable (errno 13, EACCES), so nothing was rebound. A security policy "
            + "(SELinux, a seccomp filter) may forbid it: run the test where mprotect is allowed.")
    }

    @Test func aSlotSomeoneElseChangedIsLeftAlone() throws {
        let line = #line + 3
        let failures = captureFailures {
            let mockery = Mockery("getsid")
            _ = mockery.interpose("getsid", as: GetPid.self, in: .mainExecutable)
            // Another tool rebinds the slot meanwhile: to the real getsid, as it happens.
            InterpositionTestSupport.rebindMainExecutableSlot(of: "getsid")
            withExtendedLifetime(mockery) {}
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Could not restore getsid's GOT slot in the main executable: it holds 0x") == true)
        #expect(failures.first?.message.hasSuffix(", not Impostor's dispatcher, so something else rebound it while the mock "
            + "was installed. It was left as it is.") == true)
        #expect(failures.first?.site.line == line)
        #expect(ct_interpose_getsid(0) == getsid(0))
    }

    @Test func originalOfAnOrdinaryMock() {
        let mockery = Mockery()
        let add: @convention(c) (Int32, Int32) -> Int32 = mockery.mock(named: "add")
        let failure = failure { _ = original(of: add) }
        withExtendedLifetime(mockery) {}
        #expect(failure?.message == "original(of:) was given add, which is not a mock made by interpose(...): only an "
            + "interposed C symbol has an original.")
    }

    @Test func callingOriginalOfAnOrdinaryMock() {
        let mockery = Mockery()
        let add: @convention(c) (Int32, Int32) -> Int32 = mockery.mock(named: "add")
        let failure = failure { stub(add(any(), any())).callingOriginal() }
        withExtendedLifetime(mockery) {}
        #expect(failure?.message == "callingOriginal() was given a prototype of add, which is not a mock made by "
            + "interpose(...): only an interposed C symbol has an original to call. The stub was not added.")
    }

    @Test(.mockery) func aLazySlotIsNeverTheOriginal() {
        // The executable is bound lazily and nothing has called getpgid through its slot yet,
        // so the slot holds the PLT stub. Calling that as the original would bind the slot to
        // the real getpgid behind the mock's back.
        let getpgidMock = interpose("getpgid", as: (@convention(c) (pid_t) -> pid_t).self, in: .mainExecutable)
        stub(getpgidMock(any())).with { 77 }
        #expect(original(of: getpgidMock)(0) == getpgrp())
        #expect(ct_interpose_lazy_getpgid(0) == 77)
        #expect(original(of: getpgidMock)(0) == getpgrp())
        #expect(ct_interpose_lazy_getpgid(0) == 77)
    }

    /// A mock answering its test only, whose calls all came from a thread of the code under
    /// test's own: verify's "received no calls" says how many reached the real function and
    /// what to pass; a mock answering every thread gets them and says nothing of the kind.
    @Test func callsFromOtherThreadsAreCountedWhenTheMockReceivedNone() {
        typealias GetGid = @convention(c) () -> gid_t
        let line = #line + 6
        let failures = captureFailures {
            let mockery = Mockery("getgid")
            let mock = mockery.interpose("getgid", as: GetGid.self)
            #expect(ct_interpose_getgid_on_new_thread(3) == 0)
            mockery.withCurrent {
                verify(mock())
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message == "Expected getgid to receive getgid() at least once but received it 0 times.\n"
            + "getgid received no calls. 3 calls from other threads reached the real getgid: pass answering: .everyThread if "
            + "the code under test calls from threads of its own (or run its threads' work inside mockery.withCurrent { }).")
        #expect(failures.first?.site.line == line)

        let everyThread = Mockery("getgid, every thread")
        let mock = everyThread.interpose("getgid", as: GetGid.self, answering: .everyThread)
        #expect(ct_interpose_getgid_on_new_thread(3) == 0)
        everyThread.withCurrent { verify(.times(3), mock()) }
        withExtendedLifetime(everyThread) {}
    }
}
