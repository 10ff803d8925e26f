import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// The README's "C symbols" examples, compiled and run. Keep them in step with README.md.

@Suite struct ReadmeCSymbolsExamplesTests {
    // The README's GetEnv: getenv as Swift imports it, so that the typed form compiles too. (The
    // test target's own GetEnv, in InterpositionTestSupport.swift, has an optional parameter.)
    typealias GetEnv = @convention(c) (UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
    typealias GetTimeOfDay = @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32

    @Test(.mockery) func readsTheHomeDirectory() {
        let fakeHome = strdup("/tmp/fake-home")
        defer { free(fakeHome) }
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(any())).callingOriginal()               // every other variable: the real getenv
        stub(getenvMock("HOME")).with { fakeHome }              // newer, so it answers HOME
        #expect(String(cString: getenv("HOME")) == "/tmp/fake-home")
        verify(getenvMock("HOME"))
        #expect(getenv("PATH") != nil)
    }

    @Test(.mockery) func theTypedFormTakesGetenvAsSwiftImportsIt() {
        let fakeHome = strdup("/tmp/fake-home")
        defer { free(fakeHome) }
        let getenvMock = interpose(getenv as GetEnv)
        stub(getenvMock(any())).callingOriginal()
        stub(getenvMock("HOME")).with { fakeHome }
        #expect(String(cString: getenv("HOME")) == "/tmp/fake-home")
        verify(getenvMock("HOME"))
        #expect(getenv("PATH") != nil)
    }

    @Test(.mockery) func sqliteSeesAFixedClock() throws {
        let sqlite = try #require(InterposeLibraryTests.SQLite())
        let clock = interpose("gettimeofday", as: GetTimeOfDay.self, in: "libsqlite3")
        stub(clock(any(), any())).with { (time: UnsafeMutablePointer<timeval>?, _: UnsafeMutableRawPointer?) -> Int32 in
            time?.pointee = timeval(tv_sec: 86_400 * 365, tv_usec: 0)
            return 0
        }
        // SQLite's SELECT date('now') answers 1971-01-01; every other caller keeps the real clock.
        #expect(sqlite.firstValue("SELECT date('now')") == "1971-01-01")
        var now = timeval()
        gettimeofday(&now, nil)
        #expect(now.tv_sec > 86_400 * 365 * 50)
    }
}
