import CImpostorTestSupport
import Foundation
import Impostor
import Testing
import XCTest

// Every code example of the DocC article Sources/Impostor/Impostor.docc/Expectations.md, as
// written there, with its behaviour asserted; `everyExampleLineIsHere` keeps them in step.

@Suite("Expectations article examples")
struct ExpectationsArticleExamplesTests {
    typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
    typealias Fill = @convention(c) (UnsafeMutablePointer<ce_point>?) -> Void

    @Test func overview() {
        let failures = captureFailures {
            let publisher = ce_publisher_new()!
            defer { ce_publisher_free(publisher) }
            let context = Mockery("publisher")
            let subscriber: Subscriber = context.mock(named: "subscriber one")
            ce_publisher_add(publisher, subscriber, nil)
            context.checking {
                oneOf(subscriber(any(), "hello"))
            }
            ce_publisher_publish(publisher, "hello")
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty)
    }

    @Test func cardinalities() {
        let failures = captureFailures {
            let context = Mockery("cardinalities")
            let add: Binary = context.mock(named: "add")
            let logger: Binary = context.mock(named: "logger")
            context.checking {
                oneOf(add(1, 2))                              // exactly once
                exactly(2).of(add(anyInt(), 5))
                atLeast(1).of(add(3, any()))
                atMost(3).of(add(4, any()))
                between(1...3).of(add(5, any()))
                allowing(add(6, any()))                       // any number of times, none included
                never(add(7, any()))                          // a call fails
                ignoring(logger)                              // every call to this mock, zero returned
            }
            for (a, b) in [(1, 2), (0, 5), (9, 5), (3, 0), (4, 0), (5, 0), (6, 0), (6, 1)] as [(Int32, Int32)] {
                _ = cs_call_add(add, a, b)
            }
            _ = cs_call_add(logger, 1, 1)
            context.assertIsSatisfied()
            #expect(captureFailures { _ = cs_call_add(add, 7, 0) }.first?.message.hasPrefix("Unexpected call: add(7, 0)") == true)
            // Reported once, above: the check does not repeat it.
            #expect(captureFailures { context.assertIsSatisfied() }.isEmpty)
        }
        #expect(failures.isEmpty)
    }

    @Test func actions() {
        let failures = captureFailures {
            let context = Mockery("actions")
            let add: Binary = context.mock(named: "add")
            let next: Nullary = context.mock(named: "next")
            let open: Open = context.mock(named: "open", capturing: [0: .cString])
            let fill: Fill = context.mock(named: "fill")
            context.checking {
                oneOf(add(1, 2)).will(returnValue(3))
                oneOf(add(2, any())).will(perform { (a: Int32, b: Int32) -> Int32 in a * b })
                oneOf(add(3, any())).will(perform { (call: Invocation) -> Int32 in call.argument(1, as: Int32.self) })
                exactly(3).of(next()).will(onConsecutiveCalls(returnValue(1), returnValue(2), returnValue(3)))
                oneOf(open("missing.txt", any())).will(setErrno(ENOENT), returnValue(-1))
                oneOf(fill(any())).will(setPointee(argument: 0, to: ce_point(x: 1, y: 2)))
            }
            #expect([cs_call_add(add, 1, 2), cs_call_add(add, 2, 21), cs_call_add(add, 3, 9)] == [3, 42, 9])
            #expect([cs_call_next(next), cs_call_next(next), cs_call_next(next)] == [1, 2, 3])
            var errnoAfter: Int32 = 0
            #expect(ce_open_and_read_errno(open, "missing.txt", 0, &errnoAfter) == -1 && errnoAfter == ENOENT)
            #expect(ce_fill_point(fill).y == 2)
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty)
    }

    @Test func strictness() {
        let failures = captureFailures {
            let strict = Mockery("strict", strictness: .strict)
            let add: Binary = strict.mock(named: "add")
            _ = cs_call_add(add, 1, 1)
        }
        #expect(failures.first?.message.hasPrefix("Uninteresting call: add(1, 1)") == true)
    }

    @Test func firstMatchWins() {
        let failures = captureFailures {
            let context = Mockery("first match")
            let add: Binary = context.mock(named: "add")
            context.checking {
                never(add(1, 2))
                allowing(add(any(), any()))       // add(1, 2) still fails; other calls are allowed
            }
            _ = cs_call_add(add, 2, 2)
            _ = cs_call_add(add, 1, 2)
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Unexpected call: add(1, 2)") == true)
    }

    @Test func statesAndSequences() {
        let failures = captureFailures {
            let context = Mockery("states")
            let connect: Nullary = context.mock(named: "connect")
            let send: Binary = context.mock(named: "send")
            let login: Nullary = context.mock(named: "login")
            let logout: Nullary = context.mock(named: "logout")
            let network = context.states("network", startsAs: "down")
            let session = context.sequence("session")
            context.checking {
                oneOf(connect()).when(network.is("up")).then(network.becomes("connected"))
                allowing(send(any(), any())).when(network.isNot("down"))
                oneOf(login()).inSequence(session)
                oneOf(logout()).inSequence(session)
            }
            network.become("up")
            _ = cs_call_next(connect)
            #expect(network.current == "connected")
            _ = cs_call_add(send, 1, 2)
            _ = cs_call_next(login)
            _ = cs_call_next(logout)
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty)
    }

    @Test func waitingForOtherThreads() {
        let failures = captureFailures {
            let context = Mockery("waiting")
            let subscriber: Subscriber = context.mock(named: "subscriber")
            let publisher = ce_publisher_new()!
            defer { ce_publisher_free(publisher) }
            ce_publisher_add(publisher, subscriber, nil)
            let delivery = context.states("delivery", startsAs: "waiting")
            context.checking {
                oneOf(subscriber(any(), "late news")).then(delivery.becomes("received"))
            }
            let thread = ce_publish_later(publisher, "late news", 50)
            context.waitUntil(delivery.is("received"), timeout: .seconds(5))
            ce_join(thread)
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty)
    }

    /// Every line of every Swift example in the article is in this file (see ArticleExamples).
    @Test func everyExampleLineIsHere() throws {
        try ArticleExamples.expectEveryLine(of: "Expectations.md", in: [#filePath], atLeast: 40)
    }
}

/// The article's XCTest form: the Mockery checked in `tearDown`.
final class ExpectationsTearDownTests: XCTestCase {
    let context = Mockery("tear down")

    override func tearDown() {
        context.assertIsSatisfied()
        super.tearDown()
    }

    /// XCTest has no warnings: a naggy Mockery's warning is printed, and the test case passes
    /// (were it recorded as a failure, this test would fail).
    func testANaggyWarningDoesNotFailTheTestCase() {
        let naggy = Mockery("naggy", strictness: .naggy)
        let add: Binary = naggy.mock(named: "add")
        XCTAssertEqual(cs_call_add(add, 1, 2), 0)
        XCTAssertEqual(invocations(of: add).count, 1)
    }

    func testAnExpectationMetBeforeTearDownPasses() {
        let add: Binary = context.mock(named: "add")
        context.checking { oneOf(add(1, 2)).will(returnValue(3)) }
        XCTAssertEqual(cs_call_add(add, 1, 2), 3)
    }
}
