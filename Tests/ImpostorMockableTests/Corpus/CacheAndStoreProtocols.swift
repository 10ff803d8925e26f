import Foundation
import ImpostorMockable

// Caches and stores: generic methods (`value<T: Codable>(forKey:as:) -> T?`), get-set
// subscripts, associated-type stores (`Item: Identifiable & Sendable`, two associated types),
// throwing and async-throwing properties, typed throws, non-escaping closure parameters.

/// A Codable cache: generic getters and setters.
@Mockable
public protocol CorpusCodableCache: Sendable {
    func value<T: Codable>(forKey key: String, as type: T.Type) -> T?
    func set<T: Codable>(_ value: T, forKey key: String)
    func removeValue(forKey key: String)
    var count: Int { get }
}

/// A key-value store with settable subscripts, one of them labeled.
@Mockable
protocol CorpusKeyValueStore: AnyObject {
    subscript(key: String) -> String? { get set }
    subscript(integer key: String) -> Int { get set }
    func synchronize() -> Bool
}

/// A store of identifiable items, generic over them.
@Mockable
protocol CorpusItemStore<Item>: Sendable {
    associatedtype Item: Identifiable & Sendable
    func items() async -> [Item]
    func insert(_ item: Item) async
    func item(withID id: Item.ID) async -> Item?
    var itemCount: Int { get async }
}

/// An in-memory cache over two associated types, with a non-escaping eviction predicate.
@Mockable
protocol CorpusMemoryCache<Key, Value> {
    associatedtype Key: Hashable & Sendable
    associatedtype Value
    func value(for key: Key) -> Value?
    func insert(_ value: Value, for key: Key, cost: Int)
    func evict(where predicate: (Key) -> Bool) -> Int
}

/// A keychain-like store: throwing and async-throwing properties, typed throws.
@Mockable
protocol CorpusSecureStore {
    var accessToken: String? { get throws }
    var refreshToken: String { get async throws }
    func store(_ secret: Data, account: String) throws
    func delete(account: String) throws(CorpusStoreError)
}

/// A database: overloads by label, a non-escaping transaction body, a generic read.
@Mockable
protocol CorpusDatabase {
    func execute(_ sql: String) throws -> Int
    func execute(_ sql: String, arguments: [String]) throws -> Int
    func transaction(_ body: () throws -> Void) throws
    func read<T>(_ query: String, map: (String) -> T) -> [T]
}

/// Code under test: a read-through cache in front of a user loader.
struct CorpusUserCacheFront {
    let cache: any CorpusCodableCache
    let load: @Sendable (UUID) -> CorpusUser

    func user(_ id: UUID) -> CorpusUser {
        if let cached = cache.value(forKey: id.uuidString, as: CorpusUser.self) { return cached }
        let user = load(id)
        cache.set(user, forKey: id.uuidString)
        return user
    }
}
