import CImpostorTestSupport
import Foundation
import ImpostorMockable
import Testing

// The examples of the DocC article GeneratedMocks.md and of the README's "Generated mocks"
// section, as written there, with their behaviour asserted (the article's AlbumService is the
// README example's, in MacroReadmeExampleTests.swift). ImpostorTests' `GeneratedMocksExamplesLines`
// checks that every example line of both is in these two files.

/// The article's manifest line, kept as text: the test checks the product it names exists.
let articleManifestLine = #".target(name: "Albums", dependencies: [.product(name: "ImpostorMockable", package: "Impostor")]),"#

@Mockable
protocol ArticleSettings {
    var volume: Int { get set }
}

@Mockable
protocol ArticleGrid {
    subscript(row row: Int, column column: Int) -> String { get }
}

@Mockable
protocol ArticleClock {
    static func now() -> Double
}

@Mockable
protocol ArticleCache {
    associatedtype Key: Hashable
    associatedtype Value
    func value(for key: Key) -> Value?
    func decode<T>(_ key: String, as type: T.Type) -> T?
}

@Mockable
protocol ArticleCatalog {
    init(baseURL: String)
}

struct Request: Equatable, Sendable {
    var path: String
    var headers: [String: String] = [:]
}

@Mockable
protocol ArticleInterceptor {
    func adapt(_ request: inout Request)
}

@Suite("@Mockable: the article's and README's examples", .mockery)
struct GeneratedMocksExamplesTests {
    @Test("an inout argument's stub sets the box's value, which is written back")
    func inoutExample() {
        let interceptor = ArticleInterceptorMock()
        stub(interceptor.$adapt(any())).with { (request: InoutArgument<Request>) in
            request.value.headers["Authorization"] = "Bearer t"
        }
        var request = Request(path: "/albums")
        interceptor.adapt(&request)
        #expect(request.headers == ["Authorization": "Bearer t"])
        verify(.once, interceptor.$adapt(eq(Request(path: "/albums"))))
    }

