import CSQLite3
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A real SQLite database, created, written and read back through a VFS whose two method
/// tables, `sqlite3_vfs` and `sqlite3_io_methods`, come from `mockTable`, answered by stubs over
/// in-memory files.
@Suite struct SQLiteVFSTests {
    @Test(.mockery) func aDatabaseLivesInMemoryBehindMockedTables() throws {
        let vfs = MemoryVFS()
        try vfs.register()
        defer { vfs.unregister() }

        try vfs.run("shop.db", "CREATE TABLE fruit (name TEXT, price INTEGER); INSERT INTO fruit VALUES ('apple', 3), ('pear', 5);")
        let rows = try vfs.query("shop.db", "SELECT name, price FROM fruit ORDER BY price")

        #expect(rows == [["apple", "3"], ["pear", "5"]])
        let database = try #require(vfs.files["shop.db"])
        #expect(database.starts(with: Array("SQLite format 3\0".utf8)))
        #expect(vfs.files["shop.db-journal"] == nil)

        // The first connection's database and journal handles, as xOpen received them.
        let db = try #require(vfs.opened.first { $0.name == "shop.db" }?.file)
        let journal = try #require(vfs.opened.first { $0.name == "shop.db-journal" }?.file)
        let io = vfs.io, methods = vfs.methods
        verify(methods.xOpen!(any(), cString("shop.db"), any(), any(), any()))
        verify(.atLeast(1), io.xWrite!(eq(db), bytes(Array("SQLite format 3\0".utf8)), 4096, 0))
        verify(.never, io.xWrite!(any(), any(), any(), lt(0)))
        verify(.atLeast(2), io.xSync!(eq(db), any()))
        verify(.atLeast(1), io.xRead!(eq(db), any(), any(), 0))
        // SQLite's atomic commit: journal written and synced before the database is touched,
        // the database synced before the journal is deleted.
        verifyInOrder {
            io.xWrite!(eq(journal), any(), any(), 0)
            io.xSync!(eq(journal), any())
            io.xWrite!(eq(db), any(), any(), any())
            io.xSync!(eq(db), any())
            methods.xDelete!(any(), cString("shop.db-journal"), any())
        }
        let writes = invocations(of: io.xWrite).filter { $0.argument(0, as: UnsafeMutablePointer<sqlite3_file>?.self) == db }
        #expect(writes.allSatisfy { $0.bytes(1)?.count == Int($0.argument(2, as: Int32.self)) })
        #expect(invocations(of: io.xClose).count == vfs.opened.count)
    }
}

/// An in-memory file system served by two mocked method tables.
final class MemoryVFS {
    /// File contents by name.
    var files: [String: [UInt8]] = [:]
    /// Every file SQLite opened, in order: its name and the `sqlite3_file` it passed.
    var opened: [(name: String, file: UnsafeMutablePointer<sqlite3_file>)] = []
    private var names: [UnsafeMutablePointer<sqlite3_file>: String] = [:]

    let methods: sqlite3_vfs
    let io: sqlite3_io_methods
    private let registered = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
    private let ioTable = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
    private let vfsName = strdup("impostor-memory")!

    init() {
        var ioTemplate = sqlite3_io_methods()
        ioTemplate.iVersion = 1
        io = mockTable(named: "io", template: ioTemplate, capturing: ["xWrite": [1: .buffer(count: 2)]])
        var vfsTemplate = sqlite3_vfs()
        vfsTemplate.iVersion = 1
        vfsTemplate.szOsFile = Int32(MemoryLayout<sqlite3_file>.size)
        vfsTemplate.mxPathname = 512
        vfsTemplate.zName = UnsafePointer(vfsName)
        methods = mockTable(named: "vfs", template: vfsTemplate, capturing: ["xDelete": [1: .cString], "xAccess": [1: .cString]])
        ioTable.initialize(to: io)
        registered.initialize(to: methods)
        stubFiles()
        stubIO()
    }

    deinit {
        registered.deallocate()
        ioTable.deallocate()
        free(vfsName)
    }

    func register() throws {
        try #require(sqlite3_vfs_register(registered, 0) == SQLITE_OK)
    }

    func unregister() {
        sqlite3_vfs_unregister(registered)
    }

    /// Runs `sql` on a new connection to `path`, then closes it.
    func run(_ path: String, _ sql: String) throws {
        let db = try open(path)
        defer { sqlite3_close(db) }
        try #require(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
    }

