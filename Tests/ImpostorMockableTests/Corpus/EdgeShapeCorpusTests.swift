import Foundation
import ImpostorMockable
import Synchronization
import Testing

@Suite("Corpus: less common shapes", .mockery)
struct EdgeShapeCorpusTests {
    @Test("a throwing initializer, a Self factory and a static property, recorded per mock type")
    func documentStore() async throws {
        let directory = URL(fileURLWithPath: "/nope")
        stub(CorpusDocumentStoreMock.$init(directory: eq(directory))).throwing(CorpusStoreError.missing("/nope"))
        let memory = CorpusDocumentStoreMock()
        stub(CorpusDocumentStoreMock.$inMemory()).returning(memory)
        stub(CorpusDocumentStoreMock.$fileExtension.get).returning("corpus")
        stub(memory.$open(eq("a"))).returning(Data([1]))

        #expect(throws: CorpusStoreError.missing("/nope")) { try CorpusDocumentStoreMock(directory: directory) }
        let made = try CorpusDocumentStoreMock(directory: URL(fileURLWithPath: "/tmp"))
        #expect(CorpusDocumentStoreMock.inMemory() === memory)
        #expect(CorpusDocumentStoreMock.fileExtension == "corpus")
        #expect(try await memory.open("a") == Data([1]))
        #expect(made !== memory)
        stub(made.$open(any())).returning(Data([2]))
        #expect(try await made.open("b") == Data([2]))

        verify(.exactly(2), CorpusDocumentStoreMock.$init(directory: any()))
        verify(.once, CorpusDocumentStoreMock.$inMemory())
        verify(.once, memory.$open(eq("a")))
        verify(.once, made.$open(eq("b")))
        verify(.never, memory.$open(eq("b")))
    }

    @Test("a stream result, a typealiased completion, an existential parameter")
    func eventSource() async throws {
        let source = CorpusEventSourceMock()
        stub(source.$events()).with {
            AsyncStream { continuation in
                for value in [1, 2, 3] { continuation.yield(value) }
                continuation.finish()
            }
        }
        stub(source.$load(completion: any())).with { (completion: @escaping CorpusEventSource.Completion) in
            completion(.success([4, 5]))
        }
        struct Printer: CorpusEventHandler { func handle(_ event: Int) {} }

        var received: [Int] = []
        for await value in source.events() { received.append(value) }
        #expect(received == [1, 2, 3])
        let loaded = await withCheckedContinuation { continuation in
            source.load { continuation.resume(returning: $0) }
        }
        #expect(try loaded.get() == [4, 5])
        source.register(Printer())

        verify(.once, source.$events())
        verify(.once, source.$load(completion: any()))
        verify(.once, source.$register(any()))
    }

    @Test("a @MainActor closure, a @MainActor member, a closure result")
    @MainActor
    func uiUpdater() {
        let updater = CorpusUIUpdaterMock()
        var titles: [String] = []
        stub(updater.$apply(any())).with { (update: @escaping @MainActor (String) -> Void) in
            MainActor.assumeIsolated { update("Inbox") }
        }
        let seen = Mutex<[Int]>([])
        stub(updater.$makeHandler()).returning({ value in seen.withLock { $0.append(value) } })

        updater.apply { titles.append($0) }
        updater.render()
        updater.makeHandler()(7)
        #expect(titles == ["Inbox"])
        #expect(seen.withLock { $0 } == [7])

        verify(.once, updater.$apply(any()))
        verify(.once, updater.$render())
        verify(.once, updater.$makeHandler())
    }

    @Test("parameters named after keywords: from, where, default, repeat")
    func queryBuilder() {
        let builder = CorpusQueryBuilderMock()
        stub(builder.$select(from: eq("users"), where: any())).with { (table: String, predicate: String) in
            "SELECT * FROM \(table) WHERE \(predicate)"
        }

        #expect(builder.select(from: "users", where: "age > 18") == "SELECT * FROM users WHERE age > 18")
        builder.configure(default: 10, repeat: false)
        builder.move(from: 1, to: 3)

        verify(.once, builder.$select(from: any(), where: eq("age > 18")))
        verify(.once, builder.$configure(default: eq(10), repeat: eq(false)))
        verify(.once, builder.$move(from: eq(1), to: eq(3)))
        verify(.never, builder.$move(from: eq(3), to: any()))
    }

