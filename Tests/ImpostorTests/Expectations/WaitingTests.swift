import CImpostorTestSupport
import Dispatch
import Impostor
import Testing

/// `waitUntil`, blocking and async, woken by a call from a C pthread; and its timeout.
@Suite struct WaitingTests {
    @Test func blockingWaitReturnsOnceACThreadHasMovedTheState() {
        let failures = expectationFailures { context in
            let subscriber: Subscriber = context.mock(named: "subscriber")
            let delivery = context.states("delivery", startsAs: "waiting")
            withPublisher([(subscriber, nil)]) { publisher in
                context.checking {
                    oneOf(subscriber(any(), "late news")).then(delivery.becomes("received"))
                }
                let clock = ContinuousClock()
                let start = clock.now
                let thread = ce_publish_later(publisher, "late news", 50)
                context.waitUntil(delivery.is("received"), timeout: .seconds(5))
                let waited = clock.now - start
                #expect(delivery.current == "received")
                // The call that moved the state has finished: it is recorded.
                #expect(invocations(of: subscriber).count == 1)
                #expect(waited >= .milliseconds(40))
                #expect(waited < .seconds(5))
                ce_join(thread)
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func asyncWaitResumesOnceACThreadHasMovedTheState() async {
        let context = Mockery("async waiting")
        let subscriber: Subscriber = context.mock(named: "subscriber")
        let delivery = context.states("delivery", startsAs: "waiting")
        let publisher = ce_publisher_new()!
        ce_publisher_add(publisher, subscriber, nil)
        context.checking {
            oneOf(subscriber(any(), "late news")).then(delivery.becomes("received"))
        }
        let thread = ce_publish_later(publisher, "late news", 50)
        await context.waitUntil(delivery.is("received"), timeout: .seconds(5))
        #expect(delivery.current == "received")
        #expect(invocations(of: subscriber).count == 1)
        ce_join(thread)
        ce_publisher_free(publisher)
        let failures = captureFailures { context.assertIsSatisfied() }
        #expect(failures.isEmpty)
    }

    @Test func becomeFromAnotherThreadWakesABlockedWaiter() {
        let failures = expectationFailures { context in
            let door = context.states("door", startsAs: "open")
            // A Dispatch thread, not a task: this blocking wait may hold one of the few threads
            // Swift concurrency's pool has.
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { door.become("closed") }
            context.waitUntil(door.is("closed"), timeout: .seconds(5))
            #expect(door.current == "closed")
        }
        #expect(failures.isEmpty)
    }

    @Test func anHugeTimeoutDoesNotTrap() {
        let failures = expectationFailures { context in
            let door = context.states("door", startsAs: "open")
            context.waitUntil(door.is("open"), timeout: .seconds(Int64.max))
        }
        #expect(failures.isEmpty)
    }

    @Test func waitingForAStateAlreadyReachedReturnsAtOnce() async {
        let failures = expectationFailures { context in
            let door = context.states("door", startsAs: "open")
            context.waitUntil(door.is("open"), timeout: .seconds(5))
            context.waitUntil(door.isNot("closed"), timeout: .seconds(5))
        }
        #expect(failures.isEmpty)
        let context = Mockery("async")
        let door = context.states("door", startsAs: "open")
        await context.waitUntil(door.is("open"), timeout: .seconds(5))
    }

    @Test func aBlockingTimeoutFailsWithTheStateAndTheListing() {
        let failures = expectationFailures { context in
            let subscriber: Subscriber = context.mock(named: "subscriber")
            let delivery = context.states("delivery", startsAs: "waiting")
            context.checking {
                oneOf(subscriber(any(), "news")).then(delivery.becomes("received"))
            }
            context.waitUntil(delivery.is("received"), timeout: .milliseconds(100))
            subscriber(nil, "news")
        }
        #expect(failures.count == 1)
        let text = failures.first?.message ?? ""
        #expect(text.hasPrefix("waitUntil(delivery is received) timed out after 0.1 seconds: delivery is waiting.\n"))
        #expect(text.contains(#"expected once, never invoked: subscriber(any(), "news"); then delivery becomes received"#))
        #expect(text.contains("States: delivery is waiting"))
    }

    @Test func anAsyncTimeoutFails() async {
        let context = Mockery("async timeout")
        let door = context.states("door", startsAs: "open")
        let clock = ContinuousClock()
        let start = clock.now
        let failures = await captureFailures {
            await context.waitUntil(door.is("closed"), timeout: .milliseconds(100))
        }
        #expect(clock.now - start >= .milliseconds(90))
        #expect(failures.map(\.message) == ["waitUntil(door is closed) timed out after 0.1 seconds: door is open.\n"
            + "Expectations: none\nStates: door is open\nWhat happened before this: nothing"])
    }

    @Test func waitingOnAnotherMockerysStateIsRefused() {
        let other = Mockery("other")
        let door = other.states("door", startsAs: "open")
        let failures = expectationFailures { context in
            context.waitUntil(door.is("open"))
        }
        #expect(failures.messages == [
            "waitUntil was given a state of States \"door\", which belongs to another Mockery than \"context\"; wait on the Mockery that made it."
        ])
    }
}
