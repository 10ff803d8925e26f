import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Symbols a real shared library calls through its own GOT: SQLite's clock, scoped to
/// libsqlite3, and libbz2's fopen64 in a library loaded after the interposition.
@Suite struct InterposeLibraryTests {
    typealias GetTimeOfDay = @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32
    typealias FOpen = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?

    /// SQLite reached through dlopen and dlsym, with its C types spelled out.
    struct SQLite {
        typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
        typealias Row = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
        typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Row?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
        typealias Close = @convention(c) (OpaquePointer?) -> Int32

        let open: Open, exec: Exec, close: Close

        init?() {
            guard let library = dlopen("libsqlite3.so.0", RTLD_NOW),
                  let open = dlsym(library, "sqlite3_open"), let exec = dlsym(library, "sqlite3_exec"),
                  let close = dlsym(library, "sqlite3_close")
            else { return nil }
            self.open = unsafeBitCast(open, to: Open.self)
            self.exec = unsafeBitCast(exec, to: Exec.self)
            self.close = unsafeBitCast(close, to: Close.self)
        }

        /// The first column of the first row `query` returns in a fresh in-memory database.
        func firstValue(_ query: String) -> String? {
            var db: OpaquePointer?
            guard open(":memory:", &db) == 0 else { return nil }
            defer { _ = close(db) }
            var value: String?
            _ = withUnsafeMutablePointer(to: &value) { slot in
                exec(db, query, { context, _, values, _ in
                    let slot = context!.assumingMemoryBound(to: String?.self)
                    slot.pointee = values?[0].map { String(cString: $0) }
                    return 0
                }, slot, nil)
            }
            return value
        }
    }

    @Test(.mockery) func sqliteClockScopedToLibsqlite3() throws {
        let sqlite = try #require(SQLite())
        let clock = interpose("gettimeofday", as: GetTimeOfDay.self, in: "libsqlite3")
        stub(clock(any(), any())).with { (time: UnsafeMutablePointer<timeval>?, _: UnsafeMutableRawPointer?) -> Int32 in
            time?.pointee = timeval(tv_sec: 86_400 * 365, tv_usec: 0)
            return 0
        }

        #expect(sqlite.firstValue("SELECT date('now')") == "1971-01-01")
        verify(clock(any(), any()))
        // Only libsqlite3's calls are rebound: this executable's own call reaches the real clock.
        var now = timeval()
        gettimeofday(&now, nil)
        #expect(now.tv_sec > 86_400 * 365 * 50)
    }

    @Test func sqliteClockIsRestored() throws {
        let sqlite = try #require(SQLite())
        do {
            let mockery = Mockery("clock")
            let clock = mockery.interpose("gettimeofday", as: GetTimeOfDay.self, in: "libsqlite3")
            stub(clock(any(), any())).with { (time: UnsafeMutablePointer<timeval>?, _: UnsafeMutableRawPointer?) -> Int32 in
                time?.pointee = timeval(tv_sec: 0, tv_usec: 0)
                return 0
            }
            #expect(sqlite.firstValue("SELECT date('now')") == "1970-01-01")
            withExtendedLifetime(mockery) {}
        }
        let year = try #require(sqlite.firstValue("SELECT strftime('%Y', 'now')")).compactMap(\.wholeNumberValue).reduce(0) { $0 * 10 + $1 }
        #expect(year >= 2024)
    }

    @Test(.mockery) func passThroughInALibrary() throws {
        let sqlite = try #require(SQLite())
        let clock = interpose("gettimeofday", as: GetTimeOfDay.self, in: "libsqlite3")
        stub(clock(any(), any())).callingOriginal()
        let year = try #require(sqlite.firstValue("SELECT strftime('%Y', 'now')")).compactMap(\.wholeNumberValue).reduce(0) { $0 * 10 + $1 }
        #expect(year >= 2024)
        verify(clock(any(), any()))
    }

    @Test(.mockery) func aLibraryLoadedAfterTheInterpositionIsCovered() throws {
        // libbz2 is loaded by no other test, so it is not loaded yet unless this test ran before.
        let loadedBefore = dlopen("libbz2.so.1.0", RTLD_NOW | RTLD_NOLOAD) != nil
        var fopenMock = interpose("fopen64", as: FOpen.self, in: .sharedLibraries)
        stub(fopenMock(cString("/nonexistent/impostor.bz2"), any())).with { nil }

        let library = try #require(dlopen("libbz2.so.1.0", RTLD_NOW))
        if InterpositionTestSupport.sanitizerInExecutable(intercepting: "dlopen") != nil {
            // The sanitizer's runtime takes the executable's dlopen calls straight to its
            // interceptor, past the slot Impostor hooks: the new library is covered at the
            // next interposition instead, as documented.
            fopenMock = interpose("fopen64", as: FOpen.self, in: .sharedLibraries)
            stub(fopenMock(cString("/nonexistent/impostor.bz2"), any())).with { nil }
        }
        typealias BZOpen = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
        let bzopen = unsafeBitCast(try #require(dlsym(library, "BZ2_bzopen")), to: BZOpen.self)
        #expect(bzopen("/nonexistent/impostor.bz2", "rb") == nil)

        #expect(!loadedBefore, "libbz2 was loaded before the interposition: this test did not check a later load")
        verify(.once, fopenMock(cString("/nonexistent/impostor.bz2"), any()))
    }
}
