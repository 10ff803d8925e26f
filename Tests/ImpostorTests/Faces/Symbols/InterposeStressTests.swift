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

/// Symbols interposed in every library while another thread loads and unloads one: the
/// dynamic linker relocates the new object with its read-only (RELRO) pages still writable,
/// and an interposition that opened and closed one of those pages under it would end the
/// process inside `dlopen`. Run in a child process with a timeout, so that a regression fails
/// this test instead of ending the run.
@Suite struct InterposeWhileLibrariesLoadTests {
    typealias GetXattr = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
    typealias GetFile = @convention(c) (UnsafePointer<CChar>?, UInt32) -> OpaquePointer?

    @Test(.enabled(if: getenv("IMPOSTOR_LOADER_CHURN") == nil),
          arguments: ["churnScenario", "stillLoadingScenario", "reloadScenario"])
    func interposingWhileAnotherThreadLoadsLibrariesNeverFaults(scenario: String) throws {
        let output = try childRun(
            environment: "IMPOSTOR_LOADER_CHURN=1", filter: "InterposeWhileLibrariesLoadTests/\(scenario)", timeout: 240)
        #expect(exitStatus(output) == 0, "\(output.suffix(6000))")
        #expect(output.contains("Test \(scenario)() passed after"), "\(output.suffix(6000))")
    }

    /// libacl's `acl_get_file`, called through `library`, reaches `mock` (a getxattr mock of
    /// `mockery`, stubbed here to fail with EIO): it has then received `calls` calls in all.
    static func expectLibaclReaches(
        _ mock: GetXattr, of mockery: Mockery, through library: UnsafeMutableRawPointer, calls: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let getFile = unsafeBitCast(try #require(dlsym(library, "acl_get_file"), sourceLocation: sourceLocation), to: GetFile.self)
        mockery.withCurrent {
            stub(mock(any(), any(), any(), any())).with { () -> Int in
                errno = EIO
                return -1
            }
            #expect(getFile("/", 0x8000) == nil, sourceLocation: sourceLocation)   // ACL_TYPE_ACCESS
            #expect(invocations(of: mock).count == calls, sourceLocation: sourceLocation)
        }
    }

    /// The child's part: libacl's RELRO pages made writable stand for another thread's dlopen
    /// still relocating it. Its slots are left alone; an interposition that has no others says
    /// so after waiting, and once the pages are read-only again the slot is rebound.
    @Test(.enabled(if: getenv("IMPOSTOR_LOADER_CHURN") != nil))
    func stillLoadingScenario() throws {
        let library = try #require(dlopen("libacl.so.1", RTLD_NOW))
        defer { dlclose(library) }
        var start: UInt = 0, end: UInt = 0
        try #require(ct_relro_pages("libacl", &start, &end) == 1)
        let pages = try #require(UnsafeMutableRawPointer(bitPattern: start))
        try #require(mprotect(pages, Int(end - start), PROT_READ | PROT_WRITE) == 0)

        let mockery = Mockery("getxattr")
        let error = #expect(throws: InterpositionError.self) {
            _ = try mockery.makeInterposition("getxattr", as: GetXattr.self, in: "libacl")
        }
        #expect(error?.description == "Cannot interpose getxattr: its GOT slots are in libacl.so.1, which another thread's "
            + "dlopen was still loading 200 ms later (its read-only pages not yet protected), and a slot rebound while the "
            + "dynamic linker relocates it is overwritten or faults. Interpose after that dlopen has returned.")
        #expect(mprotect(pages, Int(end - start), PROT_READ) == 0)

        let mock = try mockery.makeInterposition("getxattr", as: GetXattr.self, in: "libacl")
        try Self.expectLibaclReaches(mock, of: mockery, through: library)
        withExtendedLifetime(mockery) {}
    }

    /// The child's part: libacl (BIND_NOW, its GOT read-only after relocation) loaded and
    /// unloaded on one thread while getxattr, which it imports, is interposed and restored
    /// on this one; afterwards the loaded libacl's call still reaches a mock.
    @Test(.enabled(if: getenv("IMPOSTOR_LOADER_CHURN") != nil))
    func churnScenario() throws {
        let churn = try #require(ct_loader_churn_start("libacl.so.1"), "libacl1 is installed with coreutils")
        let deadline = time(nil) + 4
        var rounds = 0
        while time(nil) < deadline || rounds < 200 {
            let mockery = Mockery("getxattr")
            _ = mockery.interpose("getxattr", as: GetXattr.self, in: .sharedLibraries)
            withExtendedLifetime(mockery) {}
            rounds += 1
        }
        let loads = ct_loader_churn_stop(churn)
        #expect(loads > 0)
        print("interposed \(rounds) times while libacl was loaded \(loads) times")

        // A libacl that stays loaded is rebound: its getxattr call reaches the mock.
        let library = try #require(dlopen("libacl.so.1", RTLD_NOW))
        defer { dlclose(library) }
        let mockery = Mockery("getxattr")
        let mock = mockery.interpose("getxattr", as: GetXattr.self, in: "libacl")
        try Self.expectLibaclReaches(mock, of: mockery, through: library)
        withExtendedLifetime(mockery) {}
    }

    /// The child's part: libacl unloaded and loaded again (at the same place, as a rule) while
    /// getxattr is interposed in every library. Its fresh slot is rebound at the next check
    /// (the dlopen hook's or, under a sanitizer, the next interposition's), and releasing the
    /// Mockery reports nothing of it, whether it was rebound or still held the real function.
    @Test(.enabled(if: getenv("IMPOSTOR_LOADER_CHURN") != nil))
    func reloadScenario() throws {
        typealias GetGid = @convention(c) () -> gid_t
        var library = try #require(dlopen("libacl.so.1", RTLD_NOW))
        func base() -> UInt {   // where its RELRO pages are, which moves with the object
            var start: UInt = 0, end: UInt = 0
            return ct_relro_pages("libacl", &start, &end) == 1 ? start : 0
        }
        let firstBase = base()
        let failures = try captureFailures {
            let mockery = Mockery("getxattr")
            let mock = mockery.interpose("getxattr", as: GetXattr.self, in: .sharedLibraries)
            try Self.expectLibaclReaches(mock, of: mockery, through: library)
            dlclose(library)
            library = try #require(dlopen("libacl.so.1", RTLD_NOW))
            print("libacl reloaded \(base() == firstBase ? "at the same place" : "elsewhere")")
            _ = mockery.interpose("getgid", as: GetGid.self, in: .mainExecutable)   // a check of the loaded objects
            try Self.expectLibaclReaches(mock, of: mockery, through: library, calls: 2)

            // Unloaded and loaded again once more, then released with no check in between.
            dlclose(library)
            library = try #require(dlopen("libacl.so.1", RTLD_NOW))
            withExtendedLifetime(mockery) {}
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        dlclose(library)
    }
}
