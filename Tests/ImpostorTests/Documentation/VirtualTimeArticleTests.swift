import CImpostorTestSupport
import CSQLite3
import Foundation
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// The DocC article Sources/Impostor/Impostor.docc/UsingVirtualTime.md: every example runs here, and
// `everyExampleLineIsHere` keeps the article and the tests in step.

struct Session {
    let expiry: Date
    init(validFor seconds: TimeInterval) { expiry = Date().addingTimeInterval(seconds) }
    var isExpired: Bool { Date() >= expiry }
}

/// `SELECT strftime('%s', 'now')` in `db`: SQLite's own reading of the wall clock.
private func now(in db: OpaquePointer?) -> Int64 {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, "SELECT CAST(strftime('%s', 'now') AS INTEGER)", -1, &statement, nil) == SQLITE_OK else { return -1 }
    defer { sqlite3_finalize(statement) }
    return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : -1
}

/// A poller for the manual-advance example: its thread, claimed for the test that made it,
/// sleeps five seconds and then polls once.
final class Poller: Sendable {
    private let mockery = Mockery.current
    private let count = Locked(0)
    var polls: Int { count.withLock { $0 } }

    func start() {
        Thread { [self] in
            mockery.withCurrent { _ = sleep(5) }
            count.withLock { $0 += 1 }
        }.start()
    }
}

/// A fetch that fails five times and then succeeds, backing off 1, 2, 4, 8 and 16 seconds
/// between tries with `Task.sleep`. Returns the try that succeeded.
func fetchWithBackoff() async throws -> Int {
    var delay = Duration.seconds(1)
    for tries in 1...6 {
        if tries == 6 { return tries }
        try await Task.sleep(for: delay)
        delay *= 2
    }
    return 0
}

@Suite struct VirtualTimeArticleTests {
    /// Runs an example, whose `withVirtualTime` reports, under a sanitizer that intercepts the
    /// clock functions, that the executable's own C code cannot follow: that and nothing else.
    static func example(_ body: () -> Void) {
        let failures = captureFailures(body)
        let refusal = !VirtualTimeTests.executableFollows
        #expect(failures.allSatisfy { refusal && $0.message.hasPrefix("withVirtualTime: ") }, "\(failures.map(\.message))")
    }

    @Test func aSessionExpiresAfterAnHour() {
        Self.example {
    withVirtualTime { time in
        let session = Session(validFor: 3600)
        time.advance(by: .seconds(3599))
        #expect(!session.isExpired)
        time.advance(by: .seconds(1))
        #expect(session.isExpired)
    }
        }
    }

    @Test func advancingToAnInstant() {
        Self.example {
withVirtualTime(startingAt: Date(timeIntervalSince1970: 1_700_000_000)) { time in
    let started = ContinuousClock.now
    time.advance(to: Date(timeIntervalSince1970: 1_700_003_600))
    #expect(ContinuousClock.now - started == .seconds(3600))
}
        }
    }

    @Test func settingTheWallClock() {
        Self.example {
withVirtualTime { time in
    let started = ContinuousClock.now
    time.setWallClock(to: Date(timeIntervalSince1970: 1_893_456_000))   // 2030
    #expect(Date() == Date(timeIntervalSince1970: 1_893_456_000))
    #expect(ContinuousClock.now == started)
}
        }
    }

    @Test func sqliteReadsTheTimeline() {
        var db: OpaquePointer?
        #expect(sqlite3_open(":memory:", &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        Self.example {
withVirtualTime(in: ["libsqlite3"]) { time in
    time.advance(by: .seconds(86_400))
    #expect(now(in: db) == 1_700_086_400)   // SELECT strftime('%s', 'now')
}
        }
        #expect(now(in: db) > 1_700_086_400, "the real clock is back")
    }

    @Test func aBackoffLoop() async throws {
        let failures = try await captureFailures {
try await withVirtualTime { time in
    let tries = try await fetchWithBackoff()    // sleeps 1, 2, 4, 8 and 16 s between tries
    #expect(tries == 6)
    #expect(time.elapsed == .seconds(31))
}
        }
        #expect(failures.allSatisfy { !VirtualTimeTests.executableFollows && $0.message.hasPrefix("withVirtualTime: ") })
    }

    @Test func sqlitesBusyTimeout() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("impostor-article-\(UUID().uuidString).db").path
        defer { unlink(path) }
        var holder: OpaquePointer?
        var waiter: OpaquePointer?
        #expect(sqlite3_open(path, &holder) == SQLITE_OK && sqlite3_open(path, &waiter) == SQLITE_OK)
        defer {
            sqlite3_close(waiter)
            sqlite3_close(holder)
        }
        #expect(sqlite3_exec(holder, "CREATE TABLE t(x); BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        Self.example {
sqlite3_busy_timeout(waiter, 30_000)
withVirtualTime(in: ["libsqlite3"]) { time in
    #expect(sqlite3_exec(waiter, "INSERT INTO t VALUES (2)", nil, nil, nil) == SQLITE_BUSY)
    #expect(time.elapsed == .seconds(30))
}
        }
    }

    @Test(.mockery, .enabled(if: VirtualSleepTests.executableSleepsFollow, "a sanitizer's interceptor takes the executable's sleeps"))
    func aPollerDrivenByHand() {
        let poller = Poller()
        Self.example {
withVirtualTime(advancing: .manually) { time in
    poller.start()                          // its thread sleeps 5 s, then polls once
    #expect(RealWait.until { time.pending.count == 1 })
    time.advanceToNextSleep()               // +5 s: the poll
    #expect(RealWait.until { poller.polls == 1 })
}
        }
    }

    @Test(.enabled(if: VirtualTimeoutTests.executableWaitsFollow, "a sanitizer's interceptor takes the executable's waits"))
    func aPollThatTimesOutAndOneThatFindsData() {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let (idle, writer) = (ends[0], ends[1])
        defer {
            close(idle)
            close(writer)
        }
        var revents: Int16 = 0
        Self.example {
withVirtualTime { time in
    #expect(vt_poll_read(idle, 30_000, &revents) == 0)      // nothing to read: timed out
    #expect(time.elapsed == .seconds(30))
    write(writer, "x", 1)
    #expect(vt_poll_read(idle, 30_000, &revents) == 1)      // readable: at once
    #expect(time.elapsed == .seconds(30))
}
        }
    }

    @Test func everyExampleLineIsHere() throws {
        try ArticleExamples.expectEveryLine(of: "UsingVirtualTime.md", in: [#filePath], atLeast: 20)
    }
}
