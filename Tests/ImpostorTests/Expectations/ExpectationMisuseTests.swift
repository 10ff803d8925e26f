import CImpostorTestSupport
import Impostor
import Testing

/// Expectations declared wrongly: each reported at its line, nothing recorded lost.
@Suite struct ExpectationMisuseTests {
    @Test func anExpectationOutsideCheckingIsReportedAndMakesNoCall() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            oneOf(add(1, 2))
            exactly(2).of(add(1, 2))
            #expect(invocations(of: add).isEmpty)
        }
        #expect(failures.messages == [
            "oneOf(...) declares an expectation, which only means something inside `checking { }`: write it as "
                + "`context.checking { oneOf(...) }`. Nothing was expected.",
            "exactly(2).of(...) declares an expectation, which only means something inside `checking { }`: write it as "
                + "`context.checking { exactly(2).of(...) }`. Nothing was expected.",
        ])
        #expect(failures.first?.site.line == #line - 10)
    }

    @Test func nestedCheckingIsRefused() {
        let failures = expectationFailures("outer") { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                oneOf(add(1, 2))
                context.checking { oneOf(add(3, 4)) }
            }
            _ = cs_call_add(add, 1, 2)
        }
        #expect(failures.messages == [
            "checking { } was called inside another checking block (of Mockery \"outer\"). "
                + "Declare the expectations in one block, or one block after the other."
        ])
    }

    @Test func aMockOfAnotherMockeryIsRefused() {
        let other = Mockery("other")
        let add: Binary = other.mock(named: "add")
        let failures = expectationFailures("publisher") { context in
            context.checking { oneOf(add(1, 2)) }
        }
        #expect(failures.messages == [
            "oneOf(...) names mock add, which belongs to Mockery \"other\", but checking { } was called on Mockery \"publisher\". "
                + "Expectations live with the Mockery that owns the mock: create the mock with `publisher.mock(named:)` (or inside "
                + "`publisher.withCurrent { }`), or call checking on \"other\". Nothing was expected."
        ])
        // The other Mockery has no expectation either: its mock stays uninteresting.
        #expect(captureFailures { _ = cs_call_add(add, 1, 2); other.assertIsSatisfied() }.isEmpty)
    }

    @Test func statesAndSequencesOfAnotherMockeryAreRefused() {
        let other = Mockery("other")
        let otherState = other.states("door", startsAs: "open")
        let otherSequence = other.sequence("steps")
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                allowing(add(1, 2)).when(otherState.is("open"))
                allowing(add(1, 2)).then(otherState.becomes("closed"))
                allowing(add(1, 2)).inSequence(otherSequence)
            }
        }
        #expect(failures.messages == [
            "States \"door\" belongs to another Mockery than the mock's (\"context\"). Make it with the mock's Mockery: `context.states(...)`.",
            "States \"door\" belongs to another Mockery than the mock's (\"context\"). Make it with the mock's Mockery: `context.states(...)`.",
            "Sequence \"steps\" belongs to another Mockery than the mock's (\"context\"). Make it with the mock's Mockery: `context.sequence(...)`.",
        ])
    }

    @Test func clausesGivenTwiceOrAfterCheckingAreRefused() {
        var kept: ExpectationBuilder<Int32>?
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            let door = context.states("door", startsAs: "open")
            let steps = context.sequence("steps")
            context.checking {
                kept = allowing(add(1, 2)).when(door.is("open")).when(door.is("shut"))
                allowing(add(3, 4)).then(door.becomes("a")).then(door.becomes("b"))
                allowing(add(5, 6)).inSequence(steps, steps)
            }
            kept?.will(returnValue(1))
        }
        #expect(failures.messages == [
            "when(...) was given twice for one expectation; give it once.",
            "then(...) was given twice for one expectation; give it once.",
            "inSequence(steps) was given twice for one expectation; an expectation is one step of a sequence.",
            "will(...) was called after the checking { } block that declared the expectation returned; expectations are fixed "
                + "once their block returns. Chain it inside the block.",
        ])
    }

    @Test func prototypeMistakesAreReportedAsForStubs() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                oneOf(add)
                allowing(42)
            }
        }
        #expect(failures.messages == [
            "oneOf(...) was given the mock add itself, not a call to it. Write the call, with literals or matchers for its "
                + "arguments, as in `oneOf(add(any(), any()))`.",
            "The prototype passed to allowing(...) calls no mock. Write the mock call itself, as in `allowing(add(any(), 5))`.",
        ])
    }

    @Test func aPrototypeThatIsAnExpressionOnTheCallIsRefused() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking { oneOf(add(1, 2) == 0).will(returnValue(true)) }
            #expect(cs_call_add(add, 1, 2) == 0)
        }
        #expect(failures.messages == [
            "The prototype passed to oneOf(...) has type Bool, but add returns Int32: write the call itself, as in "
                + "`oneOf(add(...))`, not an expression built on it. Nothing was expected."
        ])
    }

    @Test func checkingOnTheProcessDefaultMockeryIsRefused() {
        let add: Binary = Mockery.processDefault.mock(named: "add on the default")
        let failures = captureFailures {
            Mockery.processDefault.checking { oneOf(add(1, 2)) }
        }
        #expect(failures.map(\.message).first?.hasPrefix(
            "checking { } was called on the process-wide default Mockery, whose expectations would outlive this test") == true)
        #expect(invocations(of: add).isEmpty)
    }

    @Test func exactlyZeroAndAtMostZeroForbidAsNeverDoes() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                exactly(0).of(add(1, 2))
                atMost(0).of(add(3, 4))
                allowing(add(any(), any())).will(returnValue(9))
            }
            #expect(cs_call_add(add, 1, 2) == 0)
            #expect(cs_call_add(add, 3, 4) == 0)
            #expect(cs_call_add(add, 5, 6) == 9)
        }
        #expect(failures.count == 2)   // one for each, as it is made
        #expect(failures.first?.message.contains("matches, but it must never happen") == true)
    }

    @Test func aMockeryTestChecksItsExpectationsAtItsEnd() async throws {
        let test = try #require(Test.current)
        let failures = try await captureFailures {
            let trait: MockeryTrait = .mockery
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let add: Binary = mockFunction(named: "add")
                Mockery.current.checking { exactly(2).of(add(1, 2)) }
                _ = cs_call_add(add, 1, 2)
            }
        }
        #expect(failures.map { $0.message } == ["Expected add to receive add(1, 2) exactly 2 times but received it 1 time."])
    }

    @Test func theHistoryShowsTheLastTenCallsAfterHowManyCameBefore() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking { allowing(add(any(), 0)) }
            for index in Int32(1)...12 { _ = cs_call_add(add, index, 0) }
            _ = cs_call_add(add, 0, 1)
        }
        #expect(failures.first?.message.contains(
            "What happened before this: … 2 earlier calls, then add(3, 0) -> 0, add(4, 0) -> 0") == true)
        #expect(failures.first?.message.hasSuffix("add(12, 0) -> 0") == true)
    }

    @Test func aReleasedMockeryChecksItsExpectations() {
        let failures = captureFailures {
            let context = Mockery("short-lived")
            let add: Binary = context.mock(named: "add")
            context.checking { exactly(2).of(add(1, 2)) }
            _ = cs_call_add(add, 1, 2)
        }
        #expect(failures.messages == ["Expected add to receive add(1, 2) exactly 2 times but received it 1 time."])
    }

    @Test func aSecondCheckDoesNotRepeatWhatTheFirstReported() {
        let failures = captureFailures {
            let context = Mockery("checked twice")
            let add: Binary = context.mock(named: "add")
            context.checking { exactly(2).of(add(1, 2)) }
            context.assertIsSatisfied()
            context.assertIsSatisfied()
            _ = cs_call_add(add, 1, 2)
            context.assertIsSatisfied()   // one more call came in between: reported again
        }
        #expect(failures.messages == [
            "Expected add to receive add(1, 2) exactly 2 times but received it 0 times.",
            "Expected add to receive add(1, 2) exactly 2 times but received it 1 time.",
        ])
    }
}
