import Foundation
import ImpostorMockable

// Repositories: CRUD with async throws, array results, Optional-returning finders, a read-only
// protocol refined by a writable one, typed throws, a synchronous store with a subscript, and a
// repository generic over its entity through an associated type.

/// A public, Sendable CRUD repository, as an app's data layer declares it.
@Mockable
public protocol CorpusUserRepository: Sendable {
    func create(_ user: CorpusUser) async throws -> CorpusUser
    func find(id: UUID) async throws -> CorpusUser?
    func findAll(limit: Int, offset: Int) async throws -> [CorpusUser]
    func update(_ user: CorpusUser) async throws
    func delete(id: UUID) async throws -> Bool
    func count() async -> Int
}

/// The read half of a repository, refined below.
@Mockable
protocol CorpusOrderReading: Sendable {
    func order(id: Int) async throws -> CorpusOrder?
    func orders(for userID: UUID) async throws -> [CorpusOrder]
}

/// A repository refining the read half: its mock answers both protocols' members.
@Mockable
protocol CorpusOrderRepository: CorpusOrderReading {
    func save(_ order: CorpusOrder) async throws
    func cancel(orderID: Int, reason: String?) async throws(CorpusRepositoryError)
}

/// A synchronous, throwing store with a read-only subscript and an optional argument.
@Mockable
protocol CorpusNoteStore {
    subscript(id: String) -> CorpusNote? { get }
    func insert(_ note: CorpusNote) throws
    func notes(matching query: String, limit: Int?) -> [CorpusNote]
    func removeAll()
}

/// A repository generic over its entity (primary associated type), looked up by the entity's ID.
@Mockable
protocol CorpusKeyedRepository<Entity> {
    associatedtype Entity: Identifiable & Sendable
    func get(_ id: Entity.ID) async throws -> Entity?
    func put(_ entity: Entity) async throws
    func all() async throws -> [Entity]
}

/// A writable repository refining the keyed one: it names the parent's associated type in its
/// where clause, so that its mock is generic over it too (the macro sees only this protocol).
@Mockable
protocol CorpusWritableKeyedRepository: CorpusKeyedRepository where Entity: Identifiable & Sendable {
    func delete(_ id: Entity.ID) async throws
}

/// Code under test: a service over the user repository.
struct CorpusSignupService {
    let users: any CorpusUserRepository

    func signUp(name: String, email: String) async throws -> CorpusUser {
        let existing = try await users.findAll(limit: 100, offset: 0)
        if existing.contains(where: { $0.email == email }) { throw CorpusRepositoryError.conflict }
        return try await users.create(CorpusUser(name: name, email: email))
    }
}
