import Dispatch
import Impostor
import Testing

// The typed entry point answers most Swift calls itself (SwiftProtocols/MockReference+Call.swift):
// a stub table with byte keys for `eq` of integers and Bool, tests for other matchers, blocks
// run where the call is made. These cases check that it answers exactly as the engine would:
// the newest matching stub, byte keys that tell values of every width and sign apart, a stub
// the table cannot run (a literal of an existential parameter, an `Invocation` block) answered by the engine in
// its turn, consecutive answers each taken once, errors recorded and thrown, a block that calls
// the mock itself, and nil results.

protocol Gauge {
    func level(_ small: Int8, _ large: UInt64, _ on: Bool) -> Int
    func read(_ name: String) throws -> Int?
}

final class MockGauge: Mock, Gauge, @unchecked Sendable {
    lazy var levelRef = MockReference(level)
    lazy var readRef = MockReference(read)
    func level(_ small: Int8, _ large: UInt64, _ on: Bool) -> Int { call(levelRef, args: small, large, on) }
    func read(_ name: String) throws -> Int? { try call(readRef, args: name) }
}

struct GaugeFault: Error, Equatable {}

protocol Rack {
    func place(_ item: any Sendable, at slot: Int) -> Int
}

final class MockRack: Mock, Rack, @unchecked Sendable {
    lazy var placeRef = MockReference(place)
    func place(_ item: any Sendable, at slot: Int) -> Int { call(placeRef, args: item, slot) }
}

final class GaugeToken: Sendable {}

protocol Archive: Sendable {
    func fetch(_ id: Int) async throws -> String
}

final class MockArchive: Mock, Archive, @unchecked Sendable {
    let fetchRef = MockReference<Int, String, any Error>(named: "fetch", isAsync: true)
    func fetch(_ id: Int) async throws -> String { try await call(fetchRef, args: id) }
}

@Suite("Swift mocks: the typed entry point", .mockery)
struct SwiftMockTypedPathTests {
    @Test func byteKeysTellEveryWidthAndSignApart() {
        let gauge = MockGauge()
        stub(gauge.levelRef, eq(-1), any(), any()).returning(1)
        stub(gauge.levelRef, any(), eq(UInt64.max), any()).returning(2)
        stub(gauge.levelRef, any(), any(), eq(true)).returning(3)
        stub(gauge.levelRef, eq(Int8.min), eq(0), eq(false)).returning(4)
        #expect(gauge.level(-1, 5, false) == 1)
        #expect(gauge.level(1, 5, false) == 0)
        #expect(gauge.level(127, UInt64.max, false) == 2)
        #expect(gauge.level(0, UInt64.max - 1, false) == 0)
        #expect(gauge.level(0, 0, true) == 3)
        #expect(gauge.level(-128, 0, false) == 4)
        #expect(gauge.level(-128, 0, true) == 3)  // eq(false) refuses true
        #expect(gauge.level(-1, UInt64.max, true) == 3)  // three stubs match: the newest answers
        verify(.times(8), gauge.levelRef, any(), any(), any())
        verify(.times(2), gauge.levelRef, eq(-128), eq(0), any())
    }

