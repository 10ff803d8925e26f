import Foundation
import ImpostorMockable
import Testing

@Suite("Corpus: caches and stores", .mockery)
struct CacheAndStoreCorpusTests {
    @Test("a generic cache: a hit is cast back to the caller's type, a miss is stored")
    func codableCache() {
        let cache = CorpusCodableCacheMock()
        let cached = CorpusUser(name: "Ada", email: "ada@example.com")
        let fresh = CorpusUser(name: "Grace", email: "grace@example.com")
        stub(cache.$value(forKey: eq(cached.id.uuidString), as: any())).returning(Optional(cached) as Any)
        stub(cache.$value(forKey: eq(fresh.id.uuidString), as: any())).returning(CorpusUser?.none as Any)
        stub(cache.$count.get).returning(1)
        let front = CorpusUserCacheFront(cache: cache) { _ in fresh }

        #expect(front.user(cached.id) == cached)
        #expect(front.user(fresh.id) == fresh)
        #expect(cache.count == 1)

        verify(.exactly(2), cache.$value(forKey: any(), as: eq(CorpusUser.self as Any.Type).erased))
        verify(.once, cache.$set(eq(fresh).erased, forKey: eq(fresh.id.uuidString)))
        verify(.never, cache.$set(eq(cached).erased, forKey: any()))
        verify(.never, cache.$removeValue(forKey: any()))
    }

    @Test("settable subscripts: get stubbed per key, set verified with key and value")
    func keyValueStore() {
        let store = CorpusKeyValueStoreMock()
        stub(store.$subscript(eq("name")).get).returning("Ada")
        stub(store.$subscript(integer: eq("age")).get).returning(36)
        stub(store.$synchronize()).returning(true)

        #expect(store["name"] == "Ada")
        #expect(store["missing"] == nil)
        #expect(store[integer: "age"] == 36)
        store["name"] = "Grace"
        store["name"] = nil
        store[integer: "age"] += 1
        #expect(store.synchronize())

        verify(.once, store.$subscript(eq("name")).set(eq("Grace")))
        verify(.once, store.$subscript(eq("name")).set(isNil()))
        verify(.once, store.$subscript(integer: eq("age")).set(eq(37)))
        verify(.exactly(2), store.$subscript(integer: any()).get)
    }

    @Test("an associated-type store of identifiable items, used from async code")
    func itemStore() async {
        let store = CorpusItemStoreMock<CorpusNote>()
        let note = CorpusNote(id: "n1", text: "milk")
        stub(store.$item(withID: eq("n1"))).returning(note)
        stub(store.$items()).returning([note])
        stub(store.$itemCount.get).returning(1)

        await store.insert(note)
        #expect(await store.item(withID: "n1") == note)
        #expect(await store.item(withID: "n2") == nil)
        #expect(await store.items() == [note])
        #expect(await store.itemCount == 1)

        verify(.once, store.$insert(eq(note)))
        verify(.exactly(2), store.$item(withID: any()))
        verify(.once, store.$item(withID: eq("n2")))
    }

    @Test("two associated types and a non-escaping predicate, recorded as a marker")
    func memoryCache() {
        let cache = CorpusMemoryCacheMock<String, Data>()
        stub(cache.$value(for: eq("logo"))).returning(Data([0xFF]))
        stub(cache.$evict(where: any())).returning(2)

        #expect(cache.value(for: "logo") == Data([0xFF]))
        #expect(cache.value(for: "icon") == nil)
        cache.insert(Data([1]), for: "icon", cost: 10)
        var asked = false
        #expect(cache.evict { _ in asked = true; return true } == 2)
        #expect(!asked)

        verify(.once, cache.$insert(eq(Data([1])), for: eq("icon"), cost: ge(10)))
        verify(.once, cache.$evict(where: eq(NonEscapingClosure())))
        verify(.exactly(2), cache.$value(for: any()))
    }

    @Test("throwing and async-throwing properties, typed throws")
    func secureStore() async throws {
        let store = CorpusSecureStoreMock()
        stub(store.$accessToken.get).returning("abc")
        stub(store.$refreshToken.get).throwing(CorpusStoreError.locked)
        stub(store.$delete(account: eq("ghost"))).throwing(CorpusStoreError.missing("ghost"))

        #expect(try store.accessToken == "abc")
        await #expect(throws: CorpusStoreError.locked) { try await store.refreshToken }
        try store.store(Data("s".utf8), account: "me")
        try store.delete(account: "me")
        #expect(throws: CorpusStoreError.missing("ghost")) { try store.delete(account: "ghost") }

        verify(.once, store.$accessToken.get)
        verify(.once, store.$refreshToken.get)
        verify(.once, store.$store(eq(Data("s".utf8)), account: eq("me")))
        verify(.exactly(2), store.$delete(account: any()))
    }

    @Test("a database: label overloads, a transaction body that is never run, a generic read")
    func database() throws {
        let database = CorpusDatabaseMock()
        stub(database.$execute(any())).returning(1)
        stub(database.$execute(any(), arguments: any())).with { (_: String, arguments: [String]) in arguments.count }
        stub(database.$transaction(any())).throwing(CorpusStoreError.locked)
        stub(database.$read(eq("SELECT name"), map: any())).returning(["Ada", "Grace"])

        #expect(try database.execute("VACUUM") == 1)
        #expect(try database.execute("INSERT", arguments: ["a", "b", "c"]) == 3)
        #expect(throws: CorpusStoreError.locked) { try database.transaction { } }
        #expect(database.read("SELECT name") { $0 } == ["Ada", "Grace"])

        verify(.once, database.$execute(eq("VACUUM")))
        verify(.once, database.$execute(eq("INSERT"), arguments: eq(["a", "b", "c"])))
        verify(.never, database.$execute(eq("INSERT")))
        verify(.once, database.$transaction(any()))
        verify(.once, database.$read(any(), map: any()))
    }
}
