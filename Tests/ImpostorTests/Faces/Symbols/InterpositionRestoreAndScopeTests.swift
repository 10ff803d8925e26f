import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a release leaves behind (every GOT slot as it was, byte for byte) and which layer
/// answers when two interpositions of one symbol have different scopes (the newest whose scope
/// holds the calling object).
@Suite struct InterpositionRestoreAndScopeTests {
    typealias GetEGid = @convention(c) () -> gid_t
    typealias GetTimeOfDay = @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32

    /// Each GOT slot for `symbol` in the main executable: its address and what it holds, as
    /// the interposition's own scan sees them.
    private static func mainExecutableSlots(of symbol: String) -> [[UInt]] {
        let capacity = 16
        let slots = UnsafeMutablePointer<ct_got_slot>.allocate(capacity: capacity)
        defer { slots.deallocate() }
        let count = ct_main_executable_got_slots(symbol, slots, capacity)
        return UnsafeBufferPointer(start: slots, count: min(count, capacity)).map { slot in
            [UInt(bitPattern: slot.address), UInt(bitPattern: slot.value)]
        }
    }

    /// getegid is interposed by no other test, so nothing else changes its slots meanwhile. A
    /// dispatcher left with no layers would route to the real function anyway: only the slot
    /// values themselves show whether they were put back.
    @Test func releasingTheMockeryPutsEverySlotBackByteForByte() {
        _ = ct_interpose_getegid()   // binds the executable's lazy slot first
        let before = Self.mainExecutableSlots(of: "getegid")
        #expect(!before.isEmpty, "the test executable calls getegid through a GOT slot")
        do {
            let mockery = Mockery("getegid")
            let mock = mockery.interpose("getegid", as: GetEGid.self, in: .mainExecutable)
            mockery.withCurrent {
                stub(mock()).with { 4_242 }
                #expect(ct_interpose_getegid() == 4_242)
            }
            #expect(Self.mainExecutableSlots(of: "getegid") != before, "the interposition rebinds the slot")
            withExtendedLifetime(mockery) {}
        }
        #expect(Self.mainExecutableSlots(of: "getegid") == before)
        #expect(ct_interpose_getegid() == getegid())
    }

    typealias GetEUid = @convention(c) () -> uid_t

