import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `verifyInOrder` across three mocks, by the global order of calls.
@Suite struct InOrderVerificationTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    struct Mocks {
        let open: Binary = mockFunction(named: "open")
        let event: cv_event_fn = mockFunction(named: "event")
        let draw: cv_point_fn = mockFunction(named: "draw")
    }

    /// open(1, 2), event(3, "x"), open(9, 9), draw({4, 5}, "done").
    private func calledMocks() -> Mocks {
        let mocks = Mocks()
        _ = cv_call_binary(mocks.open, 1, 2)
        let name = strdup("x")
        cv_join(cv_call_later(mocks.event, 3, name, 1, 0))
        free(name)
        _ = cv_call_binary(mocks.open, 9, 9)
        cv_call_point(mocks.draw, 4, 5, "done")
        return mocks
    }

    @Test func callsInOrderWithOthersBetweenPass() {
        let mocks = calledMocks()
        verifyInOrder {
            mocks.open(1, 2)
            mocks.event(3, any())
            mocks.draw(any(), "done")
        }
        verifyInOrder {
            mocks.open(any(), any())
            mocks.open(9, 9)
        }
    }

    @Test func callsOutOfOrderFailWithTheSequence() {
        let mocks = calledMocks()
        let failures = captureFailures {
            verifyInOrder {
                mocks.event(3, any())
                mocks.draw(any(), any())
                mocks.open(1, 2)
            }
        }
        #expect(failures.map(\.message) == ["""
            Expected calls in this order:
              1. event(3, any())
              2. draw(any(), any())
              3. open(1, 2)
            but open(1, 2) did not follow draw(any(), any()) (call #4).
            Calls to these mocks, in the order received:
              #1 open(1, 2) -> 0
              #2 event(3, "x")
              #3 open(9, 9) -> 0
              #4 draw(cv_point(x: 4, y: 5.0), "done")
            """])
    }

    @Test func aCallThatNeverHappenedIsNamed() {
        let mocks = calledMocks()
        let failures = captureFailures {
            verifyInOrder {
                mocks.open(1, 2)
                mocks.event(4, any())
            }
        }
        #expect(failures.first?.message.contains("but event(4, any()) did not follow open(1, 2)") == true)
    }

    @Test func inOrderVerificationMarksCallsVerified() {
        let mocks = calledMocks()
        verifyInOrder {
            mocks.open(1, 2)
            mocks.open(9, 9)
        }
        verifyNoMoreInvocations(mocks.open)
    }

    /// A failed order marks nothing, as a failed count does: the calls it found stay for
    /// `verifyNoMoreInvocations` to list.
    @Test func aFailedOrderMarksNoCall() {
        let mocks = calledMocks()
        let failed = captureFailures {
            verifyInOrder {
                mocks.open(1, 2)
                mocks.open(5, 5)
            }
        }
        #expect(failed.count == 1)
        let unverified = captureFailures { verifyNoMoreInvocations(mocks.open) }
        #expect(unverified.count == 1)
        #expect(unverified.first?.message.contains("open(1, 2)") == true, "\(unverified)")
        #expect(unverified.first?.message.contains("open(9, 9)") == true, "\(unverified)")
    }
}
