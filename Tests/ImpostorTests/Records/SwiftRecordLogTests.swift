@testable import Impostor
import Testing

// A Swift member's calls live in the record log C mocks use (Records/SwiftCallLog.swift): a
// record of the member's own types per call, in a lane per thread. These cases check what the
// "What a call costs" section of the Swift protocols article promises about it.

protocol Lookup {
    func fetch(id: Int, name: String) -> Int
    func flag(_ on: Bool) throws -> Int8
    func note(_ text: String)
}

final class MockLookup: Mock, Lookup, @unchecked Sendable {
    lazy var fetchRef = MockReference(fetch)
    lazy var flagRef = MockReference(flag)
    lazy var noteRef = MockReference(note)
    func fetch(id: Int, name: String) -> Int { call(fetchRef, args: id, name) }
    func flag(_ on: Bool) throws -> Int8 { try call(flagRef, args: on) }
    func note(_ text: String) { call(noteRef, args: text) }
}

private final class Token: Sendable {}
private struct Refusal: Error {}

@Suite("Swift mocks: the record log", .mockery)
struct SwiftRecordLogTests {
    @Test func aRecordedFetchTakesFortyEightBytes() {
        let lookup = MockLookup()
        // The stamp and the word, then the Int and the String, then the Int result.
        #expect(lookup.fetchRef.log.stride == 48)
        // A Bool, then an Int8 result or an error in one 8-byte slot.
        #expect(lookup.flagRef.log.stride == 32)
        // A String and no result: the slot an error would take.
        #expect(lookup.noteRef.log.stride == 40)
    }

    @Test func resultsAndErrorsShareTheirSlotAndReadBackAsTheyWere() throws {
        let lookup = MockLookup()
        stub(lookup.flagRef, eq(true)).with { _ in 7 }
        stub(lookup.flagRef, eq(false)).with { (_: Bool) -> Int8 in throw Refusal() }
        #expect(try lookup.flag(true) == 7)
        #expect(throws: Refusal.self) { try lookup.flag(false) }
        let calls = lookup.calls(to: lookup.flagRef)
        #expect(calls.count == 2)
        #expect(calls[0].returnValue(as: Int8.self) == 7)
        #expect(calls[1].formattedResult?.contains("Refusal") == true, "\(calls[1].formattedResult ?? "nil")")
    }

    @Test func resetCallsForgetsAndTheNextCallsAreKept() {
        let lookup = MockLookup()
        for id in 0..<1_000 { _ = lookup.fetch(id: id, name: String(repeating: "x", count: 40) + "\(id)") }
        lookup.resetCalls()
        #expect(lookup.calls(to: lookup.fetchRef).isEmpty)
        _ = lookup.fetch(id: 1, name: "after")
        verify(.once, lookup.fetchRef, eq(1), eq("after"))
        verifyNoMoreInvocations(lookup)
    }

    /// A matcher of the user's runs after the log's lock: it may call the mock, and verify it.
    @Test func aMatcherOfYourOwnMayCallTheMockWhileAVerifyRuns() {
        let lookup = MockLookup()
        _ = lookup.fetch(id: 1, name: "a")
        _ = lookup.fetch(id: 2, name: "b")
        let seen = Locked(0)
        verify(.times(2), lookup.fetchRef, Matcher<Int>("mine") { id in
            lookup.note("checked \(id)")
            verify(.atLeastOnce, lookup.fetchRef, any(), eq("a"))
            seen.withLock { $0 += 1 }
            return true
        }, any())
        #expect(seen.withLock { $0 } == 2)
        verify(.times(2), lookup.noteRef, any())
    }

    /// Its stubs outlive a release for as long as the mock: a call that began before the
    /// release may still be running their blocks.
    @Test func aReleasedMockKeepsItsStubsUntilItGoes() {
        weak var token: Token?
        var mockery: Mockery? = Mockery("m")
        var lookup: MockLookup? = mockery!.withCurrent { MockLookup() }
        do {
            let held = Token()
            token = held
            stub(lookup!.fetchRef, any(), any()).with { _, _ in withExtendedLifetime(held) { 5 } }
        }
        #expect(lookup?.fetch(id: 1, name: "a") == 5)
        mockery = nil
        #expect(token != nil)
        lookup = nil
        #expect(token == nil)
    }
}
