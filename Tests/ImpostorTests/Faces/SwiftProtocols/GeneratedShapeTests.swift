import Foundation
import Impostor
import Testing

// The runtime half of `@Mockable`, written out by hand in the shape the macro generates
// (`prototypeX` stands for the generated `$x`, a name only macros may declare), so that the
// runtime's promises are tested apart from the macro.

private struct ShapeAlbum: Equatable, Sendable { let id: UUID; let title: String }
private enum ShapeError: Error, Equatable { case notFound }

private protocol ShapeAlbumService: AnyObject {
    func getAlbum(id: UUID) async throws -> ShapeAlbum
    var title: String { get set }
    var count: Int { get }
    static func make() -> Int
    func value<T>(_ key: String, as type: T.Type) -> T
    func perform(_ work: () -> Void) -> Bool
    init(tag: Int)
}

/// The keys `@Mockable` writes beside the protocol, one per requirement, made once.
private enum ShapeKeys {
    static let getAlbum = _MockMemberKey(named: "getAlbum(id:)", isAsync: true)
    static let titleGet = _MockMemberKey(named: "title.get")
    static let titleSet = _MockMemberKey(named: "title.set")
    static let count = _MockMemberKey(named: "count")
    static let make = _MockMemberKey(named: "make")
    static let value = _MockMemberKey(named: "value(_:as:)")
    static let perform = _MockMemberKey(named: "perform(_:)")
    static let initTag = _MockMemberKey(named: "init(tag:)")
}

extension ShapeAlbumService where Self: Mocking {
    func getAlbum(id: UUID) async throws -> ShapeAlbum {
        try await call(self._mockReference(ShapeKeys.getAlbum, as: MockReference<UUID, ShapeAlbum, any Error>.self), args: id)
    }
    func prototypeGetAlbum(id: Matcher<UUID> = any()) -> CallPrototype<UUID, ShapeAlbum, any Error> {
        CallPrototype(self._mockReference(ShapeKeys.getAlbum, as: MockReference<UUID, ShapeAlbum, any Error>.self), id)
    }
    var title: String {
        get { call(self._mockReference(ShapeKeys.titleGet, as: MockReference<String, Never>.self)) }
        set { call(self._mockReference(ShapeKeys.titleSet, as: MockReference<String, Void, Never>.self), args: newValue) }
    }
    var prototypeTitle: SettablePropertyPrototype<CallPrototype<String, Never>, CallPrototype<String, Void, Never>, String> {
        SettablePropertyPrototype(
            get: CallPrototype(self._mockReference(ShapeKeys.titleGet, as: MockReference<String, Never>.self)),
            set: { value in
                CallPrototype(self._mockReference(ShapeKeys.titleSet, as: MockReference<String, Void, Never>.self), value)
            })
    }
    var count: Int { call(self._mockReference(ShapeKeys.count, as: MockReference<Int, Never>.self)) }
    var prototypeCount: PropertyPrototype<CallPrototype<Int, Never>> {
        PropertyPrototype(get: CallPrototype(self._mockReference(ShapeKeys.count, as: MockReference<Int, Never>.self)))
    }
    static func make() -> Int {
        let statics = StaticMock._of(Self.self)
        return statics.call(statics._mockReference(ShapeKeys.make, as: MockReference<Int, Never>.self))
    }
    static func prototypeMake() -> CallPrototype<Int, Never> {
        let statics = StaticMock._of(Self.self)
        return CallPrototype(statics._mockReference(ShapeKeys.make, as: MockReference<Int, Never>.self))
    }
    func value<T>(_ key: String, as type: T.Type) -> T {
        let reference = self._mockReference(ShapeKeys.value, as: MockReference<String, Any, Any, Never>.self)
        return _mockCast(call(reference, args: key, type), to: T.self, member: reference.name)
    }
    func prototypeValue(_ key: Matcher<String> = any(), as type: Matcher<Any> = any()) -> CallPrototype<String, Any, Any, Never> {
        CallPrototype(self._mockReference(ShapeKeys.value, as: MockReference<String, Any, Any, Never>.self), key, type)
    }
    func perform(_ work: () -> Void) -> Bool {
        call(self._mockReference(ShapeKeys.perform, as: MockReference<NonEscapingClosure, Bool, Never>.self), args: NonEscapingClosure())
    }
}

