import Foundation
import ImpostorMockable
import Testing

// SwiftMock's README example (AlbumService) and MockingKit's (Printer, Converter), with the
// mocks written by `@Mockable`.

struct Album: Equatable, Sendable {
    let id: UUID
    let title: String
}

enum AlbumError: Error, Equatable { case notFound }

@Mockable
protocol AlbumService: Sendable {
    func getAlbum(id: UUID) async throws -> Album
    func allAlbums() async throws -> [Album]
    var title: String { get set }
}

@Mockable
protocol Printer {
    func print(_ text: String)
}

@Mockable
protocol Converter {
    func convert(_ text: String) -> String
}

/// Code under test that uses the service.
struct AlbumViewModel {
    let service: any AlbumService
    func titles() async -> [String] {
        (try? await service.allAlbums().map(\.title)) ?? []
    }
}

@Suite("@Mockable: the README examples", .mockery)
struct MacroReadmeExampleTests {
    @Test("AlbumService: stub with a typed block, when/thenReturn, thenThrow, verify")
    func albumService() async throws {
        let albums = AlbumServiceMock()
        let id = UUID()
        let album = Album(id: id, title: "Kind of Blue")
        stub(albums.$getAlbum(id: eq(id))).with { (id: UUID) in Album(id: id, title: "Kind of Blue") }
        #expect(try await albums.getAlbum(id: id) == album)
        let missing = UUID()
        when(albums.$getAlbum(id: eq(missing))).thenThrow(AlbumError.notFound)
        await #expect(throws: AlbumError.notFound) { try await albums.getAlbum(id: missing) }
        verify(.once, albums.$getAlbum(id: eq(id)))
        verify(.times(2), albums.$getAlbum(id: any()))
    }

    @Test("AlbumService through code under test, and its property")
    func viewModel() async {
        let albums = AlbumServiceMock()
        when(albums.$allAlbums()).thenReturn([Album(id: UUID(), title: "Blue Train")])
        #expect(await AlbumViewModel(service: albums).titles() == ["Blue Train"])
        stub(albums.$title.get).returning("Jazz")
        #expect(albums.title == "Jazz")
        albums.title = "Bop"
        verify(albums.$title.set(eq("Bop")))
        verifyInOrder {
            albums.$allAlbums()
            albums.$title.get
            albums.$title.set()
        }
    }

    @Test("Printer and Converter: a Void method, a registered-result style stub")
    func printerAndConverter() {
        let printer = PrinterMock()
        let converter = ConverterMock()
        stub(converter.$convert(any())).with { (text: String) in String(text.reversed()) }
        printer.print(converter.convert("olleH"))
        verify(.once, printer.$print(eq("Hello")))
        verify(.never, printer.$print(eq("olleH")))
        #expect(invocations(of: converter.$convert()).count == 1)
    }

    @Test("checking { oneOf } takes a generated prototype")
    func expectations() async throws {
        let context = Mockery("album expectations")
        let album = Album(id: UUID(), title: "Giant Steps")
        try await context.withCurrent { () async throws in
            let albums = AlbumServiceMock()
            context.checking {
                oneOf(albums.$getAlbum(id: any())).will(returnValue(album))
            }
            #expect(try await albums.getAlbum(id: UUID()) == album)
            context.assertIsSatisfied()
        }
    }
}