    /// Stubs that require exact bits of one argument are prefiltered, and neighbours that test
    /// the same argument form runs that a call steps over with one test of their summary (as a C
    /// mock's stub table does). Sixty stubs in runs of every length, on arguments of one and
    /// eight bytes and a `Bool`, with rows that test two arguments, rows of `any()`s and a row
    /// only the engine can try between them: every call gets the newest stub that matches, as a
    /// plain walk over the stubs finds it.
    @Test func prefilteredRunsAnswerAsAPlainWalkWould() {
        let gauge = MockGauge()
        // (small, large, on) each required or nil for any(), and the stub's answer.
        var stubs: [(small: Int8?, large: UInt64?, on: Bool?, answer: Int)] = []
        var seed: UInt64 = 0x9E37_79B9
        func next(_ bound: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % bound
        }
        for answer in 1...60 {
            // Runs: the argument tested first changes about every fifth stub. Shapes: small,
            // large, small and on, small and large (the prefilter is the first exact key).
            let shape = answer % 20 < 5 ? 0 : answer % 20 < 11 ? 1 : answer % 20 < 15 ? 2 : Int(next(4))
            let small = shape != 1 ? Int8(truncatingIfNeeded: next(16)) - 8 : nil
            let large = shape == 1 || shape == 3 ? next(12) &* 0x1_0000_0001 : nil
            let on = shape == 2 ? next(2) == 1 : nil
            stubs.append((small, large, on, answer))
            let smallMatcher: Matcher<Int8> = small.map { eq($0) } ?? any()
            let largeMatcher: Matcher<UInt64> = large.map { eq($0) } ?? any()
            let onMatcher: Matcher<Bool> = on.map { eq($0) } ?? any()
            stub(gauge.levelRef, smallMatcher, largeMatcher, onMatcher).returning(answer)
            if answer == 30 {  // an Invocation block: only the engine can run it
                stub(gauge.levelRef, eq(9), any(), any()).with { (_: Invocation) -> Int in -9 }
                stubs.append((9, nil, nil, -9))
            }
            if answer == 45 {  // a block
                stub(gauge.levelRef, eq(-9), any(), any()).with { _, _, _ in -19 }
                stubs.append((-9, nil, nil, -19))
            }
        }
        var answered = 0
        for _ in 0..<2_000 {
            let small = Int8(truncatingIfNeeded: next(40)) - 20
            let large = next(28) &* 0x1_0000_0001
            let on = next(2) == 1
            let walked = stubs.last { stub in
                (stub.small ?? small) == small && (stub.large ?? large) == large && (stub.on ?? on) == on
            }?.answer ?? 0
            #expect(gauge.level(small, large, on) == walked, "level(\(small), \(large), \(on))")
            if walked != 0 { answered += 1 }
        }
        // Most calls pass many stubs, and many find none (the whole table scanned).
        #expect((300..<1_900).contains(answered), "\(answered) of 2,000 calls matched a stub")
        verify(.times(2_000), gauge.levelRef, any(), any(), any())
    }

