import CImpostorTestSupport
import CSQLite3
import Foundation
import Impostor
import Testing

// Every Swift example of the DocC article Sources/Impostor/Impostor.docc/FunctionTables.md, as
// written there, with its behaviour asserted (the SQLite VFS lines are in SQLiteVFSTests.swift).
// `everyExampleLineIsHere` checks that the article and these files do not drift apart.

@Suite("Function tables article examples")
struct FunctionTablesArticleTests {
    @Test(.mockery) func overviewAndNames() {
        let driver: ct_driver = mockTable(named: "driver")
        stub(driver.open!(any(), any())).with { 100 }
        stub(driver.hooks.encode!(any())).with { (value: Int32) in value * 2 }
        stub(driver.handlers.1!(any())).with { (event: Int32) in event * 2 }

        var table = driver
        let total = ct_driver_session(&table, nil)     // C code calling through the table

        #expect(total == 100 + 202 + 22)
        verify(driver.hooks.encode!(101))
        verifyInOrder {
            driver.open!(any(), any())
            driver.handlers.1!(11)
            driver.close(any())
        }
        let calls = invocations(of: driver.handlers.2)     // "driver.handlers[2](12) -> 0"
        #expect(calls.map(\.description) == ["driver.handlers[2](12) -> 0"])
        #expect(invocations(of: driver.open).first?.description.hasPrefix("driver.open(") == true)
        #expect(invocations(of: driver.hooks.encode).first?.description == "driver.hooks.encode(101) -> 202")
        #expect(invocations(of: driver.close).first?.description == "driver.close(nil)")
    }

    @Test(.mockery) func templates() {
        let realCharacteristics: @convention(c) (UnsafeMutablePointer<sqlite3_file>?) -> Int32 = { _ in SQLITE_IOCAP_ATOMIC }
        var methods = sqlite3_io_methods()
        methods.iVersion = 1
        methods.xDeviceCharacteristics = realCharacteristics
        let io = mockTable(named: "io", template: methods)       // io.iVersion == 1
        var real = io
        real.xDeviceCharacteristics = realCharacteristics        // a real function, kept
        let kept = mockTable(named: "kept", template: methods, keeping: ["xDeviceCharacteristics"])

        #expect(io.iVersion == 1)
        #expect(io.xDeviceCharacteristics!(nil) == 0)
        #expect(real.xDeviceCharacteristics!(nil) == SQLITE_IOCAP_ATOMIC)
        #expect(invocations(of: io.xDeviceCharacteristics).count == 1)
        #expect(kept.xDeviceCharacteristics!(nil) == SQLITE_IOCAP_ATOMIC)
        #expect(kept.xRead!(nil, nil, 0, 0) == 0)
        #expect(invocations(of: kept.xRead).count == 1)
    }

    @Test(.mockery) func capturing() {
        var methods = sqlite3_io_methods()
        methods.iVersion = 1
        let io = mockTable(named: "io", template: methods, capturing: ["xWrite": [1: .buffer(count: 2)]])
        [UInt8]("page".utf8).withUnsafeBytes { _ = io.xWrite!(nil, $0.baseAddress, 4, 0) }
        #expect(invocations(of: io.xWrite).first?.bytes(1) == Array("page".utf8))
    }

    @Test(.mockery) func unnamedMembers() {
        var template = ct_flagged_table()
        template.reserved = 9
        let failures = captureFailures { _ = mockTable(of: ct_union_table.self, named: "tagged") }
        #expect(failures.map(\.message) == [
            "Cannot mock every function pointer of ct_union_table as the table tagged: Swift's reflection "
                + "cannot name what lies in payload (__Unnamed_union_payload, a union or bitfields: bytes 8..<16), "
                + "so a function pointer there would not be mocked. Mock the fields you need one by one with "
                + "mockFunction, or pass `unnamedMembers: .keepBytes` to leave those bytes as the template has "
                + "them (zero without one)."
        ])

        let flagged = mockTable(named: "flagged", template: template, unnamedMembers: .keepBytes)

        #expect(flagged.reserved == 9)
        flagged.done!()
        verify(flagged.done!())
    }

    @Test func owningAndThrowing() throws {
        let context = Mockery("tables")
        let owned: ct_driver = context.mockTable(named: "driver")
        let checked = try context.makeMockTable(of: ct_driver.self, named: "driver")
        #expect(context.mockCount == 14)
        _ = owned.hooks.encode!(1)
        _ = checked.hooks.encode!(2)
        #expect(invocations(of: owned.hooks.encode).map(\.description) == ["driver.hooks.encode(1) -> 0"])
        #expect(invocations(of: checked.hooks.encode).map(\.description) == ["driver.hooks.encode(2) -> 0"])
    }

    /// Every line of every Swift example in the article is in this file or the SQLite VFS test
    /// (see ArticleExamples).
    @Test func everyExampleLineIsHere() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        try ArticleExamples.expectEveryLine(
            of: "FunctionTables.md",
            in: ["FunctionTablesArticleTests.swift", "../Faces/Tables/SQLiteVFSTests.swift"].map { folder.appendingPathComponent($0).standardized.path },
            atLeast: 25)
    }
}
