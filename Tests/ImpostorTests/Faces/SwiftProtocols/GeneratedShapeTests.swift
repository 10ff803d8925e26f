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

extension ShapeAlbumService where Self: Mocking {
    func getAlbum(id: UUID) async throws -> ShapeAlbum {
        try await call(self._mockReference("ShapeAlbumService.getAlbum(id:UUID)", named: "getAlbum", isAsync: true,
            as: MockReference<UUID, ShapeAlbum, any Error>.self), args: id)
    }
    func prototypeGetAlbum(id: Matcher<UUID> = any()) -> CallPrototype<UUID, ShapeAlbum, any Error> {
        CallPrototype(self._mockReference("ShapeAlbumService.getAlbum(id:UUID)", named: "getAlbum", isAsync: true,
            as: MockReference<UUID, ShapeAlbum, any Error>.self), id)
    }
    var title: String {
        get { call(self._mockReference("ShapeAlbumService.title.get", named: "title.get", as: MockReference<String, Never>.self)) }
        set { call(self._mockReference("ShapeAlbumService.title.set", named: "title.set", as: MockReference<String, Void, Never>.self), args: newValue) }
    }
    var prototypeTitle: SettablePropertyPrototype<CallPrototype<String, Never>, CallPrototype<String, Void, Never>, String> {
        SettablePropertyPrototype(
            get: CallPrototype(self._mockReference("ShapeAlbumService.title.get", named: "title.get", as: MockReference<String, Never>.self)),
            set: { value in
                CallPrototype(self._mockReference("ShapeAlbumService.title.set", named: "title.set", as: MockReference<String, Void, Never>.self), value)
            })
    }
    var count: Int { call(self._mockReference("ShapeAlbumService.count.get", named: "count", as: MockReference<Int, Never>.self)) }
    var prototypeCount: PropertyPrototype<CallPrototype<Int, Never>> {
        PropertyPrototype(get: CallPrototype(self._mockReference("ShapeAlbumService.count.get", named: "count", as: MockReference<Int, Never>.self)))
    }
    static func make() -> Int {
        let statics = StaticMock._of(Self.self)
        return statics.call(statics._mockReference("ShapeAlbumService.make()", named: "make", as: MockReference<Int, Never>.self))
    }
    static func prototypeMake() -> CallPrototype<Int, Never> {
        let statics = StaticMock._of(Self.self)
        return CallPrototype(statics._mockReference("ShapeAlbumService.make()", named: "make", as: MockReference<Int, Never>.self))
    }
    func value<T>(_ key: String, as type: T.Type) -> T {
        let reference = self._mockReference(
            "ShapeAlbumService.value(_:String,as:T.Type)", named: "value", as: MockReference<String, Any, Any, Never>.self)
        return _mockCast(call(reference, args: key, type), to: T.self, member: reference.name)
    }
    func prototypeValue(_ key: Matcher<String> = any(), as type: Matcher<Any> = any()) -> CallPrototype<String, Any, Any, Never> {
        CallPrototype(self._mockReference("ShapeAlbumService.value(_:String,as:T.Type)", named: "value", as: MockReference<String, Any, Any, Never>.self), key, type)
    }
    func perform(_ work: () -> Void) -> Bool {
        call(self._mockReference("ShapeAlbumService.perform(_:)", named: "perform", as: MockReference<NonEscapingClosure, Bool, Never>.self),
            args: NonEscapingClosure())
    }
}

extension ShapeAlbumService where Self: _MockConstructible {
    init(tag: Int) {
        self.init(named: nil)
        call(self._mockReference("ShapeAlbumService.init(tag:Int)", named: "init", as: MockReference<Int, Void, Never>.self), args: tag)
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

    @Test("an initializer requirement makes the mock, then records the call")
    func initializer() {
        let albums = ShapeAlbumServiceMock(tag: 4)
        #expect(albums.calls(to: albums._mockReference("ShapeAlbumService.init(tag:Int)", named: "init", as: MockReference<Int, Void, Never>.self)).count == 1)
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
        #expect(message.contains("1. ShapeAlbumServiceMock.title.set(any())\n  2. ShapeAlbumServiceMock.getAlbum(any())\n"))
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
        CallPrototype(self._mockReference("ShapeAlbumService.perform(_:)", named: "perform", as: MockReference<NonEscapingClosure, Bool, Never>.self), work)
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
