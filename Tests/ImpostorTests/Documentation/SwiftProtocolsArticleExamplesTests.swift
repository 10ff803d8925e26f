import Foundation
import Impostor
import Testing

// Every code example of the DocC article Sources/Impostor/Impostor.docc/SwiftProtocols.md, as
// written there, with its behaviour asserted. The article's Printer and Converter mocks are
// MockingKit's, in MockingKitExampleTests.swift; `everyExampleLineIsHere` checks both files.

// MARK: Mocks the article declares

class Console {
    func write(_ line: String) {}
}

final class MockConsole: Console, Mocking {
    let mockCore = MockCore(named: "console")
    lazy var writeRef = MockReference(write)
    override func write(_ line: String) { invoke(writeRef, args: line) }
}

protocol Store: Sendable {
    func load(_ key: String) async -> Int
}

actor MockStore: Store, Mocking {
    nonisolated let mockCore = MockCore(named: "store")
    nonisolated let loadRef = MockReference<String, Int, Never>(named: "load")
    func load(_ key: String) -> Int { call(loadRef, args: key) }
}

protocol Logger {
    func log(_ text: String)
    func log(_ text: String, level: Int)
}

final class MockLogger: Mock, Logger {
    lazy var logRef = MockReference(log(_:))
    lazy var logLevelRef = MockReference(log(_:level:))
    func log(_ text: String) { call(logRef, args: text) }
    func log(_ text: String, level: Int) { call(logLevelRef, args: text, level) }
}

final class MockTitledPrinter: Mock, Printer {
    lazy var render = MockReference(print, named: "render")
    func print(_ text: String) { call(render, args: text) }
}

final class MockSharedPrinter: Mock, Printer, @unchecked Sendable {
    let printRef: MockReference<String, Void, Never>
    init() {
        printRef = MockReference(named: "print")
        super.init()
    }
    func print(_ text: String) { call(printRef, args: text) }
}

struct Album: Equatable {
    var id: Int
    var title: String
}

extension Album: DefaultValue {
    static var defaultValue: Album { Album(id: 0, title: "") }
}

extension Album: ArgumentPlaceholder {
    static func placeholder(_ seed: Int) -> Album { Album(id: Int.min + seed, title: "") }
}

final class Track {
    let title: String
    init(title: String) { self.title = title }
}

protocol Albums {
    func album(id: Int) -> Album
    func save(_ album: Album) -> Bool
    func play(_ track: Track)
}

final class MockAlbums: Mock, Albums {
    lazy var albumRef = MockReference(album)
    lazy var saveRef = MockReference(save)
    lazy var playRef = MockReference(play)
    func album(id: Int) -> Album { call(albumRef, args: id) }
    func save(_ album: Album) -> Bool { call(saveRef, args: album) }
    func play(_ track: Track) { call(playRef, args: track) }
}

enum ServiceError: Error {
    case notFound
}

protocol Service: Sendable {
    func fetch(_ id: Int) async throws -> String
    func remove(_ id: Int) throws
}

final class MockService: Mock, Service, @unchecked Sendable {
    lazy var fetchRef = MockReference(fetch)
    lazy var removeRef = MockReference(remove)
    func fetch(_ id: Int) async throws -> String { try await call(fetchRef, args: id) }
    func remove(_ id: Int) throws { try call(removeRef, args: id) }
}

// MARK: The examples

@Suite("Swift protocols article examples", .mockery)
struct SwiftProtocolsArticleExamplesTests {
    @Test func overview() {
        let printer = MockPrinter()
        printer.print("Hello!")
        #expect(printer.hasCalled(printer.printRef))
        verify(printer.print("Hello!"))
    }

    @Test func otherSuperclasses() async {
        let console = MockConsole()
        console.write("ready")
        #expect(console.hasCalled(console.writeRef, numberOfTimes: 1))

        let store = MockStore()
        stub(store.loadRef, eq("answer")).with { 42 }
        #expect(await store.load("answer") == 42)
        #expect(await store.load("other") == 0)
        #expect(store.calls(to: store.loadRef).count == 2)
        #expect(store.loadRef.name == "store.load")
    }

