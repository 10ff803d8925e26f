import Foundation
import ImpostorMockable
import Testing

// Every supported requirement form in one place: the mocks below must compile under Swift 6
// with no warnings, and each is stubbed and verified once.

struct Item: Codable, Equatable, Sendable { var name: String }
public struct StoreError: Error, Equatable {}

@Mockable
public protocol Effects {
    func plain(_ value: Int) -> Int
    func later(_ value: Int) async -> Int
    func risky(_ value: Int) throws -> Int
    func both(_ value: Int) async throws -> Int
    func typed(_ value: Int) throws(StoreError) -> Int
    func nothing()
    nonisolated func detached() -> Int
}

@Mockable
protocol Properties {
    var name: String { get }
    var volume: Int { get set }
    var remote: Int { get async }
    var fragile: Int { get throws }
    var loaded: Int { get async throws }
    subscript(index: Int) -> String { get }
    subscript(key key: String) -> Int { get set }
}

@Mockable
protocol Statics {
    static func make(_ seed: Int) -> Int
    static var shared: String { get set }
    init(tag: Int)
}

@Mockable
protocol Overloads {
    func store(_ value: Int)
    func store(_ value: String)
    func store(_ value: Int, times: Int)
    func value() -> Int
    func value() -> String
}

@Mockable
protocol Generic {
    func decode<T: Decodable>(_ data: Data, as type: T.Type) -> T
    func keep<T>(_ value: T, named name: String)
    func first<T>(of values: [T]) -> T?
}

@Mockable
protocol Store {
    associatedtype Element: Codable & Equatable
    func put(_ element: Element)
    func all() -> [Element]
}

@Mockable
protocol Closures {
    func run(_ work: () -> Void) -> Bool
    func subscribe(_ handler: @escaping @Sendable (Int) -> Void)
    func optional(_ handler: ((Int) -> Void)?)
    func bump(_ counter: inout Int)
    func many(_ values: Int...)
}

@MainActor
@Mockable
protocol ViewModel {
    var title: String { get }
    func load() async -> [String]
    nonisolated func id() -> Int
}

@Mockable
protocol Counter: Actor {
    func increment(by amount: Int) -> Int
    var count: Int { get }
}

@Mockable
protocol Parent {
    func parent() -> Int
}

@Mockable
protocol Child: Parent {
    func child() -> Int
}

@Mockable
fileprivate protocol Hidden {
    func secret() -> Int
}

@Mockable(compilationCondition: "DEBUG || !DEBUG")
package protocol Conditional: Sendable {
    func now() -> Double
}

@Suite("@Mockable: every supported form compiles and answers", .mockery)
struct MacroFormTests {
    @Test("effects: sync, async, throws, async throws, typed throws")
    func effects() async throws {
        let mock = EffectsMock()
        stub(mock.$plain(eq(1))).returning(10)
        stub(mock.$later(any())).returning(20)
        stub(mock.$risky(any())).throwing(StoreError())
        stub(mock.$both(any())).returning(40)
        stub(mock.$typed(any())).throwing(StoreError())
        #expect(mock.plain(1) == 10)
        #expect(await mock.later(2) == 20)
        #expect(throws: StoreError.self) { try mock.risky(3) }
        #expect(try await mock.both(4) == 40)
        #expect(throws: StoreError.self) { try mock.typed(5) }
        mock.nothing()
        verify(.once, mock.$nothing())
        verify(.once, mock.$typed(eq(5)))
    }

    @Test("properties and subscripts")
    func properties() async throws {
        let mock = PropertiesMock()
        stub(mock.$name.get).returning("n")
        stub(mock.$remote.get).returning(2)
        stub(mock.$fragile.get).throwing(StoreError())
        stub(mock.$loaded.get).returning(4)
        stub(mock.$subscript(eq(1)).get).returning("one")
        #expect(mock.name == "n")
        #expect(await mock.remote == 2)
        #expect(throws: StoreError.self) { try mock.fragile }
        #expect(try await mock.loaded == 4)
        #expect(mock[1] == "one")
        mock.volume = 3
        mock[key: "k"] = 7
        verify(.once, mock.$volume.set(eq(3)))
        verify(.once, mock.$subscript(key: eq("k")).set(eq(7)))
    }

