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
}