    @Test("a generic subscript cast back per type; a throwing subscript")
    func decodingCache() throws {
        let cache = CorpusDecodingCacheMock()
        stub(cache.$subscript(key: eq("count")).get).returning(Optional(3) as Any)
        stub(cache.$subscript(eq(0)).get).throwing(CorpusStoreError.locked)
        stub(cache.$subscript(eq(1)).get).returning(Data([9]))

        let count: Int? = cache[key: "count"]
        let missing: String? = cache[key: "other"]
        #expect(count == 3)
        #expect(missing == nil)
        #expect(throws: CorpusStoreError.locked) { try cache[0] }
        #expect(try cache[1] == Data([9]))

        verify(.exactly(2), cache.$subscript(key: any()).get)
        verify(.exactly(2), cache.$subscript(any()).get)
    }

    @Test("associated types tied by a where clause, one of them defaulted")
    func pagedSource() async throws {
        let source = CorpusPagedSourceMock<String, [String], Int>()
        stub(source.$page(at: eq(0))).returning(["a", "b"])
        stub(source.$page(at: eq(1))).throwing(CorpusNetworkError.offline)

        #expect(try await source.page(at: 0) == ["a", "b"])
        await #expect(throws: CorpusNetworkError.offline) { try await source.page(at: 1) }

        verify(.exactly(2), source.$page(at: any()))
        verify(.once, source.$page(at: eq(1)))
    }

    @Test("consuming and sending parameters, a mutating requirement")
    func bufferSink() {
        func drain<Sink: CorpusBufferSink>(_ sink: inout Sink) {
            sink.write(Data([1, 2]))
            sink.hand(CorpusBox(value: 5))
            sink.reset()
        }
        let sink = CorpusBufferSinkMock()
        var asProtocol = sink
        drain(&asProtocol)

        verify(.once, sink.$write(eq(Data([1, 2]))))
        verify(.once, sink.$hand(has(\.value, eq(5))))
        verify(.once, sink.$reset())
    }

    @Test("a borrowing parameter is copied to be recorded, and the caller keeps its value")
    func borrowingAndSending() {
        let sink = CorpusBufferSinkMock()
        stub(sink.$peek(any())).with { (data: Data) in data.count }
        let data = Data([1, 2, 3])
        #expect(sink.peek(data) == 3)
        #expect(data.count == 3)
        verify(.once, sink.$peek(eq(Data([1, 2, 3]))))
    }

    @Test("a protocol isolated to a custom global actor")
    @CorpusDatabaseActor
    func batchWriter() async {
        let writer = CorpusBatchWriterMock()
        stub(writer.$write(any())).with { (rows: [String]) in rows.count }
        stub(writer.$pending.get).returning(0)

        #expect(await writer.write(["a", "b"]) == 2)
        #expect(writer.pending == 0)

        verify(.once, writer.$write(eq(["a", "b"])))
        verify(.once, writer.$pending.get)
    }

    @Test("a Self parameter and a rethrowing method whose body the mock never runs")
    func versioned() throws {
        let newer = CorpusVersionedMock(), older = CorpusVersionedMock()
        stub(newer.$isNewer(than: identical(older))).returning(true)
        var visited = false

        #expect(newer.isNewer(than: older))
        #expect(!newer.isNewer(than: newer))
        let versioned: any CorpusVersioned = older
        try versioned.forEachChange { _ in
            visited = true
            throw CorpusStoreError.locked
        }
        #expect(!visited)

        verify(.exactly(2), newer.$isNewer(than: any()))
        verify(.once, newer.$isNewer(than: identical(newer)))
        verify(.once, older.$forEachChange(eq(NonEscapingClosure())))
    }
}