    @Test("the manifest line names the ImpostorMockable product")
    func manifestLine() throws {
        let manifest = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Package.swift"),
            encoding: .utf8)
        #expect(articleManifestLine.contains(#".product(name: "ImpostorMockable", package: "Impostor")"#))
        #expect(manifest.contains(#".library(name: "ImpostorMockable", targets: ["ImpostorMockable"])"#))
    }

    @Test("overview: stub with a block, when/thenThrow, verify")
    func overview() async throws {
        let id = UUID(), missing = UUID()
        let albums = AlbumServiceMock()
        stub(albums.$getAlbum(id: eq(id))).with { (id: UUID) in Album(id: id, title: "Blue") }
        when(albums.$getAlbum(id: eq(missing))).thenThrow(AlbumError.notFound)   // SwiftMock's words
        let album = try await albums.getAlbum(id: id)
        #expect(album.title == "Blue")
        verify(.once, albums.$getAlbum(id: any()))
        await #expect(throws: AlbumError.notFound) { try await albums.getAlbum(id: missing) }
        verify(.once, albums.$getAlbum(id: eq(id)))
    }

    @Test("typed blocks: the member's argument types are inferred, async blocks await")
    func typedBlocks() async throws {
        let albums = AlbumServiceMock()
        stub(albums.$getAlbum(id: any())).with { id in Album(id: id, title: "Inferred") }
        when(albums.$getAlbum(id: any())).thenAnswer { id async in Album(id: id, title: "Awaited") }
        let id = UUID()
        #expect(try await albums.getAlbum(id: id) == Album(id: id, title: "Awaited"))
    }

    @Test("verifyInOrder across the generated mock and a C callback that C code called")
    func inOrderWithC() async throws {
        typealias Add = @convention(c) (Int32, Int32) -> Int32
        let albums = AlbumServiceMock()
        let add: Add = mockFunction(named: "add")
        stub(albums.$getAlbum(id: any())).with { (id: UUID) in Album(id: id, title: "") }
        _ = try await albums.getAlbum(id: UUID())
        #expect(ct_call_binary_i32(add, 1, 2) == 0)
        verifyInOrder {
            albums.$getAlbum(id: any())
            add(1, 2)                  // a C callback that C code called
        }
        let failures = captureFailures {
            verifyInOrder {
                add(1, 2)
                albums.$getAlbum(id: any())
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("AlbumServiceMock.getAlbum(id: any()) did not follow add(1, 2)") == true)
    }

    @Test("properties, subscripts, statics, generics, associated types and initializers, as the article says")
    func articleForms() {
        let settings = ArticleSettingsMock()
        stub(settings.$volume.get).returning(11)
        #expect(settings.volume == 11)
        settings.volume = 3
        verify(settings.$volume.set(eq(3)))
        verify(.never, settings.$volume.set(eq(4)))

        let grid = ArticleGridMock()
        stub(grid.$subscript(row: eq(0), column: any()).get).returning("corner")
        #expect(grid[row: 0, column: 5] == "corner")
        #expect(grid[row: 1, column: 5] == "")

        let date = 1_700_000_000.0
        stub(ArticleClockMock.$now()).returning(date)
        #expect(ArticleClockMock.now() == date)
        verify(.once, ArticleClockMock.$now())

        let cache = ArticleCacheMock<String, Int>()
        stub(cache.$value(for: eq("a"))).returning(1)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "b") == nil)
        stub(cache.$decode(eq("n"), as: eq(Int.self as Any.Type).erased)).returning(5)
        #expect(cache.decode("n", as: Int.self) == 5)
        #expect(cache.decode("n", as: String.self) == nil)

        _ = ArticleCatalogMock(baseURL: "https://example.com")
        verify(.once, ArticleCatalogMock.$init(baseURL: eq("https://example.com")))
    }

    @Test("invocations(of:) lists the calls a prototype accepts, with their arguments")
    func invocationsOfPrototype() {
        let converter = ConverterMock()
        stub(converter.$convert(any())).with { (text: String) in text.uppercased() }
        _ = converter.convert("olleH")
        _ = converter.convert("abc")
        let calls = invocations(of: converter.$convert(any()))
        #expect(calls.first?.argument(0, as: String.self) == "olleH")
        #expect(calls.map { $0.returnValue(as: String.self) } == ["OLLEH", "ABC"])
        #expect(invocations(of: converter.$convert(eq("abc"))).count == 1)
    }

    @Test("the article's example of reading a generated mock's calls")
    func readingCallsAsTheArticleShows() {
        let converter = ConverterMock()
        stub(converter.$convert(any())).with { (text: String) in String(text.reversed()) }
        #expect(converter.convert("Hello") == "olleH")
        let calls = invocations(of: converter.$convert(any()))
        #expect(calls.first?.argument(0, as: String.self) == "Hello")
        #expect(calls.first?.returnValue(as: String.self) == "olleH")
    }
}

// The README's example, as written there (with its `id` and `missing`).
@Test(.mockery) func loadsTheAlbum() async throws {
    let id = UUID(), missing = UUID()
    let albums = AlbumServiceMock()
    stub(albums.$getAlbum(id: eq(id))).with { id in Album(id: id, title: "Blue") }   // id: UUID, typed by the member
    when(albums.$getAlbum(id: eq(missing))).thenThrow(AlbumError.notFound)
    #expect(try await albums.getAlbum(id: id).title == "Blue")
    albums.title = "Kind of Blue"
    verify(.once, albums.$getAlbum(id: any()))
    verify(albums.$title.set(eq("Kind of Blue")))
    await #expect(throws: AlbumError.notFound) { try await albums.getAlbum(id: missing) }
    verify(.never, albums.$title.set(eq("Blue")))
}