    @Test func aStubOnlyTheEngineCanRunIsTriedInItsTurn() {
        let gauge = MockGauge()
        stub(gauge.levelRef, any(), any(), any()).with { small, _, _ in Int(small) }
        // A Mocka-style prototype with literals (eq on the typed path), then consecutive answers.
        stub(gauge.level(7, any(), any())).returning(70)
        stub(gauge.levelRef, eq(8), any(), any()).returning(80).thenReturning(81)
        // Newer again, and typed: tried first.
        stub(gauge.levelRef, eq(9), any(), any()).with { _, large, _ in Int(large) }
        #expect(gauge.level(9, 90, false) == 90)
        #expect(gauge.level(8, 0, false) == 80)
        #expect(gauge.level(8, 0, false) == 81)
        #expect(gauge.level(7, 0, false) == 70)
        #expect(gauge.level(6, 0, false) == 6)
        let results = gauge.calls(to: gauge.levelRef).map { $0.returnValue(as: Int.self) }
        #expect(results == [90, 80, 81, 70, 6])

        // A literal for an existential parameter is read as its own type, so only the engine
        // tries its stub (a row the table hands over whole), newer and older stubs around it.
        let shelf = MockRack()
        stub(shelf.placeRef, any(), any()).with { _, slot in slot }
        stub(shelf.place("book", at: 1)).returning(100)
        stub(shelf.placeRef, any(), eq(2)).returning(200)
        #expect([shelf.place("book", at: 1), shelf.place("pen", at: 1), shelf.place("book", at: 2), shelf.place(7, at: 3)]
                == [100, 1, 200, 3])
    }

    @Test func anErrorTheMemberThrowsIsRecordedAndThrown() throws {
        let gauge = MockGauge()
        stub(gauge.readRef, eq("broken")).with { _ in throw GaugeFault() }
        stub(gauge.readRef, eq("none")).with { _ in nil }
        stub(gauge.readRef, eq("one")).returning(1)
        #expect(throws: GaugeFault()) { try gauge.read("broken") }
        #expect(try gauge.read("none") == nil)
        #expect(try gauge.read("one") == 1)
        #expect(try gauge.read("unstubbed") == nil)
        let calls = gauge.calls(to: gauge.readRef)
        #expect(calls.count == 4)
        verify(.once, gauge.readRef, eq("broken"))
    }

    /// A `String` key compares bytes first: a long string built apart from the stub's has
    /// other bytes (its own buffer) and is still equal, through `==`.
    @Test func equalStringsWithOtherBytesStillMatch() throws {
        let gauge = MockGauge()
        let long = String(repeating: "pressure ", count: 4)
        stub(gauge.readRef, eq(long)).returning(9)
        stub(gauge.readRef, eq("ab")).returning(2)
        let built = ["pressure ", "pressure ", "pressure ", "pressure "].joined()
        #expect(try gauge.read(built) == 9)
        #expect(try gauge.read("a" + "b") == 2)
        #expect(try gauge.read(long + "!") == nil)
        verify(.once, gauge.readRef, eq(built))
        verify(.once, gauge.readRef, eq("ab"))
        verify(.never, gauge.readRef, eq("pressure"))
    }

    @Test func aBlockThatCallsTheMockItselfIsAnsweredToo() {
        let gauge = MockGauge()
        stub(gauge.levelRef, eq(0), any(), any()).with { _, _, _ in 100 }
        stub(gauge.levelRef, eq(1), any(), any()).with { _, large, on in gauge.level(0, large, on) + 1 }
        #expect(gauge.level(1, 0, false) == 101)
        let calls = gauge.calls(to: gauge.levelRef)
        // Listed in the order the calls were made, as a C mock's are: the outer call first,
        // though the inner one finished, and was recorded, first.
        #expect(calls.map { $0.argument(0, as: Int8.self) } == [1, 0])
        #expect(calls[0].stamp < calls[1].stamp)
    }

    /// Every form of answer a Swift member's stub takes answers with its value, not with the
    /// block itself: a block of the `Invocation` (reference, Mocka-style and `$member` forms),
    /// a block of nothing, a throwing block, consecutive values and blocks, a grouped stub.
    /// (An initializer of any value once took the trailing closure `SwiftAnswer { call in … }`
    /// for the value, and an `Invocation` block answered with the default.)
    @Test func everyFormOfAnswerAnswersWithItsValue() throws {
        let gauge = MockGauge()
        stub(gauge.levelRef, eq(1), any(), any()).with { (call: Invocation) -> Int in Int(call.argument(0, as: Int8.self)) * 10 }
        stub(gauge.level(2, any(), any())).with { (call: Invocation) -> Int in Int(call.argument(1, as: UInt64.self)) }
        stub(gauge.levelRef, eq(3), any(), any()).with { 33 }
        stub(gauge.levelRef, eq(4), any(), any()).with { 40 }.then { 41 }.then { small, _, _ in Int(small) * 11 }.thenReturning(43, 44)
        stub { gauge.level(5, any(), any()) }.with { 55 }
        stub(gauge.readRef, eq("thrown")).with { (_: String) throws -> Int? in throw GaugeFault() }
        stub(gauge.readRef, eq("chain")).returning(1).thenThrowing(GaugeFault()).then { _ in 3 }
        let failures = captureFailures {
            #expect(gauge.level(1, 0, false) == 10)
            #expect(gauge.level(2, 22, false) == 22)
            #expect(gauge.level(3, 0, false) == 33)
            #expect((0..<6).map { _ in gauge.level(4, 0, false) } == [40, 41, 44, 43, 44, 44])
            #expect(gauge.level(5, 0, false) == 55)
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        // A failure outside `captureFailures` is an issue of this test.
        #expect(throws: GaugeFault()) { try gauge.read("thrown") }
        #expect(try gauge.read("chain") == 1)
        #expect(throws: GaugeFault()) { try gauge.read("chain") }
        #expect(try gauge.read("chain") == 3)
    }

    /// Consecutive answers are taken in turn where the call is made, each by exactly one call
    /// however many threads call at once, the last repeating; a chain that begins with an
    /// `Invocation` block, which only the engine runs, is answered by the engine throughout.
    @Test func consecutiveAnswersAreEachTakenOnceAcrossThreads() {
        let gauge = MockGauge()
        let values = Array(1...1_600)
        let chain = stub(gauge.levelRef, eq(1), any(), any()).returning(values[0])
        for value in values.dropFirst() { chain.thenReturning(value) }
        stub(gauge.levelRef, eq(2), any(), any()).with { (_: Invocation) -> Int in -1 }.then { _, _, _ in -2 }.thenReturning(-3)
        // Each thread writes its own slots; `concurrentPerform` returns after every thread.
        nonisolated(unsafe) let answers = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2_000)
        defer { answers.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<250 { answers[thread * 250 + index] = gauge.level(1, 0, false) }
        }
        let sorted = answers.sorted()
        #expect(sorted == values + Array(repeating: 1_600, count: 400))
        #expect((0..<4).map { _ in gauge.level(2, 0, false) } == [-1, -2, -3, -3])
        let recorded = gauge.calls(to: gauge.levelRef).compactMap { $0.returnValue(as: Int.self) }
        #expect(recorded.count == 2_004)
        #expect(recorded.filter { $0 > 0 }.sorted() == sorted)
    }

    /// A registered result (MockingKit's `registerResult`) answers on the typed path too:
    /// after every stub, older or newer, including one only the engine can try; registering
    /// again replaces it; an error of the member's is recorded and thrown; a failure its block
    /// reports waits for the mock's test.
    @Test func aRegisteredResultAnswersWhatNoStubAnswers() throws {
        let gauge = MockGauge()
        stub(gauge.levelRef, eq(1), any(), any()).returning(10)
        gauge.registerResult(for: gauge.levelRef) { small, large, _ in Int(small) * 100 + Int(large) }
        stub(gauge.levelRef, eq(2), any(), any()).with { _, _, _ in 20 }
        #expect(gauge.level(1, 0, false) == 10)
        #expect(gauge.level(2, 0, false) == 20)
        #expect(gauge.level(3, 4, false) == 304)
        stub(gauge.levelRef, eq(5), any(), any()).with { (_: Invocation) -> Int in 50 }  // only the engine can run it
        #expect(gauge.level(5, 0, false) == 50)
        #expect(gauge.level(6, 1, true) == 601)
        gauge.registerResult(for: gauge.levelRef) { _, _, on in on ? -1 : -2 }
        #expect(gauge.level(7, 0, true) == -1)
        #expect(gauge.level(2, 0, true) == 20)
        #expect(gauge.calls(to: gauge.levelRef).map { $0.returnValue(as: Int.self) } == [10, 20, 304, 50, 601, -1, 20])

        gauge.registerResult(for: gauge.readRef) { name in
            if name == "broken" { throw GaugeFault() }
            return name.count
        }
        #expect(try gauge.read("four") == 4)
        #expect(throws: GaugeFault()) { try gauge.read("broken") }
        #expect(gauge.calls(to: gauge.readRef).map(\.description) == [
            "MockGauge.read(\"four\") -> 4", "MockGauge.read(\"broken\") -> throws GaugeFault()",
        ])
    }

    /// A registered result's block outlives a release for as long as the mock, as stubs do, and
    /// the one it replaced too: a call may still be running either.
    @Test func aReleasedMockKeepsItsRegisteredResultsUntilItGoes() {
        weak var first: GaugeToken?
        weak var second: GaugeToken?
        var mockery: Mockery? = Mockery("m")
        var gauge: MockGauge? = mockery!.withCurrent { MockGauge() }
        do {
            let one = GaugeToken(), two = GaugeToken()
            (first, second) = (one, two)
            gauge!.registerResult(for: gauge!.levelRef) { _, _, _ in withExtendedLifetime(one) { 1 } }
            #expect(gauge!.level(0, 0, false) == 1)
            gauge!.registerResult(for: gauge!.levelRef) { _, _, _ in withExtendedLifetime(two) { 2 } }
            #expect(gauge!.level(0, 0, false) == 2)
        }
        mockery = nil
        #expect(first != nil && second != nil)
        gauge = nil
        #expect(first == nil && second == nil)
    }

    /// An `async` block of the member's arguments runs in the calling task, its error thrown and
    /// recorded; a synchronous block answers an `async` member too; tasks keep every record.
    @Test func asyncBlocksAnswerAnAsyncMember() async throws {
        let archive = MockArchive()
        stub(archive.fetchRef, any()).with { id async throws in
            await Task.yield()
            return "item \(id)"
        }
        stub(archive.fetchRef, eq(0)).with { _ async throws in throw GaugeFault() }
        stub(archive.fetchRef, eq(1)).with { _ in "one" }
        stub(archive.fetchRef, eq(2)).with { () async in "two" }.then { () async in "second two" }.thenThrowing(GaugeFault())
        #expect(try await archive.fetch(7) == "item 7")
        #expect(try await archive.fetch(1) == "one")
        #expect(try await archive.fetch(2) == "two")
        #expect(try await archive.fetch(2) == "second two")
        await #expect(throws: GaugeFault()) { try await archive.fetch(2) }
        await #expect(throws: GaugeFault()) { try await archive.fetch(0) }
        let fetched = try await withThrowingTaskGroup(of: String.self) { group in
            for id in 10..<18 { group.addTask { try await archive.fetch(id) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(fetched) == Set((10..<18).map { "item \($0)" }))
        let calls = archive.calls(to: archive.fetchRef)
        #expect(calls.count == 14)
        #expect(calls.map { $0.argument(0, as: Int.self) }.sorted() == [0, 1, 2, 2, 2, 7] + Array(10..<18))
        verify(.once, archive.fetchRef, eq(0))
        verify(.times(8), archive.fetchRef, gt(9))
    }
}
