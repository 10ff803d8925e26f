import CImpostorTestSupport
import Impostor
import Testing

/// `verify` with every mode, against calls made from C.
@Suite struct VerificationModeTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    /// A mock that received `add(1, 2)` twice and `add(5, 6)` once, from C.
    private func calledMock(_ name: String) -> Binary {
        let add: Binary = mockFunction(named: name)
        _ = cv_call_binary(add, 1, 2)
        _ = cv_call_binary(add, 5, 6)
        _ = cv_call_binary(add, 1, 2)
        return add
    }

    @Test func verifyWithoutModeMeansAtLeastOnce() {
        let add = calledMock("add")
        verify(add(1, 2))
        verify(add(5, any()))
        let failures = captureFailures { verify(add(2, 1)) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Expected add to receive add(2, 1) at least once but received it 0 times.") == true)
    }

    @Test(arguments: [
        (VerificationMode.exactly(2), true), (.exactly(1), false), (.once, false), (.never, false),
        (.atLeast(2), true), (.atLeast(3), false), (.atLeastOnce, true),
        (.atMost(2), true), (.atMost(1), false), (.between(1...3), true), (.between(3...4), false),
    ])
    func modeAgainstTwoMatchingCalls(mode: VerificationMode, holds: Bool) {
        let add = calledMock("add")
        let failures = captureFailures { verify(mode, add(1, any())) }
        #expect(failures.isEmpty == holds)
        if !holds {
            let expected = mode == .never
                ? "Expected add never to receive add(1, any()) but received it 2 times."
                : "Expected add to receive add(1, any()) \(mode) but received it 2 times."
            #expect(failures.first?.message.hasPrefix(expected) == true)
        }
    }

    @Test func neverAndAtMostZeroHoldWithoutCalls() {
        let add = calledMock("add")
        verify(.never, add(9, 9))
        verify(.atMost(0), add(9, any()))
        let failures = captureFailures { verify(.never, add(1, 2)) }
        #expect(failures.first?.message.hasPrefix("Expected add never to receive add(1, 2) but received it 2 times.") == true)
    }

    @Test func modeDescriptionsReadAsEnglish() {
        #expect(VerificationMode.exactly(1).description == "exactly once")
        #expect(VerificationMode.exactly(3).description == "exactly 3 times")
        #expect(VerificationMode.never.description == "never")
        #expect(VerificationMode.atLeast(2).description == "at least 2 times")
        #expect(VerificationMode.atMost(1).description == "at most once")
        #expect(VerificationMode.between(1...3).description == "between 1 and 3 times")
    }

    @Test func timesIsMockitosSpellingOfExactly() {
        let add = calledMock("add")
        #expect(VerificationMode.times(2) == .exactly(2))
        verify(.times(2), add(1, 2))
        verify(.times(0), add(9, 9))
        let failures = captureFailures { verify(.times(3), add(1, 2)) }
        #expect(failures.map(\.message).first?.hasPrefix(
            "Expected add to receive add(1, 2) exactly 3 times but received it 2 times.") == true)
        #expect(failures.count == 1)
    }

    @Test func negativeCountIsAClearFailure() {
        let add = calledMock("add")
        let failures = captureFailures { verify(.exactly(-1), add(1, 2)) }
        #expect(failures.map(\.message) == [
            "verify was given an impossible count (minimum -1, maximum -1); counts cannot be negative."
        ])
    }

    @Test func severalPrototypesInAGroupAreEachVerified() {
        let add = calledMock("add")
        verify { add(1, 2); add(5, 6) }
        verify(.exactly(2)) { add(1, 2) }
        let failures = captureFailures { verify { add(1, 2); add(7, 7) } }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Expected add to receive add(7, 7) at least once") == true)
    }

    @Test func noMoreInvocationsCountsOnlyUnverifiedCalls() {
        let add = calledMock("add")
        verify(.exactly(2), add(1, 2))
        let failures = captureFailures { verifyNoMoreInvocations(add) }
        #expect(failures.map(\.message) == [
            "Expected no more calls to add, but it received 1 call that no verify accounted for:\n"
                + "  #2 add(5, 6) -> 0"
        ])
        verify(add(5, 6))
        verifyNoMoreInvocations(add)
    }

    @Test func zeroInvocationsAcrossSeveralMocks() {
        let quiet: Binary = mockFunction(named: "quiet")
        let busy = calledMock("busy")
        verifyZeroInvocations(quiet)
        let failures = captureFailures { verifyZeroInvocations(quiet, busy) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Expected no calls to busy, but it received 3 calls:") == true)
    }

    @Test func verifyOfSomethingThatIsNotAMockIsReported() {
        let notAMock: Binary = { a, b in a + b }
        let failures = captureFailures { verifyZeroInvocations(notAMock) }
        #expect(failures.first?.message.contains("is not a mock made by Impostor") == true)
    }
}