extension ShapeAlbumService where Self: _MockConstructible {
    init(tag: Int) {
        self.init(named: nil)
        let statics = StaticMock._of(Self.self)
        statics.call(statics._mockReference(ShapeKeys.initTag, as: MockReference<Int, Void, Never>.self), args: tag)
    }
}

private final class ShapeAlbumServiceMock: Mock, ShapeAlbumService, _MockConstructible {}

@Suite("The runtime under generated mocks", .mockery)
struct GeneratedShapeTests {
    @Test("a member's body and its prototype reach one reference, so stubs answer and verify counts")
    func prototypeAndBodyShareReference() async throws {
        let albums = ShapeAlbumServiceMock()
        let id = UUID()
        stub(albums.prototypeGetAlbum(id: eq(id))).with { (id: UUID) in ShapeAlbum(id: id, title: "Blue") }
        when(albums.prototypeGetAlbum(id: eq(UUID()))).thenThrow(ShapeError.notFound)
        #expect(try await albums.getAlbum(id: id) == ShapeAlbum(id: id, title: "Blue"))
        verify(.once, albums.prototypeGetAlbum(id: eq(id)))
        verify(.never, albums.prototypeGetAlbum(id: eq(UUID())))
    }

    @Test("when(...).thenReturn answers in turn, thenThrow throws, thenAnswer gets the arguments")
    func whenThenSpellings() async throws {
        let albums = ShapeAlbumServiceMock()
        let first = ShapeAlbum(id: UUID(), title: "A"), second = ShapeAlbum(id: UUID(), title: "B")
        when(albums.prototypeGetAlbum()).thenReturn(first, second)
        #expect(try await albums.getAlbum(id: UUID()) == first)
        #expect(try await albums.getAlbum(id: UUID()) == second)
        #expect(try await albums.getAlbum(id: UUID()) == second)
        let missing = UUID()
        when(albums.prototypeGetAlbum(id: eq(missing))).thenThrow(ShapeError.notFound)
        await #expect(throws: ShapeError.notFound) { try await albums.getAlbum(id: missing) }
        let named = UUID()
        when(albums.prototypeGetAlbum(id: eq(named))).thenAnswer { (id: UUID) in ShapeAlbum(id: id, title: "answered") }
        #expect(try await albums.getAlbum(id: named).title == "answered")
    }

    @Test("property prototypes: get-only, get and set by value")
    func properties() {
        let albums = ShapeAlbumServiceMock()
        stub(albums.prototypeTitle.get).returning("Kind of Blue")
        stub(albums.prototypeCount.get).returning(3)
        #expect(albums.title == "Kind of Blue")
        #expect(albums.count == 3)
        albums.title = "Blue Train"
        verify(.once, albums.prototypeTitle.set(eq("Blue Train")))
        verify(.never, albums.prototypeTitle.set(eq("Giant Steps")))
        verify(.once, albums.prototypeCount.get)
    }

    @Test("static members are recorded per Mockery, named after the mock type")
    func staticMembers() {
        let context = Mockery("static members")
        context.withCurrent {
            stub(ShapeAlbumServiceMock.prototypeMake()).returning(7)
            #expect(ShapeAlbumServiceMock.make() == 7)
            verify(.once, ShapeAlbumServiceMock.prototypeMake())
            #expect(ShapeAlbumServiceMock.prototypeMake().description.contains("ShapeAlbumServiceMock.make"))
        }
        // Another Mockery has its own static recorder: no stub, no call.
        Mockery("another").withCurrent {
            #expect(ShapeAlbumServiceMock.make() == 0)
            verify(.once, ShapeAlbumServiceMock.prototypeMake())
        }
    }

