import CImpostorTestSupport
import CSQLite3
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

typealias IntToInt = @convention(c) (Int32) -> Int32

/// Functions no GOT slot reaches, mocked by patching their entry: one of this C target called
/// directly by another of it and by Swift, a static one found by name, and the shapes a patch
/// must refuse. (x86-64 only: elsewhere the interpose line says patching is not built there.)
@Suite(.enabled(if: MachineArchitectureForTests.isX86_64)) struct InterposeEntryTests {
    @Test func aFunctionCalledDirectlyFromCAndFromSwift() throws {
        let before = Self.code(of: "ct_patch_helper")
        do {
            let mockery = Mockery("ct_patch_helper")
            let helper = try mockery.makeInterposition("ct_patch_helper", as: IntToInt.self)
            mockery.withCurrent {
                stub(helper(5)).with { 50 }
                stub(helper(6)).callingOriginal()
                #expect(ct_patch_call_helper(5) == 50)   // a direct call inside the C target
                #expect(ct_patch_helper(5) == 50)        // Swift's direct call
                #expect(ct_patch_call_helper(6) == 19)   // through the relocated original
                let real = original(of: helper)
                #expect(real(7) == 22)
                verify(.times(2), helper(5))
                verify(helper(6))
            }
            #expect(Self.code(of: "ct_patch_helper") != before)
            withExtendedLifetime(mockery) {}
        }
        #expect(Self.code(of: "ct_patch_helper") == before)
        #expect(ct_patch_call_helper(5) == 16)
    }

    @Test func aStaticFunctionByName() throws {
        do {
            let mockery = Mockery("ct_patch_static_helper")
            let helper = try mockery.makeInterposition("ct_patch_static_helper", as: IntToInt.self)
            mockery.withCurrent {
                stub(helper(any())).with { (value: Int32) in value * 10 }
                #expect(ct_patch_call_static_helper(4) == 40)
                verify(helper(4))
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(ct_patch_call_static_helper(4) == -3)
    }

    /// Four C threads call ct_patch_helper without pause while its entry is patched and put back
    /// a thousand times: every call gets the real answer, the mock's, or zero (the mock between its
    /// creation and its stub), none lands inside the jump being written, and the bytes come back.
    @Test func fourThreadsWhileTheEntryIsPatchedAndRestored() throws {
        let before = Self.code(of: "ct_patch_spun")
        let threads = try #require(ct_patch_threads_start(4, 4242))
        var installed = 0
        for _ in 0..<1000 {
            let mockery = Mockery("ct_patch_spun")
            let helper = mockery.interpose("ct_patch_spun", as: IntToInt.self, answering: .everyThread)
            stub(helper(any())).with { 4242 }
            if ct_patch_call_spun(5) == 4242 { installed += 1 }
            withExtendedLifetime(mockery) {}
        }
        var real = 0, mocked = 0, unstubbed = 0, other = 0
        ct_patch_threads_stop(threads, &real, &mocked, &unstubbed, &other)
        #expect(installed == 1000)
        #expect(other == 0)
        #expect(real > 0)
        #expect(mocked > 0)
        #expect(Self.code(of: "ct_patch_spun") == before)
        #expect(ct_patch_call_spun(5) == 16)
    }

    /// libc's own call of getenv, which no GOT slot carries: tzset reads TZ through it.
    @Test func aLibraryCallingItsOwnFunction() throws {
        var released: GetEnv?
        do {
            let mockery = Mockery("getenv")
            let getenvMock = try mockery.makeInterposition("getenv", as: GetEnv.self, in: "libc.so.6")
            #expect(interpositionMethod(of: getenvMock) == .entryPatch(object: "libc.so.6", isStatic: false))
            mockery.withCurrent {
                stub(getenvMock(any())).callingOriginal()
                tzset()
                verify(getenvMock("TZ"))
            }
            withExtendedLifetime(mockery) {}
            released = getenvMock
        }
        let getenvMock = try #require(released)
        #expect(interpositionMethod(of: getenvMock) == nil)
    }

    /// A symbol reached through GOT slots gets its entry patched too when a later layer asks for
    /// calls no slot carries; both layers answer, and releasing both puts everything back.
    @Test func slotsThenAPatchOfTheSameSymbol() throws {
        typealias GetPgid = @convention(c) (pid_t) -> pid_t
        do {
            let mockery = Mockery("getsid")
            let bySlots = try mockery.makeInterposition("getsid", as: GetPgid.self)
            #expect(interpositionMethod(of: bySlots)?.description.hasPrefix("GOT slots in ") == true)
            let inLibc = try mockery.makeInterposition("getsid", as: GetPgid.self, in: "libc.so.6")
            #expect(interpositionMethod(of: inLibc) == .entryPatch(object: "libc.so.6", isStatic: false))
            let answer: pid_t = mockery.withCurrent {
                stub(inLibc(any())).with { () -> pid_t in 41 }
                // The executable's call goes through its slot to the dispatcher; the newest layer
                // answers calls from libc only, so this one reaches the older layer.
                stub(bySlots(any())).with { () -> pid_t in 42 }
                return ct_interpose_getsid(0)
            }
            #expect(answer == 42)
            withExtendedLifetime(mockery) {}
        }
        #expect(ct_interpose_getsid(0) == getsid(0))
    }

    /// SQLite calls fstat through its own table of system calls: a pointer no slot holds, taken
    /// before the patch, which the patch reaches all the same.
    @Test func aPointerTakenBeforeThePatch() throws {
        typealias FStat = @convention(c) (Int32, UnsafeMutablePointer<stat>?) -> Int32
        _ = try #require(dlopen("libsqlite3.so.0", RTLD_NOW))
        if let runtime = InterpositionTestSupport.sanitizerInExecutable(intercepting: "fstat") {
            // The sanitizer's fstat takes SQLite's calls and calls the real one itself, from the
            // executable: a scope of SQLite would never hold them, and the line says so.
            let failures = captureFailures { _ = Mockery().interpose("fstat", as: FStat.self, in: "libsqlite3") }
            #expect(failures.first?.message.hasPrefix(
                "Cannot interpose fstat in libsqlite3: \(runtime)'s runtime, linked into the main executable, intercepts "
                    + "fstat, and the dynamic linker resolved the calls of libsqlite3 (its GOT slots and the pointers it takes "
                    + "at load time, as SQLite's table of system calls) to that interceptor") == true, "\(failures)")
            return
        }
        let mockery = Mockery("fstat")
        let fstatMock = try mockery.makeInterposition("fstat", as: FStat.self, in: "libsqlite3")
        #expect(interpositionMethod(of: fstatMock)?.description == "the entry of the function in libc.so.6, patched")
        try mockery.withCurrent {
            stub(fstatMock(any(), any())).callingOriginal()
            var database: OpaquePointer?
            let path = "/tmp/impostor-entry-\(getpid()).sqlite"
            defer { unlink(path) }
            try #require(sqlite3_open(path, &database) == SQLITE_OK)
            #expect(sqlite3_exec(database, "CREATE TABLE t(x); INSERT INTO t VALUES (1);", nil, nil, nil) == SQLITE_OK)
            sqlite3_close(database)
            #expect(invocations(of: fstatMock).count > 0)
        }
        withExtendedLifetime(mockery) {}
    }

    /// Never writable and executable: while patched, the function's page and the page of its
    /// relocated original are mapped read-and-execute, as /proc/self/maps lists them.
    @Test func noPageIsWritableAndExecutable() throws {
        let mockery = Mockery("ct_patch_typed pages")
        let typed = try mockery.makeInterposition("ct_patch_typed", as: IntToInt.self)
        let entry = unsafeBitCast(ct_patch_typed as IntToInt, to: UInt.self)
        let copy = unsafeBitCast(original(of: typed), to: UInt.self)
        #expect(copy != entry)
        #expect(try Self.permissions(of: entry) == "r-xp")
        #expect(try Self.permissions(of: copy) == "r-xp")
        withExtendedLifetime(mockery) {}
    }

    /// The permissions /proc/self/maps lists for the mapping holding `address`.
    static func permissions(of address: UInt) throws -> String? {
        let file = try #require(fopen("/proc/self/maps", "r"))
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ")
            let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if range.count == 2, address >= range[0], address < range[1] { return String(fields[1]) }
        }
        return nil
    }

    /// The typed form: the address from the imported declaration, the name from the symbol table.
    @Test func theTypedFormFindsTheName() {
        var answer: Int32 = 0
        var failures: [ImpostorFailure] = []
        do {
            let mockery = Mockery("typed")
            let typed = mockery.interpose(ct_patch_typed as IntToInt)
            answer = mockery.withCurrent {
                stub(typed(any())).with { 77 }
                return ct_patch_call_typed(1)
            }
            failures = captureFailures {
                let inside = unsafeBitCast(unsafeBitCast(ct_patch_typed as IntToInt, to: UInt.self) + 1, to: IntToInt.self)
                _ = mockery.interpose(inside)
                _ = mockery.interpose(42)
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(answer == 77)
        #expect(ct_patch_call_typed(1) == 2)
        #expect(failures.count == 2)
        #expect(failures.first?.message.hasSuffix(": no symbol table names a function starting there (a pointer made at "
            + "run time, or a stripped object's static function), so it cannot be found by name. Interpose it by name, or "
            + "hand the code under test a mockFunction pointer where it takes one.") == true)
        #expect(failures.last?.message == "Cannot interpose a value of type Int: interpose(_:) takes a C function, as its "
            + "@convention(c) type (interpose(parse_header as ParseHeader)). Pass the function's name instead: "
            + "interpose(\"parse_header\", as: ...).")
    }

    /// The cases of a parameterized test run in parallel, each under the `.mockery` trait: each
    /// case's mock answers that case's calls only, as separate tests' would.
    @Test(.mockery, arguments: 0..<4) func eachCaseOfAParameterizedTestAnswersItself(case number: Int32) async {
        let target = interpose("ct_patch_case_target", as: IntToInt.self)
        stub(target(any())).with { 1000 + number }
        for _ in 0..<50 {
            #expect(ct_patch_call_case_target(1) == 1000 + number)
            await Task.yield()
        }
        verify(.times(50), target(1))
    }

    /// The first bytes of the function named `name`, read from its address in the symbol table.
    static func code(of name: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16)
        let address: UnsafeRawPointer = switch name {
        case "ct_patch_helper": unsafeBitCast(ct_patch_helper as IntToInt, to: UnsafeRawPointer.self)
        case "ct_patch_spun": unsafeBitCast(ct_patch_spun as IntToInt, to: UnsafeRawPointer.self)
        default: fatalError("no such function in the test: \(name)")
        }
        ct_patch_read_code(address, &bytes, 16)
        return bytes
    }
}

enum MachineArchitectureForTests {
    #if arch(x86_64)
    static let isX86_64 = true
    #else
    static let isX86_64 = false
    #endif
}
