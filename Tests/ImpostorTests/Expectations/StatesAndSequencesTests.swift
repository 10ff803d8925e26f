import CImpostorTestSupport
import Impostor
import Testing

/// `when`/`then` with states, and sequences, including an expectation in two sequences.
@Suite struct StatesAndSequencesTests {
    @Test func whenAndThenFollowTheState() {
        let failures = expectationFailures { context in
            let connect: @convention(c) () -> Int32 = context.mock(named: "connect")
            let send: Binary = context.mock(named: "send")
            let network = context.states("network", startsAs: "up")
            context.checking {
                oneOf(connect()).when(network.is("up")).then(network.becomes("connected")).will(returnValue(1))
                allowing(send(any(), any())).when(network.is("connected")).will(returnValue(5))
                allowing(send(any(), any())).when(network.isNot("connected")).will(returnValue(-1))
            }
            #expect(cs_call_add(send, 1, 1) == -1)
            #expect(network.current == "up")
            #expect(cs_call_next(connect) == 1)
            #expect(network.current == "connected")
            #expect(network.description == "network is connected")
            #expect(cs_call_add(send, 1, 1) == 5)
        }
        #expect(failures.isEmpty)
    }

    @Test func aCallInTheWrongStateIsUnexpectedAndSaysWhy() {
        let failures = expectationFailures { context in
            let connect: @convention(c) () -> Int32 = context.mock(named: "connect")
            let network = context.states("network", startsAs: "down")
            context.checking { oneOf(connect()).when(network.is("up")) }
            _ = cs_call_next(connect)
        }
        let text = failures.first?.message ?? ""
        #expect(text.hasPrefix("Unexpected call: connect()"))
        #expect(text.contains("expected once, never invoked: connect(); when network is up"))
        #expect(text.contains("matches, but only when network is up (network is down)"))
        #expect(text.contains("States: network is down"))
    }

    @Test func aSequenceInOrderPasses() {
        let failures = expectationFailures { context in
            let login: @convention(c) () -> Int32 = context.mock(named: "login")
            let logout: @convention(c) () -> Int32 = context.mock(named: "logout")
            let session = context.sequence("session")
            context.checking {
                oneOf(login()).inSequence(session).will(returnValue(1))
                oneOf(logout()).inSequence(session).will(returnValue(2))
            }
            #expect(cs_call_next(login) == 1)
            #expect(cs_call_next(logout) == 2)
        }
        #expect(failures.isEmpty)
    }

    @Test func aStepTooEarlyIsUnexpected() {
        let failures = expectationFailures { context in
            let login: @convention(c) () -> Int32 = context.mock(named: "login")
            let logout: @convention(c) () -> Int32 = context.mock(named: "logout")
            let session = context.sequence("session")
            context.checking {
                oneOf(login()).inSequence(session)
                oneOf(logout()).inSequence(session)
            }
            _ = cs_call_next(logout)
            _ = cs_call_next(login)
        }
        let text = failures.first?.message ?? ""
        #expect(text.hasPrefix("Unexpected call: logout()"))
        #expect(text.contains("matches, but out of sequence session: login() must come first"))
        // The check: logout still unmet (the early call was reported when it was made).
        #expect(failures.count == 2)
        #expect(failures.messages.last == "Expected logout to receive logout() exactly once but received it 0 times.")
    }

    /// A step waits until every earlier step is *satisfied*, not merely called: `exactly(2)`
    /// called once still holds back the step after it.
    @Test func aStepWaitsUntilTheEarlierStepIsSatisfiedNotJustCalled() {
        let failures = expectationFailures { context in
            let login: @convention(c) () -> Int32 = context.mock(named: "login")
            let logout: @convention(c) () -> Int32 = context.mock(named: "logout")
            let session = context.sequence("session")
            context.checking {
                exactly(2).of(login()).inSequence(session).will(returnValue(1))
                oneOf(logout()).inSequence(session).will(returnValue(2))
            }
            #expect(cs_call_next(login) == 1)
            // login has one call of its two: logout is out of sequence and answers nothing.
            #expect(cs_call_next(logout) == 0)
        }
        let text = failures.first?.message ?? ""
        #expect(text.hasPrefix("Unexpected call: logout()"))
        #expect(text.contains("matches, but out of sequence session: login() must come first"))
    }

    @Test func aStepAfterALaterStepIsUnexpected() {
        let failures = expectationFailures { context in
            let read: @convention(c) () -> Int32 = context.mock(named: "read")
            let close: @convention(c) () -> Int32 = context.mock(named: "close")
            let file = context.sequence("file")
            context.checking {
                atLeast(1).of(read()).inSequence(file)
                oneOf(close()).inSequence(file)
            }
            _ = cs_call_next(read)
            _ = cs_call_next(read)
            _ = cs_call_next(close)
            _ = cs_call_next(read)
        }
        let text = failures.first?.message ?? ""
        #expect(text.hasPrefix("Unexpected call: read()"))
        #expect(text.contains("matches, but out of sequence file: close(), a later step, already happened"))
        #expect(text.contains("What happened before this: read() -> 0, read() -> 0, close() -> 0"))
    }

    @Test func anExpectationInTwoSequencesWaitsForBoth() {
        let failures = expectationFailures { context in
            let a: @convention(c) () -> Int32 = context.mock(named: "a")
            let b: @convention(c) () -> Int32 = context.mock(named: "b")
            let shared: @convention(c) () -> Int32 = context.mock(named: "shared")
            let first = context.sequence("first")
            let second = context.sequence("second")
            context.checking {
                oneOf(a()).inSequence(first)
                oneOf(b()).inSequence(second)
                oneOf(shared()).inSequence(first, second).will(returnValue(7))
            }
            _ = cs_call_next(a)
            // b has not happened: `second` is not at `shared` yet.
            let early = captureFailures { #expect(cs_call_next(shared) == 0) }
            #expect(early.first?.message.contains("matches, but out of sequence second: b() must come first") == true)
            _ = cs_call_next(b)
            #expect(cs_call_next(shared) == 7)
        }
        // The early call was reported once, inside the capture, and the check does not repeat it.
        #expect(failures.isEmpty)
    }

    @Test func sequencesSpanSeveralCCallbacks() {
        let failures = expectationFailures { context in
            let one: Subscriber = context.mock(named: "subscriber one")
            let two: Subscriber = context.mock(named: "subscriber two")
            let delivery = context.sequence("delivery")
            withPublisher([(one, nil), (two, nil)]) { publisher in
                context.checking {
                    oneOf(one(any(), "first")).inSequence(delivery)
                    oneOf(two(any(), "first")).inSequence(delivery)
                    oneOf(one(any(), "second")).inSequence(delivery)
                    oneOf(two(any(), "second")).inSequence(delivery)
                }
                ce_publisher_publish(publisher, "first")
                ce_publisher_publish(publisher, "second")
            }
        }
        #expect(failures.isEmpty)
    }
}
