import Impostor
import Testing

// The Mocka-style form for throwing members: the prototype is written with `try`, as the call
// is, in stub, verify and expectations.

protocol Loading {
    func load(path: String) throws -> String
}

enum LoadingError: Error { case missing, unreadable }

final class MockLoading: Mock, Loading {
    lazy var loadRef = MockReference(load)
    func load(path: String) throws -> String { try call(loadRef, args: path) }
}

private struct PathUnknown: Error {}
private func unknownPath() throws -> String { throw PathUnknown() }

@Suite("Swift mocks: throwing prototypes", .mockery)
struct SwiftMockThrowingPrototypeTests {
    @Test func aThrowingMemberIsStubbedAndVerifiedWithTry() throws {
        let loader = MockLoading(named: "loader")
        stub(try loader.load(path: any())).returning("text")
        stub(try loader.load(path: eq("gone"))).throwing(LoadingError.missing)
        #expect(try loader.load(path: "a") == "text")
        #expect(throws: LoadingError.missing) { try loader.load(path: "gone") }
        verify(try loader.load(path: eq("a")))
        verify(.once, try loader.load(path: eq("gone")))
        verify(within: .seconds(1), .times(2), try loader.load(path: any()))
        verify(within: .seconds(1), try loader.load(path: any()))
    }

    @Test func severalThrowingPrototypesAreStubbedAlike() throws {
        let loader = MockLoading(named: "loader")
        stub(try loader.load(path: "a"), try loader.load(path: "b")).with { "ab" }
        #expect(try loader.load(path: "a") == "ab")
        #expect(try loader.load(path: "b") == "ab")
        #expect(try loader.load(path: "c") == "")
    }

    @Test func expectationsTakeAThrowingPrototype() throws {
        let context = Mockery("loading")
        let failures = captureFailures {
            context.withCurrent {
                let loader = MockLoading(named: "loader")
                context.checking {
                    oneOf(try loader.load(path: eq("a"))).will(returnValue("A"))
                    allowing(try loader.load(path: any())).will(returnValue("?"))
                    never(try loader.load(path: eq("secret")))
                }
                let first = try? loader.load(path: "a")
                let second = try? loader.load(path: "b")
                #expect(first == "A" && second == "?")
            }
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty)
    }

    @Test func aPrototypeThatThrowsBeforeItsCallIsReported() {
        let loader = MockLoading(named: "loader")
        let line = #line
        let failures = captureFailures { stubWithUnknownPath(loader, line: line) }
        #expect(failures.map(\.message) == [
            "The prototype passed to stub(...) threw PathUnknown() while it was recorded, so it describes no call. Only "
                + "the mock call may be written with `try`: compute other values before the stub."
        ])
        #expect(failures.first?.site.line == line)
        #expect((try? loader.load(path: "x")) == "")
    }

    /// Outside a closure: Swift counts a `try` inside an argument as the enclosing closure's.
    private func stubWithUnknownPath(_ loader: MockLoading, line: Int = #line) {
        stub(try loader.load(path: unknownPath()), line: line).returning("x")
    }

    /// A block of steps holding `try` is a throwing closure: verify's and verifyInOrder's
    /// blocks take it (a new user's trial found `verify { try … }` read as one prototype that
    /// "calls no mock").
    @Test func blocksOfStepsTakeThrowingPrototypes() throws {
        let loader = MockLoading(named: "loader")
        _ = try loader.load(path: "a")
        _ = try loader.load(path: "b")
        verify {
            try loader.load(path: eq("a"))
            try loader.load(path: eq("b"))
        }
        verifyInOrder {
            try loader.load(path: eq("a"))
            try loader.load(path: eq("b"))
        }
        let failures = captureFailures {
            verifyInOrder {
                try loader.load(path: eq("b"))
                try loader.load(path: eq("a"))
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("but loader.load(eq(\"a\")) did not follow loader.load(eq(\"b\"))") == true)
    }

    /// An error the block throws itself is reported at the verify, with what was read before it.
    @Test func aBlockThatThrowsItsOwnErrorIsReported() throws {
        let loader = MockLoading(named: "loader")
        _ = try loader.load(path: "a")
        let failures = captureFailures {
            verify {
                try loader.load(path: eq("a"))
                _ = try unknownPath()
            }
        }
        #expect(failures.map(\.message).contains(
            "The block of prototypes threw PathUnknown(); the prototypes written before it were read, the rest were not."))
    }

    /// The reference form waits without a mode too, and the free `invocations(of:)` takes a
    /// reference (both found missing by a new user's trial).
    @Test func theReferenceFormWaitsWithoutAModeAndListsItsCalls() throws {
        let loader = MockLoading(named: "loader")
        _ = try loader.load(path: "a")
        verify(within: .seconds(1), loader.loadRef, eq("a"))
        let failures = captureFailures { verify(within: .milliseconds(20), loader.loadRef, eq("b")) }
        #expect(failures.count == 1)
        #expect(invocations(of: loader.loadRef).map { $0.argument(0, as: String.self) } == ["a"])
    }
}
