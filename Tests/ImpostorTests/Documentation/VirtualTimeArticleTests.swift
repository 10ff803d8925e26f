import CSQLite3
import Foundation
import Impostor
import Testing

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

    @Test func everyExampleLineIsHere() throws {
        try ArticleExamples.expectEveryLine(of: "UsingVirtualTime.md", in: [#filePath], atLeast: 20)
    }
}
