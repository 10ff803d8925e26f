import Foundation
import ImpostorMockable
import Testing

// Shapes a review found the macro's first version could not mock: one member isolated to the
// main actor in a protocol that is not, a child of a @MainActor protocol that does not restate
// it, a child fixing its parent's associated type with ==, standard protocols refined, a global
// actor whose name does not end in "Actor", `where Self: AnyObject`, and unanswered generic
// results of the caller's type.

@Mockable
protocol ReviewRefresher {
    @MainActor func refresh() async -> Int
}

@MainActor
@Mockable
protocol ReviewListModel {
    func load() async -> [String]
}

@Mockable
protocol ReviewDetailModel: ReviewListModel {
    func select(_ index: Int) async
}

@Mockable
protocol ReviewRepository {
    associatedtype Entity
    func all() -> [Entity]
}

struct ReviewUser: Equatable, Sendable { let name: String }

@Mockable
protocol ReviewUserRepository: ReviewRepository where Entity == ReviewUser {
    func named(_ name: String) -> ReviewUser?
}

@Mockable
protocol ReviewToken: Hashable, CustomStringConvertible {
    func refresh() -> String
}

@globalActor
actor ReviewStorage {
    static let shared = ReviewStorage()
}

@ReviewStorage
@Mockable
protocol ReviewVault {
    func secret() -> String
}

@Mockable
protocol ReviewTicker {
    static func tick(_ count: Int)
}

@Mockable
protocol ReviewDelegate where Self: AnyObject {
    func didFinish(_ count: Int)
}

@Mockable
protocol ReviewGenerics {
    func list<T>(of type: T.Type) -> [T]
    func make<T>(_ type: T.Type) -> T
}

@Suite("@Mockable: shapes found in review", .mockery)
struct MacroShapesFromReviewTests {
    @Test("one main-actor member of a protocol that is not isolated")
    @MainActor
    func isolatedMember() async {
        let refresher = ReviewRefresherMock()
        stub(refresher.$refresh()).returning(3)
        #expect(await refresher.refresh() == 3)
        verify(.once, refresher.$refresh())
    }

    @Test("a child of a @MainActor protocol that does not restate it answers both")
    @MainActor
    func childOfMainActorProtocol() async {
        let model = ReviewDetailModelMock()
        stub(model.$load()).returning(["a"])
        #expect(await model.load() == ["a"])
        await model.select(2)
        verify(.once, model.$select(eq(2)))
        verify(.once, model.$load())
    }

    @Test("a child fixing its parent's associated type with == is not generic")
    func fixedAssociatedType() {
        let users = ReviewUserRepositoryMock()
        stub(users.$all()).returning([ReviewUser(name: "Ada")])
        stub(users.$named(eq("Ada"))).returning(ReviewUser(name: "Ada"))
        #expect(users.all() == [ReviewUser(name: "Ada")])
        #expect(users.named("Ada") == ReviewUser(name: "Ada"))
        #expect(users.named("Bob") == nil)
        verify(.exactly(2), users.$named(any()))
    }

    @Test("Hashable and CustomStringConvertible: identity, and the mock's name")
    func standardProtocols() {
        let token = ReviewTokenMock(named: "token")
        let other = ReviewTokenMock()
        #expect(token == token)
        #expect(token != other)
        #expect(Set([token, token, other]).count == 2)
        #expect(token.description == "token")
        stub(token.$refresh()).returning("new")
        #expect(token.refresh() == "new")
        verify(.once, token.$refresh())
    }

    @Test("a custom global actor whose name does not end in Actor")
    @ReviewStorage
    func customGlobalActor() {
        let vault = ReviewVaultMock()
        stub(vault.$secret()).returning("s")
        #expect(vault.secret() == "s")
        verify(.once, vault.$secret())
    }

    @Test("where Self: AnyObject on the protocol")
    func classBound() {
        let delegate = ReviewDelegateMock()
        delegate.didFinish(4)
        verify(.once, delegate.$didFinish(eq(4)))
    }

    @Test("an unanswered generic result is the default of the caller's type")
    func genericDefaults() {
        let generics = ReviewGenericsMock()
        #expect(generics.list(of: Int.self) == [])
        #expect(generics.make(Int.self) == 0)
        #expect(generics.make(String.self) == "")
        stub(generics.$list(of: any())).returning([1, 2])
        #expect(generics.list(of: Int.self) == [1, 2])
        verify(.exactly(2), generics.$list(of: any()))
    }

    // A thread, not a task: verify(within:) waits by blocking its thread, and a task it waits
    // for may need that very thread when the cooperative pool is as small as the machine.
    @Test("verify(within:) takes a prototype, for calls from another thread")
    func verifyWithin() {
        let delegate = ReviewDelegateMock()
        let thread = Thread { delegate.didFinish(9) }
        thread.start()
        verify(within: .seconds(5), .once, delegate.$didFinish(eq(9)))
        #expect(invocations(of: delegate.$didFinish(any())).first?.thread != CallingThread.current)
    }

    // Without a mode, as the articles promise for every form (a new user's trial found the
    // prototype form refused at run time).
    @Test("verify(within:) takes a prototype without a mode")
    func verifyWithinWithoutAMode() {
        let delegate = ReviewDelegateMock()
        let thread = Thread { delegate.didFinish(4) }
        thread.start()
        verify(within: .seconds(5), delegate.$didFinish(eq(4)))
        let failures = captureFailures { verify(within: .milliseconds(20), delegate.$didFinish(eq(5))) }
        #expect(failures.count == 1)
    }

    @Test("static calls are kept per Mockery; a thread outside the test's scope records in the default Mockery")
    func staticsPerMockery() {
        let first = Mockery("first")
        let second = Mockery("second")
        first.withCurrent { ReviewTickerMock.tick(1) }
        second.withCurrent { verify(.never, ReviewTickerMock.$tick(any())) }
        first.withCurrent {
            verify(.once, ReviewTickerMock.$tick(eq(1)))
            let thread = Thread { ReviewTickerMock.tick(2) }
            thread.start()
            // The thread's call is not this Mockery's, however long it waits.
            verify(within: .milliseconds(300), .never, ReviewTickerMock.$tick(eq(2)))
        }
        Mockery.processDefault.withCurrent {
            verify(within: .seconds(5), .once, ReviewTickerMock.$tick(eq(2)))
        }
    }
}
