import Impostor
import Testing

// Key-path matchers show their path as written: Swift names stored properties itself, and the
// computed ones (and subscripts) are read from the `has(...)` call's line in this file.

struct LogEvent {
    var message: String
    var items: [Int]
    var shout: String { message.uppercased() }
}

protocol EventLogging {
    func log(_ event: LogEvent)
}

final class MockEventLogging: Mock, EventLogging {
    lazy var logRef = MockReference(log, on: self)
    func log(_ event: LogEvent) { call(logRef, args: event) }
}

@Suite("Key-path matchers: the path as written", .mockery)
struct KeyPathMatcherTextTests {
    @Test func aStoredPathIsNamedBySwift() {
        let matcher: Matcher<LogEvent> = has(\.message, eq("a"))
        #expect(matcher.description == #"has(\LogEvent.message, eq("a"))"#)
    }

    @Test func aComputedPathIsShownAsWrittenWithItsRoot() {
        let shout: Matcher<LogEvent> = has(\.shout, eq("A"))
        let count: Matcher<LogEvent> = has(\LogEvent.message.count, gt(3))
        let item: Matcher<LogEvent> = has(\.items[0], eq(1))
        #expect(shout.description == #"has(\LogEvent.shout, eq("A"))"#)
        #expect(count.description == #"has(\LogEvent.message.count, gt(3))"#)
        #expect(item.description == #"has(\LogEvent.items[0], eq(1))"#)
    }

    @Test func aPathWrittenOverSeveralLinesIsJoined() {
        let matcher: Matcher<LogEvent> = has(
            \.message
                .count,
            eq(2))
        #expect(matcher.description == #"has(\LogEvent.message.count, eq(2))"#)
    }

    @Test func withoutTheSourceFileAComputedStepShowsItsType() {
        let matcher: Matcher<LogEvent> = has(\.shout, eq("A"), filePath: "/nonexistent/KeyPathMatcherTextTests.swift")
        #expect(matcher.description == #"has(\LogEvent.<computed String>, eq("A"))"#)
    }

    @Test func aFailedVerifyShowsThePathAsWritten() {
        let logger = MockEventLogging(named: "logger")
        logger.log(LogEvent(message: "hello", items: []))
        let failures = captureFailures { verify(logger.logRef, has(\.shout, eq("BYE")) && has(\.items.count, gt(0))) }
        #expect(failures.map(\.message) == [
            #"Expected logger.log to receive logger.log(has(\LogEvent.shout, eq("BYE")) && has(\LogEvent.items.count, gt(0))) "#
                + "at least once but received it 0 times.\nCalls to logger.log (1 call), nearest match first:\n"
                + #"  logger.log(«LogEvent(message: "hello", items: [])»)  (call #1): argument 1: expected "#
                + #"has(\LogEvent.shout, eq("BYE")) && has(\LogEvent.items.count, gt(0)), got LogEvent(message: "hello", items: [])"#
        ])
    }
}