    /// A slot that a second party (another rebinder, the dynamic linker) rewrites between the
    /// scan and the swap is swapped again with what it holds now: the mock answers through it,
    /// and the release puts back the second party's value, not the one scanned. geteuid is
    /// interposed by no other test; the probe makes the rewrite happen at the swap itself.
    @Test func aSlotChangedUnderTheSwapIsRetriedWithWhatItHoldsNow() throws {
        _ = ct_interpose_geteuid()   // binds the executable's lazy slot first
        let before = Self.mainExecutableSlots(of: "geteuid")
        let slot = try #require(before.first, "the test executable calls geteuid through a GOT slot")
        let other: GetEUid = ct_other_geteuid
        let otherAddress = unsafeBitCast(other, to: UnsafeMutableRawPointer.self)
        let address = UnsafeMutablePointer<UnsafeMutableRawPointer?>(bitPattern: slot[0])
        defer {
            impostor_got_rewrite_before_next_swap(nil, nil)
            // Back as the dynamic linker left it, whatever the test left there.
            var found: UnsafeMutableRawPointer?
            if let address, let now = Self.mainExecutableSlots(of: "geteuid").first {
                _ = impostor_got_swap(address, UnsafeMutableRawPointer(bitPattern: now[1]), UnsafeMutableRawPointer(bitPattern: slot[1]), &found)
            }
        }
        impostor_got_rewrite_before_next_swap(address, otherAddress)
        do {
            let mockery = Mockery("geteuid")
            let mock = mockery.interpose("geteuid", as: GetEUid.self, in: .mainExecutable)
            mockery.withCurrent {
                stub(mock()).with { 4_242 }
                #expect(ct_interpose_geteuid() == 4_242, "the changed slot was not rebound")
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(Self.mainExecutableSlots(of: "geteuid").first == [slot[0], UInt(bitPattern: otherAddress)],
                "the release puts back what the slot held when it was swapped")
        #expect(ct_interpose_geteuid() == 4_321)
    }

    /// An older `.sharedLibraries` layer under a newer one scoped to libsqlite3: libsqlite3's
    /// call gets the newer layer's answer, libuuid's (a third library) the older one's.
    @Test(.mockery) func theNewestLayerWhoseScopeHoldsTheCallerAnswers() throws {
        let sqlite = try #require(InterposeLibraryTests.SQLite())
        let library = try #require(dlopen("libuuid.so.1", RTLD_NOW), "libuuid1 is installed with util-linux")
        typealias GenerateTime = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
        let generateTime = unsafeBitCast(try #require(dlsym(library, "uuid_generate_time")), to: GenerateTime.self)

        let everywhere = interpose("gettimeofday", as: GetTimeOfDay.self, in: .sharedLibraries)
        stub(everywhere(any(), any())).callingOriginal()
        let inSQLite = interpose("gettimeofday", as: GetTimeOfDay.self, in: "libsqlite3")
        stub(inSQLite(any(), any())).with { (time: UnsafeMutablePointer<timeval>?, _: UnsafeMutableRawPointer?) -> Int32 in
            time?.pointee = timeval(tv_sec: 86_400 * 365, tv_usec: 0)
            return 0
        }

        // libsqlite3's clock: the newer layer answers (the older one would give today's date).
        #expect(sqlite.firstValue("SELECT date('now')") == "1971-01-01")
        verify(inSQLite(any(), any()))

        // libuuid's clock: only the older layer's scope holds libuuid.
        let sqliteCalls = invocations(of: inSQLite).count
        let everywhereCalls = invocations(of: everywhere).count
        var bytes = [UInt8](repeating: 0, count: 16)
        generateTime(&bytes)
        #expect(invocations(of: inSQLite).count == sqliteCalls, "libuuid's call reached the layer scoped to libsqlite3")
        #expect(invocations(of: everywhere).count > everywhereCalls, "libuuid's call did not reach the .sharedLibraries layer")
        #expect(bytes != [UInt8](repeating: 0, count: 16))
    }

    /// Two Mockeries interpose getpid, one for libsqlite3's calls and one for the executable's:
    /// each is told the slots whose calls reach its own mock, not every slot the symbol has.
    @Test(.enabled(if: !InterpositionTestSupport.sanitizerIntercepts("getpid")))
    func eachMockIsToldOnlyTheSlotsThatReachIt() throws {
        typealias GetPid = @convention(c) () -> pid_t
        _ = try #require(dlopen("libsqlite3.so.0", RTLD_NOW))
        _ = ct_interpose_getpid()   // binds the executable's lazy slot first
        let inSQLite = Mockery("getpid in libsqlite3")
        let sqliteMock = inSQLite.interpose("getpid", as: GetPid.self, in: "libsqlite3")
        let inExecutable = Mockery("getpid in the executable")
        let executableMock = inExecutable.interpose("getpid", as: GetPid.self, in: .mainExecutable)
        #expect(interpositionMethod(of: sqliteMock) == .gotSlots(objects: ["libsqlite3.so.0"]))
        #expect(interpositionMethod(of: executableMock) == .gotSlots(objects: ["the main executable"]))
        // And the calls go where the descriptions say.
        inExecutable.withCurrent { stub(executableMock()).with { 77 } }
        #expect(ct_interpose_getpid() == 77)
        withExtendedLifetime((inSQLite, inExecutable)) {}
    }

    /// A mock over every object is not told the test framework's own libraries' slots: their
    /// calls reach the real function (see FrameworkCallsTests).
    @Test(.mockery) func aMockOverEveryObjectIsNotToldTheFrameworksSlots() throws {
        // Swift Testing's library imports gnu_get_libc_version, and so does the test executable;
        // no other test interposes it (another test's entry patch would reach it so too).
        typealias LibcVersion = @convention(c) () -> UnsafePointer<CChar>?
        _ = ct_interpose_libc_version()   // binds the executable's lazy slot first
        let mock = interpose("gnu_get_libc_version", as: LibcVersion.self)
        let method = try #require(interpositionMethod(of: mock))
        guard case .gotSlots(let objects) = method else {
            Issue.record("expected GOT slots, got \(method)")
            return
        }
        #expect(objects.contains("the main executable"))
        #expect(!objects.contains { $0.hasPrefix("libTesting") || $0.hasPrefix("libXCTest") }, "\(objects)")
    }
}
