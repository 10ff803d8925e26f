import CImpostorTestSupport
import Dispatch
@testable import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// A Swift member's calls live in the record log C mocks use (Records/ValueCallLog.swift): a
// record of the member's own types per call, in a lane per thread. These cases check what the
// "What a call costs" section of the Swift protocols article promises about it.

protocol Lookup {
    func fetch(id: Int, name: String) -> Int
    func flag(_ on: Bool) throws -> Int8
    func note(_ text: String)
    func hold(_ token: Token)
}

final class MockLookup: Mock, Lookup, @unchecked Sendable {
    lazy var fetchRef = MockReference(fetch)
    lazy var flagRef = MockReference(flag)
    lazy var noteRef = MockReference(note)
    lazy var holdRef = MockReference(hold)
    func fetch(id: Int, name: String) -> Int { call(fetchRef, args: id, name) }
    func flag(_ on: Bool) throws -> Int8 { try call(flagRef, args: on) }
    func note(_ text: String) { call(noteRef, args: text) }
    func hold(_ token: Token) { call(holdRef, args: token) }
}

final class Token: Sendable {}
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

    /// Resets while other threads record: each thread's records stay whole (long strings,
    /// whose storage a reset takes out and lets go), and every call after the last reset is kept.
    @Test func resetsWhileThreadsRecordKeepEveryLaterCallWhole() async {
        let lookup = MockLookup()
        let name: @Sendable (Int) -> String = { "a name longer than fifteen bytes \($0)" }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask { for call in 0..<5_000 { _ = lookup.fetch(id: task * 5_000 + call, name: name(task * 5_000 + call)) } }
            }
            group.addTask { for _ in 0..<200 { lookup.resetCalls(); await Task.yield() } }
        }
        for call in lookup.calls(to: lookup.fetchRef) {
            #expect(call.argument(1, as: String.self) == name(call.argument(0, as: Int.self)))
        }
        lookup.resetCalls()
        for id in 0..<1_000 { _ = lookup.fetch(id: id, name: name(id)) }
        verify(.exactly(1_000), lookup.fetchRef, any(), any())
        #expect(lookup.calls(to: lookup.fetchRef).map { $0.argument(0, as: Int.self) } == Array(0..<1_000))
    }

    /// A recorded argument lives as long as its record: a reset lets go of it, and so does the
    /// release of the mock's Mockery, even while the mock itself lives on.
    @Test func aResetAndTheMockerysReleaseLetGoOfRecordedArguments() {
        weak var first: Token?
        weak var second: Token?
        var mockery: Mockery? = Mockery("m")
        let lookup = mockery!.withCurrent { MockLookup() }
        do {
            let token = Token()
            first = token
            lookup.hold(token)
        }
        #expect(first != nil)
        lookup.resetCalls()
        #expect(first == nil)
        do {
            let token = Token()
            second = token
            lookup.hold(token)
        }
        #expect(second != nil)
        mockery = nil
        #expect(second == nil)
        withExtendedLifetime(lookup) {}
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

    /// A member's lanes go back when its mock goes, and later members' lanes reuse them: a
    /// suite that makes thousands of short-lived mocks, called from several threads, maps lane
    /// memory once. Run alone in a child process (see the next test): other tests' lanes would
    /// take from the same memory.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "lanes"))
    func theLanesOfMocksThatWentAreReused() {
        func makeAndDrop(_ count: Int) {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for index in 0..<count {
                    let mockery = Mockery("short-lived")
                    let lookup = mockery.withCurrent { MockLookup() }
                    lookup.note("call \(index)")
                    _ = lookup.fetch(id: index, name: "a")
                }
            }
        }
        makeAndDrop(100)
        let before = impostor_records_lane_bytes()
        makeAndDrop(2_000)
        // Without reuse: 16,000 lanes, a slot of at least 192 bytes each, 3 MB. With it, a
        // thread that finds the list busy takes a fresh slot now and then.
        let grown = impostor_records_lane_bytes() - before
        #expect(grown <= 4 * 65_536, "lane memory grew by \(grown) bytes")
    }

    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") == nil))
    func laneReuseMeasuredAlone() throws {
        let output = try childRun(environment: "IMPOSTOR_ALONE=lanes", filter: "theLanesOfMocksThatWentAreReused")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("theLanesOfMocksThatWentAreReused() passed"), "\(output)")
    }

    /// A member belongs to the last mock that called it, without a count: when that mock and
    /// its Mockery go first, the member no longer names their core, and the other mock's
    /// release finds it whole. (Under ASan a member still naming the freed core is a
    /// use-after-free.)
    @Test func aMemberOutlivesTheLastMockThatCalledIt() {
        let shared = MockReference<Int, Int, Never>(named: "shared")
        var first: Mockery? = Mockery("first")
        let kept = first!.withCurrent { MockLookup() }
        #expect(kept.call(shared, args: 1) == 0)
        do {
            let second = Mockery("second")
            let passing = second.withCurrent { MockLookup() }
            #expect(passing.call(shared, args: 2) == 0)
            #expect(shared.name == "MockLookup.shared")
        }
        // Released with the second Mockery: a late call, reported once.
        let late = captureFailures { #expect(kept.call(shared, args: 3) == 0) }
        #expect(late.count == 1)
        first = nil
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
