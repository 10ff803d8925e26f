import Foundation
import ImpostorMockable
import Testing

@Suite("Corpus: repositories", .mockery)
struct RepositoryCorpusTests {
    @Test("a CRUD repository: stubbed finders answer, the service's calls are counted with their arguments")
    func userRepository() async throws {
        let users = CorpusUserRepositoryMock()
        let taken = CorpusUser(name: "Ada", email: "ada@example.com")
        stub(users.$findAll(limit: any(), offset: eq(0))).returning([taken])
        stub(users.$create(any())).with { (user: CorpusUser) in user }
        let service = CorpusSignupService(users: users)

        let created = try await service.signUp(name: "Grace", email: "grace@example.com")
        #expect(created.name == "Grace")
        await #expect(throws: CorpusRepositoryError.conflict) {
            try await service.signUp(name: "Ada again", email: "ada@example.com")
        }

        verify(.exactly(2), users.$findAll(limit: eq(100), offset: eq(0)))
        verify(.once, users.$create(has(\.email, eq("grace@example.com"))))
        verify(.never, users.$create(has(\.email, eq("ada@example.com"))))
        verify(.never, users.$delete(id: any()))
    }

    @Test("Optional finders: a stub per ID, nil when unstubbed; when/then spellings")
    func optionalFinder() async throws {
        let users = CorpusUserRepositoryMock()
        let ada = CorpusUser(name: "Ada", email: "ada@example.com")
        when(users.$find(id: eq(ada.id))).thenReturn(ada)
        when(users.$delete(id: any())).thenReturn(true, false)
        when(users.$count()).thenAnswer { 42 }

        #expect(try await users.find(id: ada.id) == ada)
        #expect(try await users.find(id: UUID()) == nil)
        #expect(try await users.delete(id: ada.id))
        #expect(try await !users.delete(id: ada.id))
        #expect(await users.count() == 42)
        try await users.update(ada)

        verify(.exactly(2), users.$find(id: any()))
        verify(.once, users.$find(id: eq(ada.id)))
        verify(.exactly(2), users.$delete(id: eq(ada.id)))
        verify(.once, users.$update(eq(ada)))
        verifyInOrder {
            users.$find(id: eq(ada.id))
            users.$delete(id: any())
            users.$count()
            users.$update(any())
        }
    }

    @Test("a refined repository's mock answers the parent's members, and typed throws stay typed")
    func inheritedRepository() async throws {
        let orders = CorpusOrderRepositoryMock()
        let user = UUID()
        let order = CorpusOrder(id: 7, userID: user, totalCents: 1_250)
        stub(orders.$orders(for: eq(user))).returning([order])
        stub(orders.$order(id: eq(7))).returning(order)
        stub(orders.$cancel(orderID: eq(8), reason: any())).throwing(CorpusRepositoryError.notFound)

        let reading: any CorpusOrderReading = orders
        #expect(try await reading.orders(for: user) == [order])
        #expect(try await reading.order(id: 7) == order)
        try await orders.save(order)
        try await orders.cancel(orderID: 7, reason: nil)
        do throws(CorpusRepositoryError) {
            try await orders.cancel(orderID: 8, reason: "duplicate")
            Issue.record("cancel(orderID: 8) should have thrown")
        } catch {
            // `error` is a CorpusRepositoryError here: the mock keeps the typed throw.
            #expect(error == .notFound)
        }

        verify(.once, orders.$orders(for: eq(user)))
        verify(.once, orders.$save(eq(order)))
        verify(.once, orders.$cancel(orderID: eq(7), reason: isNil()))
        verify(.once, orders.$cancel(orderID: eq(8), reason: eq("duplicate")))
    }

    @Test("a synchronous store: subscript stub, throwing insert, optional argument")
    func noteStore() throws {
        let notes = CorpusNoteStoreMock()
        let note = CorpusNote(id: "n1", text: "milk")
        stub(notes.$subscript(eq("n1")).get).returning(note)
        stub(notes.$insert(eq(CorpusNote(id: "bad", text: "")))).throwing(CorpusStoreError.locked)
        stub(notes.$notes(matching: any(), limit: isNil())).returning([note])

        #expect(notes["n1"] == note)
        #expect(notes["n2"] == nil)
        try notes.insert(note)
        #expect(throws: CorpusStoreError.locked) { try notes.insert(CorpusNote(id: "bad", text: "")) }
        #expect(notes.notes(matching: "mi", limit: nil) == [note])
        #expect(notes.notes(matching: "mi", limit: 5) == [])
        notes.removeAll()

        verify(.exactly(2), notes.$subscript(any()).get)
        verify(.exactly(2), notes.$insert(any()))
        verify(.once, notes.$notes(matching: eq("mi"), limit: eq(5)))
        verify(.once, notes.$removeAll())
    }

    @Test("a repository generic over its entity: the mock is generic too")
    func keyedRepository() async throws {
        let repository = CorpusKeyedRepositoryMock<CorpusUser>()
        let ada = CorpusUser(name: "Ada", email: "ada@example.com")
        stub(repository.$get(eq(ada.id))).returning(ada)
        stub(repository.$all()).returning([ada])

        #expect(try await repository.get(ada.id) == ada)
        #expect(try await repository.get(UUID()) == nil)
        #expect(try await repository.all() == [ada])
        try await repository.put(ada)

        verify(.exactly(2), repository.$get(any()))
        verify(.once, repository.$put(eq(ada)))
    }

    @Test("a refining repository naming the parent's associated type in its where clause answers both protocols' members")
    func writableKeyedRepository() async throws {
        let repository = CorpusWritableKeyedRepositoryMock<CorpusUser>()
        let ada = CorpusUser(name: "Ada", email: "ada@example.com")
        stub(repository.$get(eq(ada.id))).returning(ada)
        #expect(try await repository.get(ada.id) == ada)
        try await repository.delete(ada.id)
        verify(.once, repository.$get(eq(ada.id)))
        verify(.once, repository.$delete(eq(ada.id)))
        verify(.never, repository.$put(any()))
    }

    @Test("a verify whose count is wrong is reported: recording is real")
    func wrongCountFails() async throws {
        let users = CorpusUserRepositoryMock()
        _ = await users.count()
        _ = await users.count()
        let failures = captureFailures { verify(.once, users.$count()) }
        #expect(failures.count == 1)
    }
}
