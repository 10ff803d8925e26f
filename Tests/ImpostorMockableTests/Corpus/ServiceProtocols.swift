import Foundation
import ImpostorMockable

// Services: Sendable ones called from many tasks at once, actors, async-throwing properties,
// static and initializer requirements, overloads by label, a chain of refinements and a
// protocol refining two @Mockable parents.

/// Analytics, called from anywhere.
@Mockable
public protocol CorpusAnalyticsService: Sendable {
    func track(_ event: String, properties: [String: String])
    func identify(userID: UUID?)
    func flush() async
}

/// A rate limiter actor.
@Mockable
protocol CorpusRateLimiter: Actor {
    func acquire() async throws
    func tryAcquire(permits: Int) -> Bool
    var available: Int { get }
}

/// Location: an async-throwing property and an async request.
@Mockable
protocol CorpusLocationService: Sendable {
    var currentLocation: CorpusCoordinate { get async throws }
    var authorizationStatus: Int { get }
    func requestAuthorization() async -> Bool
}

/// A plugin type: static members and an initializer requirement.
@Mockable
protocol CorpusPlugin {
    static var identifier: String { get }
    static var loadCount: Int { get set }
    static func isCompatible(withVersion version: Int) -> Bool
    init(configuration: [String: String])
    func activate() throws
}

/// Notifications: overloads by label and an escaping observer block.
@Mockable
protocol CorpusNotificationCenter: AnyObject, Sendable {
    func post(_ name: String)
    func post(_ name: String, object: Int)
    func post(_ name: String, userInfo: [String: String])
    func addObserver(for name: String, using block: @escaping @Sendable (String) -> Void) -> UUID
    func removeObserver(_ token: UUID)
}

/// Feature flags: a Sendable service with a generic async member.
@Mockable
protocol CorpusFeatureFlags: Sendable {
    func isEnabled(_ flag: String) -> Bool
    func variant<T: Decodable & Sendable>(for flag: String, as type: T.Type) async -> T?
}

/// A chain of refinements: lifecycle → sync → background sync, the last also refining analytics.
@Mockable
protocol CorpusLifecycle: Sendable {
    func start() async throws
    func stop() async
}

@Mockable
protocol CorpusSyncService: CorpusLifecycle {
    func sync(since date: Date?) async throws -> Int
    var lastSync: Date? { get }
}

@Mockable
protocol CorpusBackgroundSyncService: CorpusSyncService, CorpusAnalyticsService {
    func schedule(every seconds: Double)
}

/// Code under test: a launcher that starts sync in the background and reports it.
struct CorpusAppLauncher {
    let sync: any CorpusBackgroundSyncService

    func launch() async throws -> Int {
        try await sync.start()
        let count = try await sync.sync(since: sync.lastSync)
        sync.track("synced", properties: ["count": "\(count)"])
        sync.schedule(every: 900)
        return count
    }
}
