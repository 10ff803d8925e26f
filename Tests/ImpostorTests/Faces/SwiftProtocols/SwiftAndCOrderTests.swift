import CImpostorTestSupport
import Impostor
import Testing

// Order across a Swift mock and a C callback that C itself calls (`ct_call_binary_i32` calls
// the mocked function pointer): `verifyInOrder` passing on the real order and failing, with a
// message naming both calls, on another; and a jMock sequence (`context.sequence`) spanning a
// Swift mock's member and the C callback, met in order, and broken by a C call that comes too
// early, which is reported as an unexpected call.

protocol EventLog {
    func log(_ text: String)
}

final class MockEventLog: Mock, EventLog {
    lazy var logRef = MockReference(log)
    func log(_ text: String) { call(logRef, args: text) }
}

@Suite("Order across Swift and C mocks")
struct SwiftAndCOrderTests {
    typealias Add = @convention(c) (Int32, Int32) -> Int32

    @Test func verifyInOrderAcrossSwiftAndC() {
        Mockery("in order").withCurrent {
            let logger = MockEventLog(named: "logger")
            let add: Add = mockFunction(named: "add")
            logger.log("start")
            #expect(ct_call_binary_i32(add, 1, 2) == 0)
            logger.log("end")
            verifyInOrder {
                logger.log("start")
                add(1, 2)
                logger.logRef.called(eq("end"))
            }
            let failures = captureFailures {
                verifyInOrder {
                    add(1, 2)
                    logger.log("start")
                }
            }
            #expect(failures.count == 1)
            let message = failures.first?.message ?? ""
            #expect(message.contains("but logger.log(\"start\") did not follow add(1, 2)"))
            #expect(message.contains("logger.log(\"start\")"))
            #expect(message.contains("add(1, 2) -> 0"))
        }
    }

    @Test func aSequenceAcrossSwiftAndCInOrderPasses() {
        let failures = captureFailures {
            let context = Mockery("sequence")
            context.withCurrent {
                let logger = MockEventLog(named: "logger")
                let add: Add = context.mock(named: "add")
                let steps = context.sequence("steps")
                context.checking {
                    oneOf(logger.log("start")).inSequence(steps)
                    oneOf(add(1, 2)).inSequence(steps).will(returnValue(3))
                    oneOf(logger.logRef, eq("end")).inSequence(steps)
                }
                logger.log("start")
                #expect(ct_call_binary_i32(add, 1, 2) == 3)
                logger.log("end")
            }
            context.assertIsSatisfied()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test func aCCallBeforeItsSwiftPredecessorIsUnexpected() {
        let failures = captureFailures {
            let context = Mockery("sequence")
            context.withCurrent {
                let logger = MockEventLog(named: "logger")
                let add: Add = context.mock(named: "add")
                let steps = context.sequence("steps")
                context.checking {
                    oneOf(logger.log("start")).inSequence(steps)
                    oneOf(add(1, 2)).inSequence(steps).will(returnValue(3))
                }
                #expect(ct_call_binary_i32(add, 1, 2) == 0)
                logger.log("start")
            }
            context.assertIsSatisfied()
        }
        let text = failures.first?.message ?? ""
        #expect(text.hasPrefix("Unexpected call: add(1, 2)"))
        #expect(text.contains("matches, but out of sequence steps: logger.log(\"start\") must come first"))
        #expect(failures.last?.message == "Expected add to receive add(1, 2) exactly once but received it 0 times.")
    }
}