    @Test("a generic member's arguments match through erased matchers and its result is cast back")
    func genericMember() {
        let albums = ShapeAlbumServiceMock()
        stub(albums.prototypeValue(eq("volume"), as: any())).returning(11)
        stub(albums.prototypeValue(eq("name"), as: eq(String.self as Any.Type).erased)).returning("Miles")
        #expect(albums.value("volume", as: Int.self) == 11)
        #expect(albums.value("name", as: String.self) == "Miles")
        verify(.once, albums.prototypeValue(eq("name"), as: any()))
    }

    @Test("a non-escaping closure is recorded as a marker that any() and eq() match")
    func nonEscaping() {
        let albums = ShapeAlbumServiceMock()
        var ran = false
        stub(albums.prototypePerform()).returning(true)
        #expect(albums.perform { ran = true })
        #expect(!ran)
        verify(.once, albums.prototypePerform(eq(NonEscapingClosure())))
    }

    @Test("an initializer requirement makes the mock, then records the call on the mock type")
    func initializer() {
        let context = Mockery("initializer")
        let count = context.withCurrent {
            _ = ShapeAlbumServiceMock(tag: 4)
            let statics = StaticMock._of(ShapeAlbumServiceMock.self)
            return statics.calls(to: statics._mockReference(ShapeKeys.initTag, as: MockReference<Int, Void, Never>.self)).count
        }
        #expect(count == 1)
    }

    @Test("inside verifyInOrder, writing a prototype is the step")
    func inOrder() async throws {
        let albums = ShapeAlbumServiceMock()
        stub(albums.prototypeGetAlbum()).with { (id: UUID) in ShapeAlbum(id: id, title: "") }
        _ = try await albums.getAlbum(id: UUID())
        albums.title = "x"
        verifyInOrder {
            albums.prototypeGetAlbum()
            albums.prototypeTitle.set()
        }
        let failures = captureFailures {
            verifyInOrder {
                albums.prototypeTitle.set()
                albums.prototypeGetAlbum()
            }
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("1. ShapeAlbumServiceMock.title = any()\n  2. ShapeAlbumServiceMock.getAlbum(id: any())\n"))
        // A private type's value is shown by its name alone, without `(unknown context at $…)`.
        #expect(message.contains("-> ShapeAlbum(id: "))
        #expect(!message.contains("unknown context"))
    }

    @Test("checking { } takes prototypes: oneOf, exactly(n).of, never")
    func expectations() async throws {
        let context = Mockery("prototype expectations")
        let album = ShapeAlbum(id: UUID(), title: "Blue")
        try await context.withCurrent { () async throws in
            let albums = ShapeAlbumServiceMock()
            context.checking {
                oneOf(albums.prototypeGetAlbum()).will(returnValue(album))
                exactly(2).of(albums.prototypeTitle.get).will(returnValue("t"))
                never(albums.prototypeTitle.set())
            }
            #expect(try await albums.getAlbum(id: UUID()) == album)
            #expect(albums.title == "t")
            #expect(albums.title == "t")
            context.assertIsSatisfied()
        }
    }
}

extension ShapeAlbumServiceMock {
    func prototypePerform(_ work: Matcher<NonEscapingClosure> = any()) -> CallPrototype<NonEscapingClosure, Bool, Never> {
        CallPrototype(self._mockReference(ShapeKeys.perform, as: MockReference<NonEscapingClosure, Bool, Never>.self), work)
    }
}

/// The shape an older `@Mockable` wrote: references found by a text key on every call.
private protocol LegacyShapeCounter: AnyObject {
    func add(_ amount: Int) -> Int
}

extension LegacyShapeCounter where Self: Mocking {
    func add(_ amount: Int) -> Int {
        call(self._mockReference("LegacyShapeCounter.add(_:Int)", named: "add", as: MockReference<Int, Int, Never>.self), args: amount)
    }
    func prototypeAdd(_ amount: Matcher<Int> = any()) -> CallPrototype<Int, Int, Never> {
        CallPrototype(self._mockReference("LegacyShapeCounter.add(_:Int)", named: "add", as: MockReference<Int, Int, Never>.self), amount)
    }
}

