import Foundation

// Values the corpus protocols take and return, all prefixed `Corpus` so that nothing clashes
// with the other files of this test target.

public struct CorpusUser: Codable, Hashable, Identifiable, Sendable {
    public var id: UUID
    public var name: String
    public var email: String

    public init(id: UUID = UUID(), name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

public struct CorpusOrder: Equatable, Identifiable, Sendable {
    public var id: Int
    public var userID: UUID
    public var totalCents: Int

    public init(id: Int, userID: UUID, totalCents: Int) {
        self.id = id
        self.userID = userID
        self.totalCents = totalCents
    }
}

struct CorpusNote: Codable, Equatable, Identifiable, Sendable {
    var id: String
    var text: String
}

struct CorpusCoordinate: Equatable, Sendable {
    var latitude: Double
    var longitude: Double
}

public enum CorpusTheme: String, Equatable, Sendable {
    case light, dark, system
}

public enum CorpusRepositoryError: Error, Equatable {
    case notFound
    case conflict
}

public enum CorpusNetworkError: Error, Equatable {
    case offline
    case status(Int)
    case decoding
}

enum CorpusStoreError: Error, Equatable {
    case locked
    case missing(String)
}

struct CorpusTestError: Error, Equatable {
    var reason: String
}