    /// Accessors read in messages as Swift spells them, not as method calls: a getter as the
    /// property (`lastSync()` looked like a method the protocol does not have), a setter as
    /// an assignment, a subscript with brackets.
    @Test("accessors in messages: mock.name, mock.volume = 3, mock[1], mock[key: \"k\"] = 7")
    func accessorsInMessages() {
        let mock = PropertiesMock()
        _ = mock.name
        mock.volume = 3
        _ = mock[1]
        mock[key: "k"] = 7
        let failures = captureFailures {
            verify(.times(2), mock.$name.get)
            verify(.once, mock.$volume.set(eq(4)))
            verify(.once, mock.$subscript(eq(2)).get)
            verify(.once, mock.$subscript(key: eq("j")).set(any()))
        }
        let messages = failures.map { $0.message }
        #expect(messages.count == 4)
        // The header names the accessor as the calls below it read.
        #expect(messages[0].hasPrefix("Expected PropertiesMock.name's getter to receive PropertiesMock.name exactly 2 times but received it 1 time."))
        #expect(messages[0].contains("Calls to PropertiesMock.name's getter (1 call)"))
        #expect(messages[1].hasPrefix("Expected PropertiesMock.volume's setter to receive"))
        #expect(messages[2].hasPrefix("Expected PropertiesMock's subscript getter to receive"))
        #expect(messages[3].contains("Calls to PropertiesMock's subscript setter (1 call)"))
        #expect(messages[0].contains("  PropertiesMock.name -> \"\"  (call #1)"))
        #expect(messages[1].contains("receive PropertiesMock.volume = eq(4) exactly once"))
        #expect(messages[1].contains("  PropertiesMock.volume = «3»  (call #1): argument 1 (new value): expected eq(4), got 3"))
        #expect(messages[2].contains("receive PropertiesMock[eq(2)] exactly once"))
        #expect(messages[2].contains("  PropertiesMock[«1»] -> \"\"  (call #1)"))
        // A subscript's argument labels, where it declares them, as the call is written.
        #expect(messages[3].contains("receive PropertiesMock[key: eq(\"j\")] = any() exactly once"))
        #expect(messages[3].contains("  PropertiesMock[key: «\"k\"»] = 7  (call #1): argument 1 (key): expected eq(\"j\"), got \"k\""))
    }

    /// A stub's block may take the whole `Invocation`, in the `$member` form too.
    @Test("a block of the Invocation answers a generated member")
    func invocationBlock() {
        let mock = EffectsMock()
        stub(mock.$plain(any())).with { (call: Invocation) -> Int in call.argument(0, as: Int.self) * 2 }
        #expect(mock.plain(21) == 42)
    }

    @Test("static members and initializers are recorded on the mock type")
    func statics() {
        stub(StaticsMock.$make(any())).returning(9)
        #expect(StaticsMock.make(1) == 9)
        StaticsMock.shared = "s"
        _ = StaticsMock(tag: 4)
        verify(.once, StaticsMock.$make(eq(1)))
        verify(.once, StaticsMock.$shared.set(eq("s")))
        verify(.once, StaticsMock.$init(tag: eq(4)))
    }

    @Test("overloads by type and by result are told apart")
    func overloads() {
        let mock = OverloadsMock()
        mock.store(1)
        mock.store("a")
        mock.store(2, times: 3)
        stub(mock.$value() as CallPrototype<Int, Never>).returning(5)
        let number: Int = mock.value()
        #expect(number == 5)
        verify(.once, mock.$store(eq(1)))
        verify(.once, mock.$store(eq("a")))
        verify(.once, mock.$store(any(), times: eq(3)))
    }

    @Test("generic methods record their own type's values as Any and cast the result back")
    func generics() {
        let mock = GenericMock()
        stub(mock.$decode(any(), as: any())).returning(Item(name: "x"))
        #expect(mock.decode(Data(), as: Item.self) == Item(name: "x"))
        mock.keep(3, named: "three")
        verify(.once, mock.$keep(eq(3).erased, named: eq("three")))
        stub(mock.$first(of: any())).returning(Optional(7) as Any)
        #expect(mock.first(of: [1, 2]) == 7)
    }

    @Test("associated types make the mock generic")
    func associatedTypes() {
        let mock = StoreMock<Item>()
        stub(mock.$all()).returning([Item(name: "a")])
        mock.put(Item(name: "b"))
        #expect(mock.all() == [Item(name: "a")])
        verify(.once, mock.$put(eq(Item(name: "b"))))
    }

    @Test("closures, inout and variadic parameters")
    func closures() {
        let mock = ClosuresMock()
        stub(mock.$run(any())).returning(true)
        var ran = false
        #expect(mock.run { ran = true })
        #expect(!ran)
        mock.subscribe { _ in }
        mock.optional(nil)
        var counter = 1
        mock.bump(&counter)
        mock.many(1, 2, 3)
        verify(.once, mock.$subscribe(any()))
        verify(.once, mock.$bump(eq(1)))
        verify(.once, mock.$many(eq([1, 2, 3])))
    }

    @Test("@MainActor protocols and actor protocols")
    @MainActor
    func isolation() async {
        let model = ViewModelMock()
        stub(model.$load()).returning(["a"])
        stub(model.$title.get).returning("t")
        #expect(await model.load() == ["a"])
        #expect(model.title == "t")
        let counter = CounterMock()
        stub(counter.$increment(by: any())).returning(2)
        #expect(await counter.increment(by: 1) == 2)
        verify(.once, counter.$increment(by: eq(1)))
    }

    @Test("a refined protocol's mock has the parent's members")
    func inheritance() {
        let mock = ChildMock()
        stub(mock.$parent()).returning(1)
        stub(mock.$child()).returning(2)
        let parent: any Parent = mock
        #expect(parent.parent() == 1)
        #expect(mock.child() == 2)
        verify(.once, mock.$parent())
    }

    @Test("access levels and compilation conditions")
    func accessAndCondition() {
        let hidden = HiddenMock()
        stub(hidden.$secret()).returning(42)
        #expect(hidden.secret() == 42)
        let clock = ConditionalMock()
        stub(clock.$now()).returning(1.5)
        #expect(clock.now() == 1.5)
    }
}
