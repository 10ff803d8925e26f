import CImpostorTestSupport
import Impostor
import Testing

/// Many C threads against `exactly` expectations: exact counts, every call answered.
@Suite struct ExpectationConcurrencyTests {
    static let threads: Int32 = 8
    static let calls: Int32 = 10_000

    @Test func eightThreadsTimesTenThousandCallsMeetExactCounts() {
        let failures = expectationFailures { context in
            let count: Counter = context.mock(named: "count")
            context.checking {
                for thread in 0..<Self.threads {
                    exactly(Int(Self.calls)).of(count(thread, any())).will(returnValue(thread + 1))
                }
            }
            let sum = ce_call_from_threads(count, Self.threads, Self.calls)
            // Thread t's calls each returned t + 1: none went unanswered or to another thread's expectation.
            let expected = (1...Int64(Self.threads)).reduce(0, +) * Int64(Self.calls)
            #expect(sum == expected)
            #expect(invocations(of: count).count == Int(Self.threads * Self.calls))
        }
        #expect(failures.isEmpty)
    }

    @Test func oneSharedExpectationCountsEveryCallOnce() {
        let failures = expectationFailures { context in
            let count: Counter = context.mock(named: "count")
            let total = Int(Self.threads * Self.calls)
            context.checking {
                exactly(total).of(count(any(), any())).will(returnValue(1))
            }
            #expect(ce_call_from_threads(count, Self.threads, Self.calls) == Int64(total))
            // One more is beyond the bound: unexpected, zero.
            #expect(ce_call_from_threads(count, 1, 1) == 0)
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("expected exactly 80000 times, already invoked 80000 times") == true)
    }

    /// Expectations with a state go through the Mockery's monitor, those without take their
    /// count with one atomic step (see ExpectationRoster): the counts are exact either way, and
    /// when a mock has both, every call goes through the monitor.
    @Test(arguments: [false, true]) func countsAreExactWithAndWithoutTheMonitor(withState: Bool) {
        let failures = expectationFailures { context in
            let count: Counter = context.mock(named: "count")
            let power = context.states("power", startsAs: "on")
            context.checking {
                for thread in 0..<Self.threads {
                    let expectation = exactly(Int(Self.calls)).of(count(thread, any())).will(returnValue(thread + 1))
                    if withState, thread % 2 == 0 { expectation.when(power.is("on")) }
                }
                // Past its bound each thread's calls meet this one, which no call reaches.
                never(count(any(), any()))
            }
            let expected = (1...Int64(Self.threads)).reduce(0, +) * Int64(Self.calls)
            #expect(ce_call_from_threads(count, Self.threads, Self.calls) == expected)
            #expect(invocations(of: count).count == Int(Self.threads * Self.calls))
        }
        #expect(failures.isEmpty)
    }

    @Test func anUnexpectedCallFromACThreadIsReportedOnTheTestsThread() {
        let failures = expectationFailures { context in
            let subscriber: Subscriber = context.mock(named: "subscriber")
            withPublisher([(subscriber, nil)]) { publisher in
                context.checking { never(subscriber(any(), any())) }
                ce_join(ce_publish_later(publisher, "from a C thread", 0))
            }
        }
        // Kept on the C thread, reported once on the test's.
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix(#"Unexpected call: subscriber(nil, "from a C thread")"#) == true)
    }
}
