import Foundation
import Impostor
import Testing

// The matchers made for Swift values, used on a Swift mock: a struct that holds a reference
// (no placeholder, not Equatable) matched by key path and by predicate, a class by identity, a
// generic member matched with any(of:), and SwiftMock's moreThen/lessThan, in the reference
// form and, where the argument type has a placeholder, in the prototype form.

final class RecordingStudio {
    let name: String
    init(name: String) { self.name = name }
}

struct StudioSession {
    let id: Int
    let studio: RecordingStudio
}

protocol Recorder {
    func book(_ session: StudioSession) -> Bool
    func hire(_ studio: RecordingStudio) -> Int
    func rate(_ stars: Int) -> String
    func archive<T>(_ item: T, as kind: T.Type) -> Bool
}

final class MockRecorder: Mock, Recorder {
    lazy var bookRef = MockReference(book)
    lazy var hireRef = MockReference(hire)
    lazy var rateRef = MockReference(rate)
    // A generic member: one reference per type used, made on demand.
    lazy var archiveIntRef = MockReference<Int, Int.Type, Bool, Never>(named: "archive")
    lazy var archiveStringRef = MockReference<String, String.Type, Bool, Never>(named: "archive")

    func book(_ session: StudioSession) -> Bool { call(bookRef, args: session) }
    func hire(_ studio: RecordingStudio) -> Int { call(hireRef, args: studio) }
    func rate(_ stars: Int) -> String { call(rateRef, args: stars) }
    func archive<T>(_ item: T, as kind: T.Type) -> Bool {
        if let item = item as? Int { return call(archiveIntRef, args: item, Int.self) }
        if let item = item as? String { return call(archiveStringRef, args: item, String.self) }
        return false
    }
}

@Suite("Matchers for Swift values on a Swift mock", .mockery)
struct SwiftMockValueMatcherTests {
    let abbeyRoad = RecordingStudio(name: "Abbey Road")

    @Test func aStructHoldingAReferenceIsMatchedByKeyPath() {
        let recorder = MockRecorder()
        stub(recorder.bookRef, has(\.id, eq(5))).with { (_: StudioSession) in true }
        stub(recorder.bookRef, has(\.studio.name, eq("Sun"))).with { (_: StudioSession) in true }
        #expect(recorder.book(StudioSession(id: 5, studio: abbeyRoad)))
        #expect(recorder.book(StudioSession(id: 6, studio: RecordingStudio(name: "Sun"))))
        #expect(!recorder.book(StudioSession(id: 6, studio: abbeyRoad)))
        verify(.times(1), recorder.bookRef, has(\.id, eq(5)))
        verify(.times(3), recorder.bookRef, any())
    }

    @Test func aStructIsMatchedByPredicate() {
        let recorder = MockRecorder()
        stub(recorder.bookRef, Matcher("an even session") { $0.id % 2 == 0 }).with { (_: StudioSession) in true }
        #expect(recorder.book(StudioSession(id: 2, studio: abbeyRoad)))
        #expect(!recorder.book(StudioSession(id: 3, studio: abbeyRoad)))
        let failures = captureFailures { verify(.times(2), recorder.bookRef, Matcher("an even session") { $0.id % 2 == 0 }) }
        #expect(failures.first?.message.contains("to receive MockRecorder.book(an even session) exactly 2 times but received it 1 time") == true)
    }

    @Test func aClassIsMatchedByIdentityNotByItsFields() {
        let recorder = MockRecorder()
        stub(recorder.hireRef, identical(abbeyRoad)).returning(100)
        #expect(recorder.hire(abbeyRoad) == 100)
        #expect(recorder.hire(RecordingStudio(name: "Abbey Road")) == 0)
        verify(.once, recorder.hireRef, identical(abbeyRoad))
    }

    @Test func aGenericMemberIsMatchedWithAnyOf() {
        let recorder = MockRecorder()
        stub(recorder.archiveIntRef, any(of: Int.self), any()).returning(true)
        #expect(recorder.archive(3, as: Int.self))
        #expect(!recorder.archive("three", as: String.self))
        verify(.once, recorder.archiveIntRef, any(of: Int.self), any())
        verify(.once, recorder.archiveStringRef, eq("three"), any())
    }

    @Test func moreThenAndLessThanInBothForms() {
        let recorder = MockRecorder()
        stub(recorder.rate(moreThen(3))).with { (stars: Int) in "good \(stars)" }
        stub(recorder.rateRef, lessThan(2)).returning("poor")
        #expect(recorder.rate(5) == "good 5")
        #expect(recorder.rate(1) == "poor")
        #expect(recorder.rate(2) == "")
        verify(.times(2), recorder.rate(moreThen(1)))
        verify(.once, recorder.rateRef, moreThen(3) && lessThan(6))
    }

    @Test func aMatcherOfAnotherTypeNeverMatches() {
        let recorder = MockRecorder()
        // The generic member seen through Any: a matcher of another type is a non-match.
        let wrongType: Matcher<Int> = eq(3)
        stub(recorder.archiveStringRef, Matcher("3 as a string") { wrongType.matches(Int($0) ?? -1) }, any()).returning(true)
        #expect(recorder.archive("3", as: String.self))
        #expect(!recorder.archive("4", as: String.self))
    }
}
