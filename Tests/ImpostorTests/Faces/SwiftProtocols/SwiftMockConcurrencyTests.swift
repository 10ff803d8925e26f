import Impostor
import Testing

// Swift mocks under concurrency: 8 tasks making 10,000 calls each on one mock of a `Sendable`
// protocol (its reference made eagerly, with `let`, so no lazy initialisation races) record
// exactly 80,000 calls with distinct sequence numbers and every (task, index) pair once; an
// `actor` mock adopting `Mocking` with a `nonisolated let mockCore`; and a mock of a
// `@MainActor` protocol (its reference given by types: see `MockScreen`).

protocol TickService: Sendable {
    func tick(_ task: Int, _ index: Int) -> Int
}

final class MockTickService: Mock, TickService, @unchecked Sendable {
    let tickRef = MockReference<Int, Int, Int, Never>(named: "tick")
    func tick(_ task: Int, _ index: Int) -> Int { call(tickRef, args: task, index) }
}

protocol KeyStore {
    func load(_ key: String) async -> Int
}

actor MockKeyStore: KeyStore, Mocking {
    nonisolated let mockCore = MockCore(named: "store")
    lazy var loadRef = MockReference(load)
    func load(_ key: String) -> Int { call(loadRef, args: key) }
}

@MainActor protocol Screen {
    func show(_ title: String) -> Bool
}

@MainActor final class MockScreen: Mock, Screen {
    // `MockReference(show)` does not compile: a `@MainActor` method's value cannot be passed
    // as the plain function type the initialiser takes, so the types are spelled out.
    let showRef = MockReference<String, Bool, Never>(named: "show")
    func show(_ title: String) -> Bool { call(showRef, args: title) }
}

@Suite("Swift mocks and concurrency", .mockery)
struct SwiftMockConcurrencyTests {
    /// How the calls of `eightTasksOfTenThousandCallsAreAllRecorded` are answered: through the
    /// engine (a registered result), or on the typed entry point's own paths (a typed stub's
    /// block run where the call is made, or only the default value).
    enum TickAnswer: CaseIterable, Sendable {
        case registered, stubbed, unstubbed

        func expected(_ task: Int, _ index: Int) -> Int { self == .unstubbed ? 0 : task * 100_000 + index }
    }

    @Test(arguments: TickAnswer.allCases)
    func eightTasksOfTenThousandCallsAreAllRecorded(answer: TickAnswer) async {
        let service = MockTickService(named: "ticks")
        switch answer {
        case .registered: service.registerResult(for: service.tickRef) { task, index in task * 100_000 + index }
        case .stubbed: stub(service.tickRef, any(), any()).with { task, index in task * 100_000 + index }
        case .unstubbed: break
        }
        let wrongAnswers = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for index in 0..<10_000 where service.tick(task, index) != answer.expected(task, index) { wrong += 1 }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrongAnswers == 0)
        let calls = service.calls(to: service.tickRef)
        #expect(calls.count == 80_000)
        #expect(Set(calls.map(\.stamp)).count == 80_000)
        let pairs = Set(calls.map { $0.argument(0, as: Int.self) * 100_000 + $0.argument(1, as: Int.self) })
        #expect(pairs.count == 80_000)
        #expect(service.hasCalled(service.tickRef, numberOfTimes: 80_000))
        let results = calls.map { $0.returnValue(as: Int.self) }
        #expect(results == calls.map { answer.expected($0.argument(0, as: Int.self), $0.argument(1, as: Int.self)) })
        // Within one task the calls keep their order.
        let firstTask = calls.filter { $0.argument(0, as: Int.self) == 0 }.map { $0.argument(1, as: Int.self) }
        #expect(firstTask == Array(0..<10_000))
        // The verify scan of the typed log, once nothing is calling.
        verify(.exactly(10_000), service.tickRef, eq(7), any())
        verify(.exactly(80_000), service.tickRef, any(), any())
    }

    @Test func anActorMockRecordsThroughItsCore() async {
        let store = MockKeyStore()
        let loadRef = await store.loadRef
        stub(loadRef, eq("a")).returning(5)
        #expect(await store.load("a") == 5)
        #expect(await store.load("b") == 0)
        let keys = store.calls(to: loadRef).map { $0.argument(0, as: String.self) }
        #expect(keys == ["a", "b"])
        #expect(store.calls(to: loadRef).first?.mockName == "store.load")
        verify(.once, loadRef, eq("b"))
    }

    @MainActor @Test func aMainActorProtocolMock() {
        let screen = MockScreen(named: "screen")
        stub(screen.show("home")).with { true }
        #expect(screen.show("home"))
        #expect(!screen.show("settings"))
        verify(.once, screen.show("settings"))
        #expect(screen.calls(to: screen.showRef).map { $0.returnValue(as: Bool.self) } == [true, false])
    }
}
