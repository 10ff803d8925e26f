import CImpostorTestSupport
@testable import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// One mock holds at most 1,048,576 stubs (StubTable.capacity, shared by C mocks and Swift
// members). The stub after that is a located failure with FailureMessages.tooManyStubs, and
// the stubs already made keep answering. Through stub(...), a debug build adds a stub in
// about 100 µs: each case adds its first stub and the last two through stub(...) and fills
// the table between with that first stub again, as the engine's own add would (keys
// included). Each runs in a child process: a full table holds a million entries, which the
// other tests should not share.

private protocol Tally {
    func count(_ step: Int) -> Int
}

private final class MockTally: Mock, Tally {
    lazy var countRef = MockReference(count)
    func count(_ step: Int) -> Int { call(countRef, args: step) }
}

@Suite("Stub capacity")
struct StubCapacityTests {
    private static let capacity = 1 << 20

    private static func alone(_ name: String) -> Bool { getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == name }

    @Test(.enabled(if: alone("capacity-c")))
    func theStubPastACMocksCapacityIsALocatedFailure() throws {
        #expect(StubTable<Stub>.capacity == Self.capacity)
        let add = mockFunction(of: cs_fn_add.self, named: "add")
        let interceptor = try #require(MockRegistry.interceptor(of: add))
        let before = stubbingFailures {
            stub(add(0, any())).with { (a: Int32, b: Int32) in a &+ b &+ 1 }
        }
        let filler = try #require(interceptor.stubs.newest { _ in true }).element.takeUnretainedValue()
        for _ in 2..<Self.capacity { try #require(interceptor.addStub(filler)) }
        let last = Int32(Self.capacity - 1)
        let filled = stubbingFailures {
            stub(add(last, any())).with { (a: Int32, b: Int32) in a &+ b &+ 2 }
        }
        #expect((before + filled).isEmpty, "\(before + filled)")
        let line = #line + 2
        let failures = stubbingFailures {
            stub(add(-1, any())).with { (_: Int32, _: Int32) in 99 }
        }
        #expect(failures.map(\.message) == [
            "Mock add already has 1048576 stubs, the most one mock can hold; this stub was not added."
        ])
        #expect(failures.map(\.site.line) == [line])
        // The refused stub answers nothing; the first and the last stubs still answer, from C.
        #expect(cs_call_add(add, -1, 5) == 0)
        #expect(cs_call_add(add, 0, 5) == 6)
        #expect(cs_call_add(add, last, 5) == last + 7)
    }

    @Test(.enabled(if: alone("capacity-swift")))
    func theStubPastASwiftMembersCapacityIsALocatedFailure() throws {
        #expect(MemberStubs.capacity == Self.capacity)
        let tally = MockTally()
        let before = stubbingFailures {
            stub(tally.countRef, eq(0)).with { (step: Int) in step + 1 }
        }
        let member = tally.countRef.member
        let filler = try #require(member.state.withLock { $0.stubs?.newest { _ in true } }).element.takeUnretainedValue()
        for _ in 2..<Self.capacity { try #require(member.install(filler)) }
        let last = Self.capacity - 1
        let filled = stubbingFailures {
            stub(tally.countRef, eq(last)).with { (step: Int) in step + 2 }
        }
        #expect((before + filled).isEmpty, "\(before + filled)")
        let line = #line + 2
        let failures = stubbingFailures {
            stub(tally.countRef, eq(-1)).with { (_: Int) in 99 }
        }
        #expect(failures.map(\.message) == [
            "Mock count already has 1048576 stubs, the most one mock can hold; this stub was not added."
        ])
        #expect(failures.map(\.site.line) == [line])
        #expect(tally.count(-1) == 0)
        #expect(tally.count(0) == 1)
        #expect(tally.count(last) == last + 2)
    }

    @Test(.enabled(if: getenv("IMPOSTOR_ALONE") == nil), arguments: [
        ("capacity-c", "theStubPastACMocksCapacityIsALocatedFailure"),
        ("capacity-swift", "theStubPastASwiftMembersCapacityIsALocatedFailure"),
    ])
    func fillingAStubTableInAChildProcess(alone: String, test: String) throws {
        let output = try childRun(environment: "IMPOSTOR_ALONE=\(alone)", filter: test)
        #expect(output.contains("exit status 0"), "\(output.suffix(2000))")
        #expect(output.contains("\(test)() passed"), "\(output.suffix(2000))")
    }
}