    /// The rows of `sql`, as text, from a new connection to `path`.
    func query(_ path: String, _ sql: String) throws -> [[String]] {
        let db = try open(path)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_text(statement, $0)) })
        }
        return rows
    }

    private func open(_ path: String) throws -> OpaquePointer? {
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "impostor-memory")
        try #require(status == SQLITE_OK, "sqlite3_open_v2 returned \(status)")
        return db
    }

    private func name(of file: UnsafeMutablePointer<sqlite3_file>?) -> String {
        file.flatMap { names[$0] } ?? ""
    }

    /// xOpen, xDelete, xAccess and xFullPathname over `files`.
    private func stubFiles() {
        stub(methods.xOpen!(any(), any(), any(), any(), any())).with {
            (_: UnsafeMutablePointer<sqlite3_vfs>?, path: sqlite3_filename?, file: UnsafeMutablePointer<sqlite3_file>?,
             flags: Int32, outFlags: UnsafeMutablePointer<Int32>?) -> Int32 in
            guard let path, let file else { return SQLITE_CANTOPEN }
            let name = String(cString: path)
            self.names[file] = name
            self.opened.append((name, file))
            if self.files[name] == nil { self.files[name] = [] }
            file.pointee.pMethods = UnsafePointer(self.ioTable)
            outFlags?.pointee = flags
            return SQLITE_OK
        }
        stub(methods.xDelete!(any(), any(), any())).with { (_: UnsafeMutablePointer<sqlite3_vfs>?, path: UnsafePointer<CChar>?, _: Int32) -> Int32 in
            self.files[path.map { String(cString: $0) } ?? ""] = nil
            return SQLITE_OK
        }
        stub(methods.xAccess!(any(), any(), any(), any())).with {
            (_: UnsafeMutablePointer<sqlite3_vfs>?, path: UnsafePointer<CChar>?, _: Int32, result: UnsafeMutablePointer<Int32>?) -> Int32 in
            let exists = self.files[path.map { String(cString: $0) } ?? ""].map { !$0.isEmpty } ?? false
            result?.pointee = exists ? 1 : 0
            return SQLITE_OK
        }
        stub(methods.xFullPathname!(any(), any(), any(), any())).with {
            (_: UnsafeMutablePointer<sqlite3_vfs>?, path: UnsafePointer<CChar>?, size: Int32, out: UnsafeMutablePointer<CChar>?) -> Int32 in
            guard let path, let out, strlen(path) < Int(size) else { return SQLITE_CANTOPEN }
            strcpy(out, path)
            return SQLITE_OK
        }
    }

    /// Every method of an open file over `files`.
    private func stubIO() {
        stub(io.xRead!(any(), any(), any(), any())).with {
            (file: UnsafeMutablePointer<sqlite3_file>?, buffer: UnsafeMutableRawPointer?, amount: Int32, offset: sqlite3_int64) -> Int32 in
            let contents = self.files[self.name(of: file)] ?? []
            let start = min(Int(offset), contents.count), end = min(Int(offset) + Int(amount), contents.count)
            let output = UnsafeMutableRawBufferPointer(start: buffer, count: Int(amount))
            output.initializeMemory(as: UInt8.self, repeating: 0)
            output.copyBytes(from: contents[start..<end])
            return end - start == Int(amount) ? SQLITE_OK : 522   // SQLITE_IOERR_SHORT_READ
        }
        stub(io.xWrite!(any(), any(), any(), any())).with {
            (file: UnsafeMutablePointer<sqlite3_file>?, buffer: UnsafeRawPointer?, amount: Int32, offset: sqlite3_int64) -> Int32 in
            let name = self.name(of: file)
            var contents = self.files[name] ?? []
            let end = Int(offset) + Int(amount)
            if contents.count < end { contents += [UInt8](repeating: 0, count: end - contents.count) }
            contents.replaceSubrange(Int(offset)..<end, with: UnsafeRawBufferPointer(start: buffer, count: Int(amount)))
            self.files[name] = contents
            return SQLITE_OK
        }
        stub(io.xTruncate!(any(), any())).with { (file: UnsafeMutablePointer<sqlite3_file>?, size: sqlite3_int64) -> Int32 in
            let name = self.name(of: file)
            self.files[name] = Array((self.files[name] ?? []).prefix(Int(size)))
            return SQLITE_OK
        }
        stub(io.xFileSize!(any(), any())).with { (file: UnsafeMutablePointer<sqlite3_file>?, size: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 in
            size?.pointee = sqlite3_int64(self.files[self.name(of: file)]?.count ?? 0)
            return SQLITE_OK
        }
        stub(io.xCheckReservedLock!(any(), any())).with { (_: UnsafeMutablePointer<sqlite3_file>?, result: UnsafeMutablePointer<Int32>?) -> Int32 in
            result?.pointee = 0
            return SQLITE_OK
        }
        stub(io.xClose!(any())).with { (file: UnsafeMutablePointer<sqlite3_file>?) -> Int32 in
            if let file { self.names[file] = nil }
            return SQLITE_OK
        }
        stub(io.xSync!(any(), any())).with { SQLITE_OK }
        stub(io.xLock!(any(), any())).with { SQLITE_OK }
        stub(io.xUnlock!(any(), any())).with { SQLITE_OK }
        stub(io.xFileControl!(any(), any(), any())).with { SQLITE_NOTFOUND }
        stub(io.xSectorSize!(any())).with { 512 }
        stub(io.xDeviceCharacteristics!(any())).with { 0 }
    }
}
