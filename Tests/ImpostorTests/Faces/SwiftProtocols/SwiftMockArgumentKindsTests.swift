import Foundation
import Impostor
import Testing

// Argument kinds the issue names that no other Swift-mock test passes: a RawRepresentable enum
// and a UUID in the prototype form (their placeholders are bit patterns), an `inout` argument
// recorded as it was passed, and an existential.

enum Shelf: String {
    case top, middle, bottom
}

protocol Shape {
    var sides: Int { get }
}

struct Square: Shape {
    let sides = 4
}

protocol Storeroom {
    func place(_ id: UUID, on shelf: Shelf) -> Bool
    func count(_ total: inout Int)
    func measure(_ shape: any Shape) -> Int
}

final class MockStoreroom: Mock, Storeroom {
    lazy var placeRef = MockReference(place, on: self)
    // An `inout` parameter has no place in a function type the reference could take: the
    // member is given by its types, and the call records the value as it was passed.
    lazy var countRef = MockReference<Int, Void, Never>(named: "count", on: self)
    lazy var measureRef = MockReference(measure, on: self)

    func place(_ id: UUID, on shelf: Shelf) -> Bool { call(placeRef, args: id, shelf) }
    func count(_ total: inout Int) {
        call(countRef, args: total)
        total += 1
    }
    func measure(_ shape: any Shape) -> Int { call(measureRef, args: shape) }
}

@Suite("Swift mocks: enums, UUIDs, inout and existentials", .mockery)
struct SwiftMockArgumentKindsTests {
    @Test func enumAndUUIDArgumentsTakeMatchersInThePrototypeForm() {
        let room = MockStoreroom(named: "room")
        let box = UUID()
        stub(room.place(any(), on: .top)).with { true }
        stub(room.place(eq(box), on: any())).with { (_: UUID, shelf: Shelf) in shelf != .bottom }
        #expect(room.place(UUID(), on: .top))
        #expect(!room.place(UUID(), on: .middle))
        #expect(room.place(box, on: .middle))
        #expect(!room.place(box, on: .bottom))
        verify(.times(2), room.place(eq(box), on: any()))
        verify(.once, room.place(any(), on: .top))
        verify(.once, room.place(any(), on: .bottom))
        verify(.never, room.place(eq(box), on: .top))
    }

    @Test func anInoutArgumentIsRecordedAsPassed() {
        let room = MockStoreroom(named: "room")
        var total = 41
        room.count(&total)
        room.count(&total)
        #expect(total == 43)
        #expect(room.calls(to: room.countRef).map { $0.argument(0, as: Int.self) } == [41, 42])
        verify(.once, room.countRef, eq(42))
    }

    @Test func anExistentialArgumentIsKeptAndMatchedByItsProperties() {
        let room = MockStoreroom(named: "room")
        stub(room.measureRef, Matcher("a four-sided shape") { $0.sides == 4 }).with { (shape: any Shape) in shape.sides * 10 }
        #expect(room.measure(Square()) == 40)
        #expect(room.calls(to: room.measureRef).first?.argument(0, as: (any Shape).self) is Square)
    }
}