private final class LegacyShapeCounterMock: Mock, LegacyShapeCounter {}

/// A mock that tasks may share, as every generated mock is (`@unchecked Sendable`).
private final class SharedShapeMock: Mock, @unchecked Sendable {}

/// Two requirements of one name and two shapes, as two protocols of one name in two modules
/// give: each has a key object of its own.
private enum TwinKeys {
    static let first = _MockMemberKey(named: "load(_:)")
    static let second = _MockMemberKey(named: "load(_:)")
}

@Suite("The runtime under generated mocks: keys", .mockery)
struct GeneratedShapeKeyTests {
    @Test("a key reaches one reference per mock, made on first use; another mock has its own")
    func oneReferencePerMock() {
        let first = ShapeAlbumServiceMock(), second = ShapeAlbumServiceMock()
        let reference = first._mockReference(ShapeKeys.count, as: MockReference<Int, Never>.self)
        #expect(first._mockReference(ShapeKeys.count, as: MockReference<Int, Never>.self) === reference)
        #expect(second._mockReference(ShapeKeys.count, as: MockReference<Int, Never>.self) !== reference)
        #expect(reference.name == "ShapeAlbumServiceMock.count")
    }

    @Test("two keys of one name keep separate references, whatever their types")
    func twinKeys() {
        let albums = ShapeAlbumServiceMock()
        let first = albums._mockReference(TwinKeys.first, as: MockReference<Int, Int, Never>.self)
        let second = albums._mockReference(TwinKeys.second, as: MockReference<String, Int, Never>.self)
        #expect(albums.call(first, args: 1) == 0)
        #expect(albums.calls(to: first).count == 1)
        #expect(albums.calls(to: second).isEmpty)
        #expect(albums._mockReference(TwinKeys.first, as: MockReference<Int, Int, Never>.self) === first)
    }

    @Test("many keys on one mock: each reference is found again after the table grows")
    func manyKeys() {
        let albums = ShapeAlbumServiceMock()
        let keys = (0..<40).map { _MockMemberKey(named: "member\($0)") }
        let references = keys.map { albums._mockReference($0, as: MockReference<Int, Never>.self) }
        let found = keys.map { albums._mockReference($0, as: MockReference<Int, Never>.self) }
        #expect(zip(references, found).allSatisfy { $0 === $1 })
        #expect(Set(references.map(ObjectIdentifier.init)).count == 40)
    }

    @Test("threads reaching one key at once on a fresh mock all get one reference")
    func concurrentFirstUse() async {
        let albums = SharedShapeMock()
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    ObjectIdentifier(albums._mockReference(ShapeKeys.titleGet, as: MockReference<String, Never>.self))
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identifiers.count == 1)
    }

    @Test("the text-key entry point an older macro wrote still reaches one reference")
    func legacyTextKey() {
        let counter = LegacyShapeCounterMock()
        stub(counter.prototypeAdd(eq(2))).returning(7)
        #expect(counter.add(2) == 7)
        #expect(counter.add(3) == 0)
        verify(.once, counter.prototypeAdd(eq(3)))
        #expect(counter.prototypeAdd().description == "LegacyShapeCounterMock.add(any())")
    }
}

@Suite("Generated mocks: the documented stop")
struct GeneratedShapeStopTests {
    @Test func aGenericMemberStubbedWithAnotherType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            let albums = ShapeAlbumServiceMock(named: "albums")
            stub(albums.prototypeValue()).returning(5)
            _ = albums.value("name", as: String.self)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("ImpostorTests/GeneratedShapeTests.swift:"), "\(text)")
        #expect(text.contains(
            "Cannot return Int from albums.value: the caller asked for String. Stub it with a value of that type, or with a block that checks T."),
            "\(text)")
    }
}
