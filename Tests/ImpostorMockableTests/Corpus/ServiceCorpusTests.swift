import Foundation
import ImpostorMockable
import Synchronization
import Testing

@Suite("Corpus: services", .mockery)
struct ServiceCorpusTests {
    @Test("a Sendable service called from many tasks: every call is recorded")
    func analyticsFromTasks() async {
        let analytics = CorpusAnalyticsServiceMock()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    analytics.track("tap", properties: ["index": "\(index)"])
                    if index.isMultiple(of: 5) { await analytics.flush() }
                }
            }
        }
        let user = UUID()
        await Task.detached { analytics.identify(userID: user) }.value

        verify(.exactly(20), analytics.$track(eq("tap"), properties: any()))
        verify(.once, analytics.$track(any(), properties: eq(["index": "7"])))
        verify(.exactly(4), analytics.$flush())
        verify(.once, analytics.$identify(userID: eq(user)))
        verify(.never, analytics.$identify(userID: isNil()))
    }

    @Test("an actor rate limiter: stubs answer through the actor, unstubbed acquire returns")
    func rateLimiter() async throws {
        let limiter = CorpusRateLimiterMock()
        stub(limiter.$tryAcquire(permits: le(2))).returning(true)
        stub(limiter.$available.get).returning(2)

        #expect(await limiter.tryAcquire(permits: 1))
        #expect(await !limiter.tryAcquire(permits: 5))
        #expect(await limiter.available == 2)
        try await limiter.acquire()
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 { group.addTask { await limiter.tryAcquire(permits: 2) } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 5))

        verify(.exactly(5), limiter.$tryAcquire(permits: eq(2)))
        verify(.exactly(6), limiter.$tryAcquire(permits: le(2)))
        verify(.once, limiter.$tryAcquire(permits: eq(5)))
        verify(.once, limiter.$acquire())
    }

    @Test("an async-throwing property: stubbed in turn, a value then a failure")
    func locationService() async throws {
        let location = CorpusLocationServiceMock()
        let here = CorpusCoordinate(latitude: 52.5, longitude: 13.4)
        stub(location.$currentLocation.get).returning(here).thenThrowing(CorpusTestError(reason: "denied"))
        stub(location.$requestAuthorization()).returning(true)
        stub(location.$authorizationStatus.get).returning(3)

        #expect(await location.requestAuthorization())
        #expect(try await location.currentLocation == here)
        await #expect(throws: CorpusTestError(reason: "denied")) { try await location.currentLocation }
        #expect(location.authorizationStatus == 3)

        verify(.exactly(2), location.$currentLocation.get)
        verify(.once, location.$requestAuthorization())
    }

    @Test("static and initializer requirements are recorded on the mock type, per Mockery")
    func plugin() throws {
        stub(CorpusPluginMock.$identifier.get).returning("corpus.plugin")
        stub(CorpusPluginMock.$isCompatible(withVersion: ge(2))).returning(true)
        stub(CorpusPluginMock.$loadCount.get).returning(4)

        func load<P: CorpusPlugin>(_ type: P.Type, version: Int) throws -> P? {
            guard type.isCompatible(withVersion: version) else { return nil }
            type.loadCount += 1
            let plugin = P(configuration: ["id": type.identifier])
            try plugin.activate()
            return plugin
        }
        #expect(try load(CorpusPluginMock.self, version: 1) == nil)
        let plugin = try #require(try load(CorpusPluginMock.self, version: 3))

        verify(.once, plugin.$activate())
        verify(.exactly(2), CorpusPluginMock.$isCompatible(withVersion: any()))
        verify(.once, CorpusPluginMock.$loadCount.set(eq(5)))
        verify(.once, CorpusPluginMock.$init(configuration: eq(["id": "corpus.plugin"])))
    }

    @Test("notifications: overloads by label, an observer block the stub keeps and calls")
    func notificationCenter() {
        let center = CorpusNotificationCenterMock()
        let token = UUID()
        stub(center.$addObserver(for: eq("login"), using: any())).with { (_: String, block: @escaping @Sendable (String) -> Void) in
            block("login")
            return token
        }
        let received = ReceivedNames()

        #expect(center.addObserver(for: "login") { received.append($0) } == token)
        center.post("login")
        center.post("login", object: 1)
        center.post("login", userInfo: ["user": "ada"])
        center.removeObserver(token)
        #expect(received.names == ["login"])

        verify(.once, center.$post(eq("login")))
        verify(.once, center.$post(eq("login"), object: eq(1)))
        verify(.once, center.$post(any(), userInfo: eq(["user": "ada"])))
        verify(.once, center.$removeObserver(eq(token)))
    }

    @Test("feature flags: a generic async member answers per flag and type")
    func featureFlags() async {
        let flags = CorpusFeatureFlagsMock()
        stub(flags.$isEnabled(eq("new-feed"))).returning(true)
        stub(flags.$variant(for: eq("layout"), as: any())).returning(Optional("grid") as Any)
        stub(flags.$variant(for: eq("columns"), as: any())).returning(Optional(3) as Any)

        #expect(flags.isEnabled("new-feed"))
        #expect(!flags.isEnabled("old-feed"))
        #expect(await flags.variant(for: "layout", as: String.self) == "grid")
        #expect(await flags.variant(for: "columns", as: Int.self) == 3)

        verify(.exactly(2), flags.$isEnabled(any()))
        verify(.once, flags.$variant(for: eq("columns"), as: eq(Int.self as Any.Type).erased))
    }

    @Test("a chain of refinements and two parents: one mock answers every level")
    func backgroundSync() async throws {
        let sync = CorpusBackgroundSyncServiceMock()
        let last = Date(timeIntervalSince1970: 1_000)
        stub(sync.$lastSync.get).returning(last)
        stub(sync.$sync(since: eq(last))).returning(12)

        #expect(try await CorpusAppLauncher(sync: sync).launch() == 12)
        let lifecycle: any CorpusLifecycle = sync
        await lifecycle.stop()

        verifyInOrder {
            sync.$start()
            sync.$sync(since: eq(last))
            sync.$track(eq("synced"), properties: eq(["count": "12"]))
            sync.$schedule(every: eq(900))
            sync.$stop()
        }
        verify(.once, sync.$start())
        verify(.never, sync.$flush())
    }
}

/// Names an observer block received, from whatever thread.
final class ReceivedNames: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ name: String) { storage.withLock { $0.append(name) } }
    var names: [String] { storage.withLock { $0 } }
}
