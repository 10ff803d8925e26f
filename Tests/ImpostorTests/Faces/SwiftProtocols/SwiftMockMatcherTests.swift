import Impostor
import Testing

// Every matcher and composition on Swift arguments, through a hand-written mock: `any()`,
// `eq`, `isNil()`/`isNotNil()` on a `String?` parameter, `gt`/`lt`/`between` on `Int`, `&&`,
// `||`, `!` and a custom `Matcher`; a struct that holds a class reference (so is not
// Equatable) matched on a field by a predicate `Matcher`; a class matched by identity with
// `===` (an equal-looking other instance must not match); and a generic member, recorded
// through a reference typed `MockReference<Any, Void, Never>` because a generic function
// cannot be passed to `MockReference(_:)` unspecialised: the member boxes its `T` as `Any`.

final class Owner {
    let name: String
    init(name: String) { self.name = name }
}

/// Not Equatable: it holds a class reference.
struct Record {
    let id: Int
    let owner: Owner
}

protocol Catalog {
    func find(_ name: String?) -> Int
    func classify(_ number: Int) -> String
    func open(_ record: Record) -> Bool
    func attach(_ owner: Owner) -> Bool
    func store<T>(_ value: T)
}

final class MockCatalog: Mock, Catalog {
    lazy var findRef = MockReference(find)
    lazy var classifyRef = MockReference(classify)
    lazy var openRef = MockReference(open)
    lazy var attachRef = MockReference(attach)
    /// `store<T>` cannot be referenced unspecialised; its calls are recorded with the value as `Any`.
    let storeRef = MockReference<Any, Void, Never>(named: "store")

    func find(_ name: String?) -> Int { call(findRef, args: name) }
    func classify(_ number: Int) -> String { call(classifyRef, args: number) }
    func open(_ record: Record) -> Bool { call(openRef, args: record) }
    func attach(_ owner: Owner) -> Bool { call(attachRef, args: owner) }
    func store<T>(_ value: T) { call(storeRef, args: value as Any) }
}

@Suite("Matchers on Swift mocks", .mockery)
struct SwiftMockMatcherTests {
    @Test func anyAndEq() {
        let catalog = MockCatalog(named: "catalog")
        stub(catalog.classifyRef, any()).returning("some")
        stub(catalog.classifyRef, eq(7)).returning("seven")
        #expect(catalog.classify(7) == "seven")
        #expect(catalog.classify(8) == "some")
        // The prototype form binds the same matchers.
        stub(catalog.classify(eq(9))).with { "nine" }
        #expect(catalog.classify(9) == "nine")
        verify(.once, catalog.classifyRef, eq(8))
    }

    @Test func isNilAndIsNotNilOnAnOptionalString() {
        let catalog = MockCatalog(named: "catalog")
        stub(catalog.findRef, isNil()).returning(-1)
        stub(catalog.findRef, isNotNil()).returning(1)
        #expect(catalog.find(nil) == -1)
        #expect(catalog.find("x") == 1)
        #expect(catalog.find("") == 1)
        verify(.once, catalog.findRef, isNil())
        verify(.times(2), catalog.findRef, isNotNil())
        verify(.once, catalog.findRef, eq(Optional("x")))
    }

    @Test func gtLtAndBetweenOnInt() {
        let catalog = MockCatalog(named: "catalog")
        stub(catalog.classifyRef, gt(10)).returning("big")
        stub(catalog.classifyRef, lt(0)).returning("negative")
        stub(catalog.classifyRef, between(1...3)).returning("small")
        #expect([11, 10, -1, 0, 1, 3, 4].map(catalog.classify) == ["big", "", "negative", "", "small", "small", ""])
    }

    @Test func andOrNotAndACustomMatcher() {
        let catalog = MockCatalog(named: "catalog")
        let even = Matcher<Int>("even") { $0 % 2 == 0 }
        for number in [-200, -3, 2, 4, 7, 150] { _ = catalog.classify(number) }
        verify(.times(4), catalog.classifyRef, even)
        verify(.times(3), catalog.classifyRef, even && gt(0))
        verify(.times(2), catalog.classifyRef, lt(-100) || gt(100))
        verify(.times(2), catalog.classifyRef, !even)
        verify(.times(3), catalog.classifyRef, !(lt(-100) || gt(100)) && !eq(7))
        let failures = captureFailures { verify(catalog.classifyRef, even && lt(-300)) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("even && lt(-300)") == true)
    }

    @Test func aStructHoldingAReferenceMatchedByAField() {
        let catalog = MockCatalog(named: "catalog")
        let owner = Owner(name: "ann")
        stub(catalog.openRef, Matcher("id is 5") { $0.id == 5 }).returning(true)
        #expect(catalog.open(Record(id: 5, owner: owner)))
        #expect(!catalog.open(Record(id: 6, owner: owner)))
        verify(.once, catalog.openRef, Matcher("owned by ann") { $0.owner.name == "ann" && $0.id == 6 })
        let failures = captureFailures { verify(catalog.openRef, Matcher("id is 7") { $0.id == 7 }) }
        #expect(failures.first?.message.contains("id is 7") == true)
    }

    @Test func aClassMatchedByIdentity() {
        let catalog = MockCatalog(named: "catalog")
        let ann = Owner(name: "ann")
        let twin = Owner(name: "ann")
        stub(catalog.attachRef, Matcher("identical to ann") { $0 === ann }).returning(true)
        #expect(catalog.attach(ann))
        #expect(!catalog.attach(twin))
        verify(.once, catalog.attachRef, Matcher("identical to ann") { $0 === ann })
        verify(.once, catalog.attachRef, Matcher("identical to twin") { $0 === twin })
        #expect(catalog.calls(to: catalog.attachRef).map { $0.argument(0, as: Owner.self) === ann } == [true, false])
    }

    @Test func aGenericMemberRecordsItsValuesAsAny() {
        let catalog = MockCatalog(named: "catalog")
        catalog.store(3)
        catalog.store("three")
        catalog.store([3])
        verify(.once, catalog.storeRef, Matcher("an Int") { $0 is Int })
        verify(.once, catalog.storeRef, Matcher("\"three\"") { ($0 as? String) == "three" })
        verify(.never, catalog.storeRef, Matcher("a Double") { $0 is Double })
        let values = catalog.calls(to: catalog.storeRef).map { $0.argument(0, as: Any.self) }
        #expect(values.count == 3)
        #expect(values[0] as? Int == 3)
        #expect(values[1] as? String == "three")
        #expect(values[2] as? [Int] == [3])
    }
}
