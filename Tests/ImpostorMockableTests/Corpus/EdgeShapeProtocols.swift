import Foundation
import ImpostorMockable

// Less common but real shapes: throwing initializers and `-> Self` factories, AsyncStream
// results, closure typealiases, existential parameters, @MainActor closures and members,
// keyword-named parameters, generic and throwing subscripts, associated types with defaults and
// where clauses, ownership specifiers, a custom global actor, Self parameters and rethrows.

/// A document store made by a throwing initializer or a `Self` factory.
@Mockable
protocol CorpusDocumentStore: AnyObject {
    init(directory: URL) throws
    static func inMemory() -> Self
    static var fileExtension: String { get }
    func open(_ name: String) async throws -> Data
}

protocol CorpusEventHandler: Sendable {
    func handle(_ event: Int)
}

/// An event source: a stream result, a completion typealias, an existential parameter.
@Mockable
protocol CorpusEventSource: Sendable {
    typealias Completion = @Sendable (Result<[Int], any Error>) -> Void
    func events() -> AsyncStream<Int>
    func load(completion: @escaping Completion)
    func register(_ handler: any CorpusEventHandler)
}

/// UI updates: a @MainActor closure parameter, one @MainActor member, a closure result.
@Mockable
protocol CorpusUIUpdater: Sendable {
    func apply(_ update: @escaping @MainActor (String) -> Void)
    @MainActor func render()
    func makeHandler() -> @Sendable (Int) -> Void
}

/// A query builder whose parameters are named after keywords.
@Mockable
protocol CorpusQueryBuilder {
    func select(from table: String, where predicate: String) -> String
    func configure(default: Int, repeat: Bool)
    func move(from: Int, to: Int)
}

/// A decoding cache: a generic subscript and a throwing one.
@Mockable
protocol CorpusDecodingCache {
    subscript<T: Decodable>(key key: String) -> T? { get }
    subscript(index: Int) -> Data { get throws }
}

/// A paged source: two associated types tied by a where clause, and one with a default.
@Mockable
protocol CorpusPagedSource<Element> {
    associatedtype Element
    associatedtype Page: Collection where Page.Element == Element
    associatedtype Cursor: Hashable = Int
    func page(at cursor: Cursor) async throws -> Page
}

final class CorpusBox {
    var value: Int
    init(value: Int) { self.value = value }
}

/// A sink with ownership specifiers and a mutating requirement.
@Mockable
protocol CorpusBufferSink {
    func write(_ data: consuming Data)
    func hand(_ box: sending CorpusBox)
    mutating func reset()
    func peek(_ data: borrowing Data) -> Int
}

@globalActor
actor CorpusDatabaseActor {
    static let shared = CorpusDatabaseActor()
}

/// A protocol isolated to a custom global actor.
@CorpusDatabaseActor
@Mockable
protocol CorpusBatchWriter {
    func write(_ rows: [String]) async -> Int
    var pending: Int { get }
}

/// Self parameters and a rethrowing iteration.
@Mockable
protocol CorpusVersioned {
    func isNewer(than other: Self) -> Bool
    func forEachChange(_ body: (String) throws -> Void) rethrows
}
