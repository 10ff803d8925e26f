import Foundation
import Impostor
import Testing

// SwiftMock's AlbumService example, written by hand on Impostor's `Mock`: an `async throws`
// member stubbed through its reference with `eq(uuid)` and `any()` (a prototype cannot be
// awaited inside `stub`), a throwing stub whose error reaches `try await` and is kept with the
// recorded call, counts checked with `verify` and `hasCalled`, and an unstubbed call answered
// by the `DefaultValue` that `AlbumRecord` adopts here.

struct AlbumRecord: Equatable, Sendable {
    let id: UUID
    let title: String
}

extension AlbumRecord: DefaultValue {
    static var defaultValue: AlbumRecord { AlbumRecord(id: UUID(uuidString: "00000000-0000-0000-0000-00000000A1B0")!, title: "(no album)") }
}

enum AlbumError: Error, Equatable {
    case notFound
}

protocol AlbumService: Sendable {
    func getAlbum(id: UUID) async throws -> AlbumRecord
}

final class MockAlbumService: Mock, AlbumService, @unchecked Sendable {
    lazy var getAlbumRef = MockReference(getAlbum)
    func getAlbum(id: UUID) async throws -> AlbumRecord { try await call(getAlbumRef, args: id) }
}

@Suite("SwiftMock's AlbumService", .mockery)
struct SwiftMockAlbumServiceTests {
    let blueID = UUID()
    let otherID = UUID()

    @Test func stubsByEqAndAnyAnswerWithAlbums() async throws {
        let service = MockAlbumService(named: "albums")
        stub(service.getAlbumRef, any()).returning(AlbumRecord(id: otherID, title: "Anything"))
        stub(service.getAlbumRef, eq(blueID)).returning(AlbumRecord(id: blueID, title: "Blue"))
        #expect(try await service.getAlbum(id: blueID) == AlbumRecord(id: blueID, title: "Blue"))
        #expect(try await service.getAlbum(id: otherID) == AlbumRecord(id: otherID, title: "Anything"))
        let calls = service.calls(to: service.getAlbumRef)
        #expect(calls.map { $0.argument(0, as: UUID.self) } == [blueID, otherID])
        #expect(calls.map { $0.returnValue(as: AlbumRecord.self).title } == ["Blue", "Anything"])
    }

    @Test func anAsyncBlockAnswersWithTheTypedArgument() async throws {
        let service = MockAlbumService(named: "albums")
        stub(service.getAlbumRef, any()).with { (id: UUID) async throws -> AlbumRecord in
            await Task.yield()
            return AlbumRecord(id: id, title: "made for \(id.uuidString.prefix(4))")
        }
        let album = try await service.getAlbum(id: blueID)
        #expect(album == AlbumRecord(id: blueID, title: "made for \(blueID.uuidString.prefix(4))"))
    }

    @Test func aThrowingStubThrowsAndTheCallKeepsTheError() async throws {
        let service = MockAlbumService(named: "albums")
        stub(service.getAlbumRef, eq(blueID)).throwing(AlbumError.notFound)
        await #expect(throws: AlbumError.notFound) { try await service.getAlbum(id: blueID) }
        // Another id is not stubbed: it answers with the default, no error.
        #expect(try await service.getAlbum(id: otherID) == AlbumRecord.defaultValue)
        let calls = service.calls(to: service.getAlbumRef)
        #expect(calls.count == 2)
        #expect(calls.first?.formattedResult?.hasPrefix("throws ") == true)
        #expect(calls.first?.formattedResult?.hasSuffix("AlbumError.notFound") == true)
        // The call that threw has no result to read: reading one is reported.
        let failures = captureFailures { _ = calls[0].returnValue(as: AlbumRecord.self) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("nothing: the call threw") == true)
    }

    @Test func verifyCountsTheCallsByArgument() async throws {
        let service = MockAlbumService(named: "albums")
        _ = try await service.getAlbum(id: blueID)
        _ = try await service.getAlbum(id: otherID)
        _ = try await service.getAlbum(id: blueID)
        verify(.times(2), service.getAlbumRef, eq(blueID))
        verify(.once, service.getAlbumRef, eq(otherID))
        verify(.never, service.getAlbumRef, eq(UUID()))
        verify(.times(3), service.getAlbumRef, any())
        #expect(service.hasCalled(service.getAlbumRef, numberOfTimes: 3))
        let failures = captureFailures { verify(.once, service.getAlbumRef, eq(blueID)) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("albums.getAlbum") == true)
        #expect(failures.first?.message.contains("received it 2 times") == true)
    }

    @Test func anUnstubbedCallReturnsTheAdoptedDefault() async throws {
        let service = MockAlbumService(named: "albums")
        let album = try await service.getAlbum(id: blueID)
        #expect(album == AlbumRecord.defaultValue)
        #expect(album.title == "(no album)")
        #expect(service.calls(to: service.getAlbumRef).first?.returnValue(as: AlbumRecord.self) == AlbumRecord.defaultValue)
    }
}
