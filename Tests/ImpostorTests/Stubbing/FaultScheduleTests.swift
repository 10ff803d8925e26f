import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// failing(_:returning:errno:) on function-pointer mocks called from C: each schedule, matchers
// choosing which calls count, what a call let through reaches, errno, the listing, misuse.

@Suite(.mockery) struct FaultScheduleTests {
    private func mock() -> ct_binary_i32 { mockFunction(named: "add") }

    /// The results of calls 1...count made from C, each `add(1, n)`.
    private func results(_ add: ct_binary_i32, count: Int) -> [Int32] {
        (1...count).map { ct_call_binary_i32(add, 1, Int32($0)) }
    }

    @Test(arguments: [
        (FaultSchedule.onCall(3), [5, 5, -1, 5, 5, 5]),
        (.onCalls([1, 4]), [-1, 5, 5, -1, 5, 5]),
        (.every(2), [5, -1, 5, -1, 5, -1]),
        (.once, [-1, 5, 5, 5, 5, 5]),
        (.always, [-1, -1, -1, -1, -1, -1]),
        (.after(4), [5, 5, 5, 5, -1, -1]),
        // No call let through: every call fails, as `.always` (not a schedule that fails none).
        (.after(0), [-1, -1, -1, -1, -1, -1]),
    ] as [(FaultSchedule, [Int32])])
    func eachScheduleFailsItsCallsAndLetsTheOthersReachTheOlderStub(schedule: FaultSchedule, expected: [Int32]) {
        let add = mock()
        stub(add(any(), any())).returning(5)
        let injection = stub(add(any(), any())).failing(schedule, returning: -1)
        #expect(results(add, count: 6) == expected, "\(schedule)")
        #expect(injection.selectedCalls == 6)
        #expect(injection.failedCalls == expected.count { $0 == -1 })
    }

    @Test func aCallLetThroughWithNoOlderStubReturnsZero() {
        let add = mock()
        stub(add(any(), any())).failing(.every(2), returning: -1)
        #expect(results(add, count: 4) == [0, -1, 0, -1])
    }

    @Test func theMatchersChooseWhichCallsCount() {
        let add = mock()
        stub(add(any(), any())).with { (a: Int32, b: Int32) in a + b }
        stub(add(eq(1), any())).failing(.every(2), returning: -1)
        // Calls with a == 1 are the only ones counted: the second and fourth of them fail.
        let got = [(1, 1), (2, 2), (1, 2), (2, 3), (1, 3), (1, 4)].map { ct_call_binary_i32(add, Int32($0.0), Int32($0.1)) }
        #expect(got == [2, 4, -1, 5, 4, -1])
    }

    @Test func aFailedCallSetsErrnoAndIsListedWithItsFault() {
        let add = mock()
        stub(add(any(), any())).failing(.onCall(2), returning: -1, errno: ENOSPC)
        errno = 0
        #expect(ct_call_binary_i32(add, 1, 1) == 0)
        #expect(errno == 0)
        #expect(ct_call_binary_i32(add, 1, 2) == -1)
        #expect(errno == ENOSPC)
        let calls = invocations(of: add)
        #expect(calls.map(\.injectedFault) == [nil, InjectedFault(errno: ENOSPC)])
        #expect(calls[1].description == "add(1, 2) -> -1 (injected fault, errno 28: No space left on device)")
        let failures = captureFailures { verify(.never, add(any(), 2)) }
        #expect(failures.first?.message.contains("add(1, 2) -> -1 (injected fault, errno 28: No space left on device)") == true)
    }

    @Test func theSameSeedFailsTheSameCalls() {
        func pattern(seed: UInt64) -> [Int32] {
            let add = mock()
            stub(add(any(), any())).failing(.probability(0.3, seed: seed), returning: -1)
            return results(add, count: 200)
        }
        let first = pattern(seed: 42)
        #expect(first == pattern(seed: 42))
        #expect(first != pattern(seed: 43))
        let failed = first.count { $0 == -1 }
        #expect((30...90).contains(failed), "about 60 of 200 calls fail at p = 0.3, not \(failed)")
    }

    @Test func stoppingLetsEveryCallThrough() {
        let add = mock()
        let injection = stub(add(any(), any())).failing(.always, returning: -1)
        #expect(ct_call_binary_i32(add, 1, 1) == -1)
        injection.stop()
        #expect(ct_call_binary_i32(add, 1, 1) == 0)
    }

    /// A stopped stub counts nothing: `selectedCalls` and `failedCalls` stay what they were at
    /// `stop()`, whatever the calls after it.
    @Test func aStoppedStubCountsNoMoreCalls() {
        let add = mock()
        stub(add(any(), any())).returning(5)
        let injection = stub(add(any(), any())).failing(.every(2), returning: -1)
        #expect(results(add, count: 3) == [5, -1, 5])
        injection.stop()
        #expect(results(add, count: 4) == [5, 5, 5, 5])
        #expect(injection.selectedCalls == 3)
        #expect(injection.failedCalls == 1)
    }

    /// A schedule of several call numbers names them in order, whatever order they were given
    /// in (and whatever order the set keeps them in): messages and sweep texts read the same in
    /// every run.
    @Test func aScheduleOfSeveralCallsDescribesThemInOrder() {
        #expect(FaultSchedule.onCalls([64, 9, 1, 36, 4, 49, 16, 25]).description == ".onCalls([1, 4, 9, 16, 25, 36, 49, 64])")
        let add = mock()
        let failures = captureFailures { stub(add(any(), any())).failing(.onCalls([3, 0, 2]), returning: -1) }
        #expect(failures.map(\.message) == [
            "failing(.onCalls([0, 2, 3]), ...) can fail no call: call numbers start at 1. The stub was not added.",
        ])
    }

    @Test(arguments: [
        (FaultSchedule.onCall(0), "failing(.onCall(0), ...) can fail no call: call numbers start at 1. The stub was not added."),
        (.every(0), "failing(.every(0), ...) can fail no call: every(n) needs n of at least 1. The stub was not added."),
        (.onCalls([]), "failing(.onCalls([]), ...) can fail no call: onCalls needs at least one call number. The stub was not added."),
        (.probability(1.5, seed: 1), "failing(.probability(1.5, seed: 1), ...) can fail no call: a probability lies between 0 and 1. The stub was not added."),
    ] as [(FaultSchedule, String)])
    func aScheduleThatCanFailNoCallIsRefusedAtItsLine(schedule: FaultSchedule, message: String) {
        let add = mock()
        let failures = captureFailures { stub(add(any(), any())).failing(schedule, returning: -1) }
        #expect(failures.map(\.message) == [message])
        #expect(failures.first?.site.line == #line - 2)
        #expect(ct_call_binary_i32(add, 1, 1) == 0)
    }
}

protocol Sizer {
    func size(_ name: String) -> Int
}

final class MockSizer: Mock, Sizer {
    lazy var sizeRef = MockReference(size)
    func size(_ name: String) -> Int { call(sizeRef, args: name) }
}

@Suite(.mockery) struct FaultScheduleSwiftMemberTests {
    @Test func aSwiftMemberIsRefusedWithHowItFailsInstead() {
        let sizer = MockSizer(named: "sizer")
        let failures = captureFailures { stub(sizer.size(any())).failing(.once, returning: -1) }
        #expect(failures.map(\.message) == [
            "Cannot make sizer.size fail with failing(.onCall(1), ...): fault schedules fail C functions, which return a "
                + "value and set errno. A Swift member fails by throwing: stub it with throwing(...) or a block that throws. "
                + "The stub was not added."
        ])
        #expect(sizer.size("a") == 0)
    }
}
