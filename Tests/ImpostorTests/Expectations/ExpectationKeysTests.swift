import CImpostorTestSupport
@_spi(Benchmarks) import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Expectations of literals and `any()`, with no state or sequence, are taken by the mock's
/// entry point (a static trampoline or a libffi closure) itself: counted there, recorded there,
/// only their actions run in Swift. A call no key takes (none matches, or each match is
/// saturated) goes to the handler, which answers or reports it as before. The thread's count of
/// calls answered from expectation keys tells which took a call.
@Suite struct ExpectationKeysTests {
    /// Calls `mock(a, b)` from C; also whether the entry point took it.
    static func call(_ mock: ct_binary_i32, _ a: Int32, _ b: Int32) -> (result: Int32, byEntryPoint: Bool) {
        let before = ct_expectation_keys_taken()
        let result = ct_call_binary_i32(mock, a, b)
        return (result, ct_expectation_keys_taken() == before + 1)
    }

    static func make(_ mockery: Mockery, libffi: Bool) -> ct_binary_i32 {
        libffi ? withLibffiTrampolines { mockery.mock(of: ct_binary_i32.self, named: "add") } : mockery.mock(of: ct_binary_i32.self, named: "add")
    }

    @Test(arguments: [false, true]) func takenInDeclarationOrderUntilSaturatedThenTheHandlerReports(libffi: Bool) {
        var calls: [(result: Int32, byEntryPoint: Bool)] = []
        var add: ct_binary_i32?
        let failures = expectationFailures { context in
            let mock = Self.make(context, libffi: libffi)
            add = mock
            context.checking {
                oneOf(mock(1, 2)).will(returnValue(3))
                exactly(2).of(mock(any(), eq(5))).will(onConsecutiveCalls(returnValue(10), returnValue(20)))
                allowing(mock(any(), eq(5))).will(returnValue(99))
            }
            calls.append(Self.call(mock, 1, 2))
            calls.append(Self.call(mock, 7, 5))
            calls.append(Self.call(mock, 8, 5))
            // Past the second expectation's bound: the third, which allows any number.
            calls.append(Self.call(mock, 9, 5))
            // Past the first one's: no key takes it; the handler finds nothing else and reports it.
            calls.append(Self.call(mock, 1, 2))
            #expect(invocations(of: mock).map { [$0.argument(0, as: Int32.self), $0.argument(1, as: Int32.self)] }
                == [[1, 2], [7, 5], [8, 5], [9, 5], [1, 2]])
            #expect(invocations(of: mock).map { $0.returnValue(as: Int32.self) } == [3, 10, 20, 99, 0])
        }
        #expect(calls.map(\.result) == [3, 10, 20, 99, 0])
        // 10 then 20: the entry point gave onConsecutiveCalls the indexes 0 and 1.
        #expect(calls.map(\.byEntryPoint) == [true, true, true, true, false])
        // Reported when it happened, and not again by the Mockery's check.
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Unexpected call: add(1, 2)") == true, "\(failures.messages)")
        withExtendedLifetime(add) {}
    }

    /// A stub never answers before an expectation, on either path; a call no expectation
    /// takes is the stub's, from the handler.
    @Test(arguments: [false, true]) func expectationsComeBeforeStubs(libffi: Bool) {
        let failures = expectationFailures { context in
            let add = Self.make(context, libffi: libffi)
            context.withCurrent {
                stub(add(any(), any())).with { (a: Int32, b: Int32) in a * b }
                context.checking { oneOf(add(2, any())).will(perform { (a: Int32, b: Int32) in a + b }) }
                #expect(Self.call(add, 2, 10) == (12, true))
                #expect(Self.call(add, 2, 10) == (20, false))
            }
        }
        #expect(failures.isEmpty, "\(failures.messages)")
    }

    /// What only the handler can do keeps every call of the mock there: a state, a sequence, a
    /// forbidden call, a matcher that runs code.
    @Test(arguments: [false, true]) func whatTheEntryPointCannotDecideStaysWithTheHandler(libffi: Bool) {
        let failures = expectationFailures { context in
            let add = Self.make(context, libffi: libffi)
            let power = context.states("power", startsAs: "on")
            context.checking { allowing(add(1, any())).will(returnValue(1)) }
            #expect(Self.call(add, 1, 0) == (1, true))
            context.checking { allowing(add(2, any())).will(returnValue(2)).when(power.is("on")) }
            #expect(Self.call(add, 1, 0) == (1, false))
            #expect(Self.call(add, 2, 0) == (2, false))
        }
        #expect(failures.isEmpty, "\(failures.messages)")
        for declare in ["never", "gt"] {
            let failures = expectationFailures { context in
                let add = Self.make(context, libffi: libffi)
                context.checking {
                    allowing(add(1, any())).will(returnValue(1))
                    if declare == "never" { never(add(3, any())) } else { allowing(add(gt(5), any())).will(returnValue(6)) }
                }
                #expect(Self.call(add, 1, 0) == (1, false))
                if declare == "gt" { #expect(Self.call(add, 7, 0) == (6, false)) }
            }
            #expect(failures.isEmpty, "\(declare): \(failures.messages)")
        }
    }

    typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32

    /// A text literal compares the C string the caller passes, which no entry-point key can
    /// test: the mock's calls go to the handler, which takes only the text the literal names.
    /// A C caller passing other text is unexpected, on either path.
    @Test(arguments: [false, true]) func aTextLiteralTakesOnlyItsTextOnEitherPath(libffi: Bool) {
        var results: [Int32] = []
        var byEntryPoint: [Bool] = []
        let failures = expectationFailures { context in
            let open: Open = libffi
                ? withLibffiTrampolines { context.mock(named: "open", capturing: [0: .cString]) }
                : context.mock(named: "open", capturing: [0: .cString])
            context.checking { allowing(open("abc", any())).will(returnValue(7)) }
            for text in ["abc", "xyz", "ab", "abcd"] {
                var errnoAfter: Int32 = 0
                let before = ct_expectation_keys_taken()
                results.append(ce_open_and_read_errno(open, text, 0, &errnoAfter))
                byEntryPoint.append(ct_expectation_keys_taken() != before)
            }
        }
        #expect(results == [7, 0, 0, 0])
        #expect(byEntryPoint == [false, false, false, false])
        for text in ["xyz", "ab", "abcd"] {
            #expect(failures.messages.contains { $0.hasPrefix("Unexpected call: open(\"\(text)\", 0)") }, "\(failures.messages)")
        }
        #expect(!failures.messages.contains { $0.hasPrefix("Unexpected call: open(\"abc\", 0)") }, "\(failures.messages)")
    }

    /// The handler takes a call from the expectation's count as the entry point does, with the
    /// same index: an expectation a state holds back (so only the handler takes its calls)
    /// gives `onConsecutiveCalls` the indexes 0 and 1, then is saturated.
    @Test(arguments: [false, true]) func theHandlerGivesEachCallTheIndexTheEntryPointWould(libffi: Bool) {
        var calls: [(result: Int32, byEntryPoint: Bool)] = []
        let failures = expectationFailures { context in
            let add = Self.make(context, libffi: libffi)
            let power = context.states("power", startsAs: "on")
            context.checking {
                exactly(2).of(add(any(), eq(5))).when(power.is("on")).will(onConsecutiveCalls(returnValue(10), returnValue(20)))
            }
            calls = [Self.call(add, 1, 5), Self.call(add, 2, 5), Self.call(add, 3, 5)]
        }
        #expect(calls.map(\.result) == [10, 20, 0])
        #expect(calls.map(\.byEntryPoint) == [false, false, false])
        #expect(failures.first?.message.hasPrefix("Unexpected call: add(3, 5)") == true, "\(failures.messages)")
    }

    /// An action's errno reaches the caller, and failures an action raises reach the test.
    @Test(arguments: [false, true]) func actionsRunAsFromTheHandler(libffi: Bool) {
        let failures = expectationFailures { context in
            let add = Self.make(context, libffi: libffi)
            context.checking {
                allowing(add(1, any())).will(doAll(setErrno(EACCES), returnValue(-1)))
                allowing(add(2, any())).will(perform { (_: Int32, _: Int32) -> Int32 in
                    Issue.record("from the action")
                    return 5
                })
            }
            errno = 0
            let before = ct_expectation_keys_taken()
            #expect(add(1, 0) == -1)
            let seen = errno
            #expect(seen == EACCES)
            #expect(ct_expectation_keys_taken() == before + 1)
            withKnownIssue { #expect(Self.call(add, 2, 0) == (5, true)) }
        }
        #expect(failures.isEmpty, "\(failures.messages)")
    }

    /// 8 C threads × 10,000 calls, each thread's expectation bounded exactly, all on the
    /// entry point: every count exact, every call recorded, and one more call is unexpected.
    @Test(arguments: [false, true]) func eightThreadsCountExactlyOnTheEntryPoint(libffi: Bool) {
        let threads: Int32 = 8, calls: Int32 = 10_000
        let failures = expectationFailures { context in
            let count: Counter = libffi ? withLibffiTrampolines { context.mock(named: "count") } : context.mock(named: "count")
            context.checking {
                for thread in 0..<threads { exactly(Int(calls)).of(count(thread, any())).will(returnValue(thread + 1)) }
            }
            #expect(ce_call_from_threads(count, threads, calls) == (1...Int64(threads)).reduce(0, +) * Int64(calls))
            #expect(invocations(of: count).count == Int(threads * calls))
            let before = ct_expectation_keys_taken()
            #expect(count(0, 0) == 0)
            #expect(ct_expectation_keys_taken() == before, "a saturated expectation's key took a call")
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Unexpected call: count(0, 0)") == true, "\(failures.messages)")
    }
}
