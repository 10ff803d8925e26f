import CImpostorTestSupport
import Impostor
import Testing

/// Mocky's (jMock's) publisher/subscriber walk-through, with C callbacks: a C publisher keeps
/// subscriber callbacks with a `void *` context and calls them.
@Suite struct PublisherWalkthroughTests {
    @Test func oneSubscriberReceivesAMessage() {
        let failures = expectationFailures("publisher") { context in
            let subscriber: Subscriber = context.mock(named: "subscriber")
            withPublisher([(subscriber, nil)]) { publisher in
                context.checking {
                    oneOf(subscriber(nil, "message"))
                }
                ce_publisher_publish(publisher, "message")
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func twoNamedSubscribersEachReceiveTheMessageWithTheirContext() {
        var first: Int32 = 1
        var second: Int32 = 2
        let failures = expectationFailures("publisher") { context in
            let one: Subscriber = context.mock(named: "subscriber one")
            let two: Subscriber = context.mock(named: "subscriber two")
            withUnsafeMutablePointer(to: &first) { firstContext in
                withUnsafeMutablePointer(to: &second) { secondContext in
                    withPublisher([(one, UnsafeMutableRawPointer(firstContext)), (two, UnsafeMutableRawPointer(secondContext))]) { publisher in
                        context.checking {
                            oneOf(one(UnsafeMutableRawPointer(firstContext), "hello"))
                            oneOf(two(UnsafeMutableRawPointer(secondContext), cString("hello")))
                        }
                        ce_publisher_publish(publisher, "hello")
                    }
                }
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func aSubscriberThatReceivesNothingFailsWithItsNameAndCount() {
        let failures = expectationFailures("publisher") { context in
            let one: Subscriber = context.mock(named: "subscriber one")
            let two: Subscriber = context.mock(named: "subscriber two")
            withPublisher([(one, nil)]) { publisher in
                context.checking {
                    oneOf(one(any(), "hello"))
                    oneOf(two(any(), "hello"))
                }
                ce_publisher_publish(publisher, "hello")
            }
        }
        #expect(failures.messages == [
            #"Expected subscriber two to receive subscriber two(any(), "hello") exactly once but received it 0 times."#
        ])
        #expect(failures.first?.site.line == #line - 8)
    }

    @Test func aWrongMessageIsAnUnexpectedCallReportedOnceAsItIsMade() {
        var unexpectedAtOnce: [ImpostorFailure] = []
        let failures = expectationFailures("publisher") { context in
            let one: Subscriber = context.mock(named: "subscriber one")
            withPublisher([(one, nil)]) { publisher in
                context.checking {
                    oneOf(one(any(), "hello"))
                }
                unexpectedAtOnce = captureFailures { ce_publisher_publish(publisher, "goodbye") }
            }
        }
        #expect(unexpectedAtOnce.count == 1)
        let text = unexpectedAtOnce.first?.message ?? ""
        #expect(text.hasPrefix(#"Unexpected call: subscriber one(nil, "goodbye")"#))
        #expect(text.contains(#"expected once, never invoked: subscriber one(any(), "hello")"#))
        #expect(text.contains(#"argument 2: expected "hello", got "goodbye""#))
        #expect(text.contains("What happened before this: nothing"))
        // The check reports the unmet expectation only: the unexpected call was reported.
        #expect(failures.map(\.message)
            == [#"Expected subscriber one to receive subscriber one(any(), "hello") exactly once but received it 0 times."#])
    }

    @Test func aSecondMessageToAOneOfSubscriberIsUnexpected() {
        let failures = expectationFailures("publisher") { context in
            let one: Subscriber = context.mock(named: "subscriber one")
            withPublisher([(one, nil)]) { publisher in
                context.checking { oneOf(one(any(), any())) }
                ce_publisher_publish(publisher, "first")
                ce_publisher_publish(publisher, "second")
            }
        }
        #expect(failures.count == 1)  // at once; the check does not repeat it
        let text = failures.first?.message ?? ""
        #expect(text.contains(#"Unexpected call: subscriber one(nil, "second")"#))
        #expect(text.contains("expected once, already invoked 1 time: subscriber one(any(), any())"))
        #expect(text.contains("matches, but it was expected exactly once and already invoked 1 time"))
        #expect(text.contains(#"What happened before this: subscriber one(nil, "first")"#))
    }
}
