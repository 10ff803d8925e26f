import CImpostorTestSupport
import CSQLite3
import Foundation
import Impostor
import Testing

// faultSweep against real code: a C function that saves a file atomically, with and without
// the unchecked fsync, and SQLite failing its mallocs and its fdatasyncs.

typealias Fsync = @convention(c) (Int32) -> Int32
typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?

struct SaveFailed: Error, Equatable { let errno: Int32 }

@Suite(.mockery, .serialized) struct FaultSweepTests {
    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "impostor-faults-\(getpid())-\(name)"
    }

    private func save(_ path: String, careless: Bool) throws {
        let data = Array("the document".utf8)
        guard cf_save_atomically(path, data, data.count, careless ? 1 : 0) == 0 else { throw SaveFailed(errno: errno) }
    }

    @Test func aSweepOverFsyncFindsTheSaveThatReportsSuccessAfterAFailedFsync() throws {
        let path = temporaryPath("careless")
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO) { _ in try save(path, careless: true) }
        // One fsync per save: run 1 fails it, run 2 makes fewer than 2 calls and runs untouched.
        #expect(runs.map(\.k) == [1, 2])
        let lied = runs.filter { $0.failedCall != nil && $0.outcome == .returned }
        #expect(lied.map(\.k) == [1], "\(runs)")
        #expect(lied.first?.failedCall?.description.hasSuffix("-> -1 (injected fault, errno 5: Input/output error)") == true)
    }

    /// The same save behind a suspension point, as `async` code under test is.
    private func saveAsync(_ path: String) async throws {
        await Task.yield()
        try save(path, careless: false)
    }

    @Test func anAsyncBodyIsSweptRunByRun() async throws {
        let path = temporaryPath("async")
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let runs = await faultSweep(fsyncMock(any()), returning: -1, errno: EIO) { _ in
            try await saveAsync(path)
        }
        #expect(runs.map(\.k) == [1, 2], "\(runs)")
        #expect(runs.map(\.outcome) == [.threw, .returned], "\(runs)")
        #expect(runs.first?.error as? SaveFailed == SaveFailed(errno: EIO))
        #expect(runs.first?.failedCall?.description.hasPrefix("fsync(") == true)
    }

    @Test func theCarefulSaveThrowsInEveryRunWithAFailedCall() throws {
        let path = temporaryPath("careful")
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO) { _ in try save(path, careless: false) }
        #expect(runs.allSatisfy { $0.failedCall == nil ? $0.outcome == .returned : ($0.error as? SaveFailed) == SaveFailed(errno: EIO) }, "\(runs)")
        // The untouched run reached the real fsync and saved the file.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the document")
    }

    @Test func aScheduleOnAnInterposedSymbolLetsTheOtherCallsReachTheRealFunction() throws {
        let path = temporaryPath("once")
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        stub(fsyncMock(any())).failing(.onCall(1), returning: -1, errno: EIO)
        #expect(throws: SaveFailed(errno: EIO)) { try save(path, careless: false) }
        try save(path, careless: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the document")
        #expect(invocations(of: fsyncMock).map(\.injectedFault) == [InjectedFault(errno: EIO), nil])
    }

    @Test func aSweepWhoseBodyMakesNoMatchingCallIsReported() {
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        var runs: FaultSweep?
        let failures = captureFailures { runs = faultSweep(fsyncMock(any()), returning: -1) { _ in } }
        #expect(failures.map(\.message) == [
            "faultSweep(fsync(any()), ...) injected no fault: the body made no call that fsync(any()) selects, so every run "
                + "would be the same. Check the prototype's matchers and that the body reaches the function."
        ])
        #expect(runs?.count == 1)
    }

    @Test func aSweepThatReachesItsLimitSaysSo() {
        let path = temporaryPath("limit")
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        var runs: FaultSweep?
        let failures = captureFailures {
            runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO, limit: 2) { _ in
                for _ in 0..<3 { try? save(path, careless: false) }
            }
        }
        #expect(runs?.map(\.k) == [1, 2])
        #expect(failures.map(\.message) == [
            "faultSweep(fsync(any()), ...) stopped at its limit of 2 runs while the body still made 2 or more calls that "
                + "fsync(any()) selects: the runs after it were not made. Raise limit: to sweep them all."
        ])
    }

    @Test(arguments: [0, -1]) func aLimitBelowOneIsRefusedAndNothingRuns(limit: Int) {
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        var ran = false
        var runs: FaultSweep?
        let failures = captureFailures {
            runs = faultSweep(fsyncMock(any()), returning: -1, limit: limit, isolation: .childProcess()) { _ in ran = true }
        }
        #expect(failures.map(\.message) == [
            "faultSweep(..., limit: \(limit)) can make no run: the limit counts runs and must be at least 1. Nothing was swept."
        ])
        #expect(runs?.isEmpty == true)
        #expect(!ran)
    }

    @Test func theSweepTableNamesEachRun() throws {
        let path = temporaryPath("table")
        defer { unlink(path) }
        let fsyncMock = interpose("fsync", as: Fsync.self, in: .mainExecutable)
        let runs = faultSweep(fsyncMock(any()), returning: -1, errno: EIO) { _ in try save(path, careless: false) }
        let lines = runs.description.split(separator: "\n")
        #expect(lines.first == "fault sweep over fsync(any()), 2 runs:")
        #expect(lines.dropFirst().first?.hasPrefix("  1  fsync(") == true)
        #expect(lines.dropFirst().first?.hasSuffix("threw SaveFailed(errno: 5)") == true)
        #expect(lines.last == "  2  no call failed (1 selected)  returned")
    }

    /// SQLite's own practice, per test: its mallocs fail one by one (scoped to libsqlite3, so
    /// Impostor's own allocations are untouched), and every run ends in SQLITE_NOMEM or success.
    @Test func sqliteSurvivesEachOfItsMallocsFailing() throws {
        let path = temporaryPath("nomem.db")
        defer { unlink(path); unlink(path + "-journal") }
        let mallocMock = interpose("malloc", as: Malloc.self, in: "libsqlite3")
        var codes: [Int32] = []
        let runs = faultSweep(mallocMock(any()), returning: nil) { k in
            var db: OpaquePointer?
            let code = { () -> Int32 in
                var rc = sqlite3_open(path, &db)
                if rc == SQLITE_OK { rc = sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS t(x); INSERT INTO t VALUES (\(k));", nil, nil, nil) }
                return rc
            }()
            sqlite3_close(db)
            codes.append(code)
            if code != SQLITE_OK { throw SaveFailed(errno: code) }
        }
        #expect(runs.count > 20, "SQLite makes more than 20 allocations to open and write a database")
        #expect(Set(codes).isSubset(of: [SQLITE_OK, SQLITE_NOMEM]), "\(Set(codes))")
        #expect(runs.last?.outcome == .returned)
        #expect(runs.allSatisfy { $0.outcome != .raisedFailures })
        #expect(try integrityCheck(path) == "ok")
    }

    @Test func sqliteReportsEachFailedFdatasyncAndKeepsTheDatabaseIntact() throws {
        let path = temporaryPath("ioerr.db")
        defer { unlink(path); unlink(path + "-journal") }
        typealias Fdatasync = @convention(c) (Int32) -> Int32
        let syncMock = interpose("fdatasync", as: Fdatasync.self, in: "libsqlite3")
        var codes: [Int32] = []
        let runs = faultSweep(syncMock(any()), returning: -1, errno: EIO) { k in
            var db: OpaquePointer?
            defer { sqlite3_close(db) }
            guard sqlite3_open(path, &db) == SQLITE_OK else { throw SaveFailed(errno: -1) }
            let rc = sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS t(x); BEGIN; INSERT INTO t VALUES (\(k)); COMMIT;", nil, nil, nil)
            codes.append(rc & 0xff)
            if rc != SQLITE_OK { throw SaveFailed(errno: rc) }
        }
        #expect(runs.count >= 2, "\(runs)")
        #expect(Set(codes).isSubset(of: [SQLITE_OK, SQLITE_IOERR]), "\(Set(codes))")
        // Each failed sync of the journal or the database fails the commit. One does not: SQLite
        // ignores a failed sync of the directory after it deletes the journal, by design (some
        // file systems cannot sync a directory). The sweep shows it as a run that returned.
        #expect(runs.filter { $0.failedCall != nil && $0.outcome == .threw }.count >= 2, "\(runs)")
        #expect(runs.filter { $0.failedCall != nil && $0.outcome == .returned }.count <= 1, "\(runs)")
        #expect(try integrityCheck(path) == "ok")
    }

    /// SQLite calls pwrite64 through a table of system calls it fills at load time, which no GOT
    /// rebinding reaches; its own hook for replacing one, xSetSystemCall, takes a mock instead.
    @Test func sqliteReportsEachFailedWriteAndKeepsTheDatabaseIntact() throws {
        typealias PWrite = @convention(c) (Int32, UnsafeRawPointer?, Int, Int64) -> Int
        let path = temporaryPath("eio.db")
        defer { unlink(path); unlink(path + "-journal") }
        let vfs = try #require(sqlite3_vfs_find(nil))
        let pwriteMock: PWrite = mockFunction(named: "pwrite64")
        stub(pwriteMock(any(), any(), any(), any())).with { (fd: Int32, data: UnsafeRawPointer?, count: Int, offset: Int64) in
            pwrite(fd, data, count, Int(offset))
        }
        try #require(vfs.pointee.xSetSystemCall(vfs, "pwrite64", unsafeBitCast(pwriteMock, to: sqlite3_syscall_ptr.self)) == SQLITE_OK)
        defer { _ = vfs.pointee.xSetSystemCall(vfs, "pwrite64", nil) }
        var codes: [Int32] = []
        let runs = faultSweep(pwriteMock(any(), any(), any(), any()), returning: -1, errno: EIO) { k in
            var db: OpaquePointer?
            defer { sqlite3_close(db) }
            guard sqlite3_open(path, &db) == SQLITE_OK else { throw SaveFailed(errno: -1) }
            let rc = sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS t(x); INSERT INTO t VALUES (\(k));", nil, nil, nil)
            codes.append(rc & 0xff)
            if rc != SQLITE_OK { throw SaveFailed(errno: rc) }
        }
        #expect(runs.count >= 3, "\(runs)")
        #expect(Set(codes).isSubset(of: [SQLITE_OK, SQLITE_IOERR, SQLITE_FULL]), "\(Set(codes))")
        #expect(runs.filter { $0.failedCall != nil }.allSatisfy { $0.outcome == .threw }, "\(runs)")
        #expect(runs.last?.outcome == .returned)
        #expect(try integrityCheck(path) == "ok")
    }

    /// The same table of system calls reached without SQLite's hook: no GOT slot carries its
    /// pwrite64 calls, so `interpose` patches libc's entry, and the router gives the calls
    /// returning into libsqlite3 to the mock (the Fault injection article's promise). Full disk
    /// on the second write: SQLite reports SQLITE_FULL and the database stays intact.
    @Test(.enabled(if: MachineArchitectureForTests.isX86_64 && !InterpositionTestSupport.sanitizerIntercepts("pwrite64")))
    func sqlitesOwnWritesAreReachedByAnEntryPatch() throws {
        typealias PWrite = @convention(c) (Int32, UnsafeRawPointer?, Int, Int64) -> Int
        let path = temporaryPath("full.db")
        defer { unlink(path); unlink(path + "-journal") }
        do {
            var db: OpaquePointer?
            try #require(sqlite3_open(path, &db) == SQLITE_OK)
            try #require(sqlite3_exec(db, "CREATE TABLE t(x); INSERT INTO t VALUES (1);", nil, nil, nil) == SQLITE_OK)
            sqlite3_close(db)
        }
        let pwriteMock = interpose("pwrite64", as: PWrite.self, in: "libsqlite3")
        guard case .entryPatch? = interpositionMethod(of: pwriteMock) else {
            Issue.record("expected an entry patch, got \(String(describing: interpositionMethod(of: pwriteMock)))")
            return
        }
        stub(pwriteMock(any(), any(), any(), any())).callingOriginal()
        stub(pwriteMock(any(), any(), any(), any())).failing(.onCall(2), returning: -1, errno: ENOSPC)
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        let rc = sqlite3_exec(db, "INSERT INTO t VALUES (2); INSERT INTO t VALUES (3);", nil, nil, nil)
        sqlite3_close(db)
        #expect(rc & 0xff == SQLITE_FULL)
        #expect(invocations(of: pwriteMock).count >= 2)
        #expect(try integrityCheck(path) == "ok")
    }

    private func integrityCheck(_ path: String) throws -> String? {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        guard sqlite3_open(path, &db) == SQLITE_OK else { return nil }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
        else { return nil }
        return String(cString: text)
    }
}

@Suite(.mockery) struct ScopedAllocatorTests {
    @Test func mallocInEveryObjectIsRefusedWithTheScopeThatWorks() {
        var made: Malloc?
        let failures = captureFailures { made = interpose("malloc", as: Malloc.self) }
        #expect(made != nil)
        #expect(failures.map(\.message) == [
            "Cannot interpose malloc in every object: Impostor itself calls it while routing and answering interposed calls, "
                + "so rebinding its own calls would send them back into the dispatcher. Scope it to the library whose calls "
                + "you test, as in interpose(\"malloc\", as: ..., in: \"libsqlite3\"): Impostor's own calls never go through "
                + "that library's slots."
        ])
    }

    @Test func mallocScopedToALibraryImpostorUsesIsRefused() {
        let failures = captureFailures { _ = interpose("malloc", as: Malloc.self, in: "libffi") }
        #expect(failures.first?.message.hasPrefix("Cannot interpose malloc in libffi: Impostor's own calls of it go through") == true)
    }
}