    @Test func references() {
        let logger = MockLogger()
        logger.log("started")
        logger.log("disk full", level: 3)
        #expect(logger.logRef.name == "MockLogger.log")
        #expect(logger.logLevelRef.name == "MockLogger.logLevel")
        verify(logger.log("disk full", level: 3))

        let printer = MockTitledPrinter(named: "printer")
        printer.print("Hi")
        #expect(printer.render.name == "printer.render")

        let shared = MockSharedPrinter()
        shared.print("from one thread")
        #expect(shared.hasCalled(shared.printRef))
    }

    @Test func inspectingCalls() {
        let converter = MockConverter()
        _ = converter.convert("abc")
        let calls = converter.calls(to: converter.convertRef)
        #expect(calls[0].argument(0, as: String.self) == "abc")
        #expect(calls[0].returnValue(as: String.self) == "")
        #expect(converter.hasCalled(converter.convertRef, numberOfTimes: 1))
        converter.resetCalls()
        #expect(!converter.hasCalled(converter.convertRef))

        // Mockito's names: clearInvocations keeps the stubs, reset forgets them too.
        stub(converter.convertRef, any()).returning("stubbed")
        converter.registerResult(for: converter.convertRef) { _ in "registered" }
        #expect(converter.convert("abc") == "stubbed")
        clearInvocations(converter)
        #expect(!converter.hasCalled(converter.convertRef))
        #expect(converter.convert("abc") == "stubbed")
        Impostor.reset(converter)
        #expect(!converter.hasCalled(converter.convertRef))
        #expect(converter.convert("abc") == "")
    }

    @Test func registeredResults() {
        let converter = MockConverter()
        converter.registerResult(for: converter.convertRef) { text in String(text.reversed()) }
        #expect(converter.convert("Hello!") == "!olleH")
        stub(converter.convert("stop")).with { "STOP" }
        #expect(converter.convert("stop") == "STOP")
        #expect(converter.convert("go") == "og")
    }

    @Test func defaultValues() {
        let albums = MockAlbums()
        #expect(albums.album(id: 7) == Album(id: 0, title: ""))
        #expect(albums.save(Album(id: 7, title: "Blue")) == false)
    }

    @Test func prototypeAndReferenceForms() {
        let albums = MockAlbums()
        let blue = Album(id: 1, title: "Blue")
        stub(albums.album(id: 1)).with { blue }
        stub(albums.save(any())).with { true }
        stub(albums.albumRef, gt(100)).with { (id: Int) in Album(id: id, title: "Archive") }
        stub(albums.albumRef, lt(0)).with { id in Album(id: -id, title: "Negative") }
        #expect(albums.album(id: -2) == Album(id: 2, title: "Negative"))
        #expect(albums.album(id: 1) == blue)
        #expect(albums.album(id: 101) == Album(id: 101, title: "Archive"))
        #expect(albums.save(blue))

        let track = Track(title: "Kind of Blue")
        albums.play(track)
        verify(albums.playRef, Matcher("the track") { $0 === track })
        verify(.never, albums.playRef, Matcher { $0.title.isEmpty })
    }

    @Test func asyncAndThrowingMembers() async throws {
        let service = MockService()
        stub(service.fetchRef, any()).with { (id: Int) async in "item \(id)" }
        stub(service.fetchRef, eq(0)).throwing(ServiceError.notFound)
        stub(service.removeRef, eq(0)).throwing(ServiceError.notFound)

        #expect(try await service.fetch(3) == "item 3")
        await #expect(throws: ServiceError.notFound) { try await service.fetch(0) }
        #expect(throws: ServiceError.notFound) { try service.remove(0) }
        try service.remove(1)
        stub(try service.remove(eq(2))).throwing(ServiceError.notFound)
        #expect(throws: ServiceError.notFound) { try service.remove(2) }
        verify(.once, try service.remove(eq(2)))

        stub(service.fetchRef, eq(1)).with { _ async in "draft" }.then { id async in "item \(id)" }
            .thenThrowing(ServiceError.notFound)
        #expect(try await service.fetch(1) == "draft")
        #expect(try await service.fetch(1) == "item 1")
        await #expect(throws: ServiceError.notFound) { try await service.fetch(1) }
        await #expect(throws: ServiceError.notFound) { try await service.fetch(1) }
    }

