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

    @Test func aSymbolNoObjectExports() {
        let line = #line + 1
        let failure = failure { _ = Mockery().interpose("ct_interpose_local_function", as: Takes.self) }
        #expect(failure?.message == "Cannot interpose ct_interpose_local_function: no GOT slot for it in any loaded object, "
            + "and no loaded object exports it. Check the spelling (C names, such as \"getenv\") and load the library that "
            + "defines it first. A function defined in the executable (or a library) without being exported is only called "
            + "directly: it cannot be rebound.")
        #expect(failure?.site.line == line)
        #expect(ct_interpose_call_local_function(1) == 2)
    }

    @Test func aLibraryCallingItsOwnFunction() {
        let failure = failure { _ = Mockery().interpose("getenv", as: GetEnv.self, in: "libc.so.6") }
        #expect(failure?.message == "Cannot interpose getenv: no GOT slot for it in libc.so.6, so no call there can be "
            + "rebound. getenv is defined in libc.so.6, whose own calls to it are direct. A call goes through a slot only "
            + "when it crosses from one object to another: calls inside the object that defines the function (libc calling "
            + "itself, code linked with -Bsymbolic, a call inlined at link time) never do. Interpose it in an object that "
            + "calls it from outside.")
    }

    @Test func aRenamedImport() throws {
        try loadSQLite()
        let open = failure { _ = Mockery().interpose("open", as: Open.self, in: "libsqlite3") }
        #expect(open?.message == "Cannot interpose open: no GOT slot for it in libsqlite3, but one for \"open64\": "
            + "the C headers renamed the calls (large-file, fortified or C99 variants). Interpose \"open64\" instead.")
    }

    @Test func aFunctionPointerKeptInData() throws {
        try loadSQLite()
        // SQLite calls fstat through its table of system calls, not through a GOT slot.
        let fstat = failure { _ = Mockery().interpose("fstat", as: Open.self, in: "libsqlite3") }
        #expect(fstat?.message == "Cannot interpose fstat: no GOT slot for it in libsqlite3, which keeps the address of "
            + "\"fstat64\" in its own data instead (a table of function pointers, such as SQLite's system calls), which "
            + "Impostor does not rewrite. Replace the pointer where the library lets you (SQLite: the VFS's xSetSystemCall).")
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
