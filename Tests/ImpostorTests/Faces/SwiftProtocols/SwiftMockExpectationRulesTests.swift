import Impostor
import Testing

// Rules of expectations and strictness that the C path's suites test, seen from a hand-written
// Swift mock: `onConsecutiveCalls` past its list, and what naggy and strict Mockeries do with an
// uninteresting call to a Swift member.

protocol Counting {
    func next() -> Int
    func add(_ a: Int, _ b: Int) -> Int
}

final class MockCounting: Mock, Counting {
    lazy var nextRef = MockReference(next)
    lazy var addRef = MockReference(add)

    func next() -> Int { call(nextRef) }
    func add(_ a: Int, _ b: Int) -> Int { call(addRef, args: a, b) }
}

@Suite struct SwiftMockExpectationRulesTests {
    /// Runs `body` with a Mockery of `strictness` current, checks it, and returns every failure
    /// and warning raised meanwhile.
    private func failures(_ strictness: Strictness, _ body: (Mockery) -> Void) -> [ImpostorFailure] {
        captureFailures {
            let context = Mockery("swift rules", strictness: strictness)
            context.withCurrent { body(context) }
            context.assertIsSatisfied()
        }
    }

    /// A Swift member's call is recorded once it is answered (the stubbing article): its block
    /// sees the calls before it, not its own, and every recorded call has returned.
    @Test(.mockery) func aSwiftMembersCallIsRecordedOnceAnswered() {
        let counter = MockCounting(named: "counter")
        var seen: [Int] = []
        stub(counter.add(any(), any())).with { (a: Int, b: Int) -> Int in
            seen.append(counter.calls(to: counter.addRef).count)
            return a + b
        }
        #expect(counter.add(1, 2) == 3)
        #expect(counter.add(3, 4) == 7)
        #expect(seen == [0, 1])
        #expect(counter.calls(to: counter.addRef).map(\.didReturn) == [true, true])
    }

    /// Past its list, `onConsecutiveCalls` gives the member's default value and says so; it
    /// does not repeat the last action.
    @Test func onConsecutiveCallsPastItsListGivesTheDefaultValueAndAFailure() {
        let failures = failures(.nice) { context in
            let counter = MockCounting(named: "counter")
            context.checking {
                allowing(counter.nextRef).will(onConsecutiveCalls(returnValue(1), returnValue(2)))
            }
            #expect([counter.next(), counter.next(), counter.next()] == [1, 2, 0])
        }
        #expect(failures.map(\.message) == [
            "onConsecutiveCalls(...) has 2 actions, but this is call 3 it answers for counter.next; the call returned zero. "
                + "Add actions, or bound the expectation with exactly(2)."
        ])
    }

    /// An expectation's value reads in listings as the call it answers would show it: a
    /// `String` quoted, an optional unwrapped.
    @Test func anExpectationsValueReadsInListingsAsACallShowsIt() {
        let failures = failures(.nice) { context in
            let probe = MockProbe(named: "probe")
            context.checking {
                oneOf(probe.textRef).will(returnValue("exp"))
                oneOf(probe.labelRef).will(returnValue("tag"))
            }
            _ = probe.text()
            _ = probe.text()  // unexpected: the failure lists the expectations
        }
        let message = failures.map(\.message).joined(separator: "\n")
        #expect(message.contains("-> \"exp\""), "\(message)")
        #expect(message.contains("-> \"tag\""), "\(message)")
    }

    /// An unexpected call to a Swift member is reported where the expectations were declared,
    /// as a C mock's is: a generated mock's own call site is its protocol's line.
    @Test func anUnexpectedSwiftCallIsReportedWhereTheExpectationsWereDeclared() {
        var line = 0
        let failures = failures(.nice) { context in
            let probe = MockProbe(named: "probe")
            line = #line + 1
            context.checking { oneOf(probe.textRef).will(returnValue("exp")) }
            _ = probe.text()
            _ = probe.text()
        }
        let unexpected = failures.first { $0.message.hasPrefix("Unexpected call: probe.text()") }
        #expect(unexpected?.site.line == line)
        #expect(unexpected?.site.fileID.hasSuffix("SwiftMockExpectationRulesTests.swift") == true)
    }

    /// `ignoring(mock)` takes a Swift mock whole, as a C mock: every member, those first used
    /// after the `checking` included, answers with its default value, even in a strict Mockery;
    /// an expectation declared before it still takes its calls.
    @Test func ignoringASwiftMockIgnoresEveryMember() {
        var answers: [Int] = []
        let failures = failures(.strict) { context in
            let counter = MockCounting(named: "counter")
            _ = counter.addRef  // made now; nextRef is made at its first use, after checking
            context.checking {
                oneOf(counter.addRef, eq(1), any()).will(returnValue(10))
                ignoring(counter)
            }
            answers = [counter.add(1, 2), counter.add(3, 4), counter.next(), counter.next()]
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(answers == [10, 0, 0, 0])
    }

    /// A reference first read outside its mock's strict Mockery (a `lazy var` read after
    /// `withCurrent`, where the default Mockery, which is nice, is current) is the strict
    /// Mockery's from its mock's first call: that call is uninteresting and fails, as it would
    /// for a reference made inside, rather than being answered by default.
    @Test func aReferenceFirstReadOutsideItsStrictMockeryFailsAnUninterestingCall() {
        let strict = Mockery("strict outside", strictness: .strict)
        let counter = strict.withCurrent { MockCounting(named: "counter") }
        let failures = captureFailures {
            #expect(counter.add(1, 2) == 0)
            strict.assertIsSatisfied()
        }
        #expect(failures.first?.message.hasPrefix("Uninteresting call: counter.add(1, 2)\nMockery \"strict outside\" is strict") == true,
                "\(failures.map(\.message))")
        withExtendedLifetime(strict) {}
    }

    @Test func aNaggyMockeryWarnsOnceAndNeverFailsForASwiftMember() {
        let failures = failures(.naggy) { _ in
            let counter = MockCounting(named: "counter")
            #expect(counter.add(1, 2) == 0)
            #expect(counter.calls(to: counter.addRef).count == 1)
        }
        #expect(failures.count == 1)
        #expect(failures.allSatisfy { $0.isWarning })
        #expect(failures.first?.message.hasPrefix("Uninteresting call: counter.add(1, 2)") == true)
    }

    @Test func aStrictMockeryFailsAnUninterestingCallToASwiftMember() {
        let failures = failures(.strict) { _ in
            let counter = MockCounting(named: "counter")
            #expect(counter.add(1, 2) == 0)
        }
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { !$0.isWarning })
        #expect(failures.first?.message.hasPrefix("Uninteresting call: counter.add(1, 2)\nMockery \"swift rules\" is strict") == true)
    }
}