    @Test func expectations() async throws {
        let service = MockService()
        Mockery.current.checking {
            oneOf(service.fetchRef, eq(0)).will(throwError(ServiceError.notFound))
            allowing(service.fetchRef, any()).will(returnValue("cached"))
            never(service.removeRef, any())
        }
        await #expect(throws: ServiceError.notFound) { try await service.fetch(0) }
        #expect(try await service.fetch(1) == "cached")
    }

    @Test func oneCallLogWithCMocks() async throws {
        let service = MockService()
        let done = mockFunction(of: (@convention(c) (Int32) -> Void).self, named: "done")
        _ = try await service.fetch(1)
        done(1)
        verifyInOrder {
            service.fetchRef.called(eq(1))
            done(1)
        }
        let failures = captureFailures {
            verifyInOrder {
                done(1)
                service.fetchRef.called(eq(1))
            }
        }
        #expect(!failures.isEmpty)
    }

    /// Every line of every Swift example in the article is in this file or MockingKit's
    /// examples (see ArticleExamples).
    @Test func everyExampleLineIsHere() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        try ArticleExamples.expectEveryLine(
            of: "SwiftProtocols.md",
            in: ["SwiftProtocolsArticleExamplesTests.swift"].map { folder.appendingPathComponent($0).path }
                + ["MockingKitExampleTests.swift", "SwiftMockValueMatcherTests.swift", "SwiftMockChainAndNamingTests.swift"]
                .map { folder.appendingPathComponent("../Faces/SwiftProtocols/" + $0).standardized.path },
            atLeast: 50)
    }
}

// The members whose references are given by their types: a closure parameter, and a property's
// getter and setter (the article's "References").
protocol Channel: AnyObject {
    var title: String { get set }
    func subscribe(_ topic: String, onMessage: @escaping @Sendable (Int) -> Void) -> Int
}

final class MockChannel: Mock, Channel {
    lazy var subscribeRef = MockReference<String, @Sendable (Int) -> Void, Int, Never>(named: "subscribe")
    lazy var titleRef = MockReference<String, Never>(named: "title.get")
    lazy var setTitleRef = MockReference<String, Void, Never>(named: "title.set")
    var title: String {
        get { call(titleRef) }
        set { call(setTitleRef, args: newValue) }
    }
    func subscribe(_ topic: String, onMessage: @escaping @Sendable (Int) -> Void) -> Int {
        call(subscribeRef, args: topic, onMessage)
    }
}

@Suite("Swift protocols: references given by types", .mockery)
struct ReferencesByTypesTests {
    @Test func aClosureArgumentIsKeptAndCanBeCalledByTheStub() {
        let channel = MockChannel()
        stub(channel.subscribeRef, eq("news"), any()).with { (topic: String, onMessage: @escaping @Sendable (Int) -> Void) in
            onMessage(topic.count)
            return 7
        }
        let received = Locked<[Int]>([])
        #expect(channel.subscribe("news") { value in received.withLock { $0.append(value) } } == 7)
        #expect(channel.subscribe("sport") { _ in } == 0)
        #expect(received.withLock { $0 } == [4])
        #expect(channel.calls(to: channel.subscribeRef).map { $0.argument(0, as: String.self) } == ["news", "sport"])
        #expect(channel.subscribeRef.name == "MockChannel.subscribe")
    }

    @Test func aPropertyIsStubbedAndItsSetterVerified() {
        let channel = MockChannel()
        #expect(channel.title == "")
        stub(channel.titleRef).returning("Morning")
        #expect(channel.title == "Morning")
        channel.title = "Evening"
        verify(.once, channel.setTitleRef, eq("Evening"))
        verify(.never, channel.setTitleRef, eq("Morning"))
        // Named as accessors, their calls read as Swift spells them.
        #expect(channel.calls(to: channel.titleRef).map(\.description) == ["MockChannel.title -> \"\"", "MockChannel.title -> \"Morning\""])
        let failures = captureFailures { verify(.once, channel.setTitleRef, eq("Noon")) }
        #expect(failures.first?.message.contains("receive MockChannel.title = eq(\"Noon\") exactly once") == true)
        #expect(failures.first?.message.contains("  MockChannel.title = «\"Evening\"»  (call #1)") == true)
    }
}
