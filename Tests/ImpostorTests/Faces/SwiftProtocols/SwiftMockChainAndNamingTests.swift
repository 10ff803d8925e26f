import Impostor
import Testing

// Consecutive answers on Swift mocks are checked as the first one is: a `then` block of other
// parameter types, or `thenThrowing` on a member that cannot throw, is refused where it is
// written and adds nothing (it used to stop the process at the call). A reference made with
// `on: self` names its mock from the start. A verify's marks never land on calls recorded
// after a reset.

struct GreetingRefused: Error {}

protocol Greeter {
    func greet(_ name: String) -> String
}

final class MockGreeter: Mock, Greeter {
    lazy var greetRef = MockReference(greet, on: self)
    func greet(_ name: String) -> String { call(greetRef, args: name) }
}

final class UnnamedGreeter: Mock, Greeter {
    lazy var greetRef = MockReference(greet)
    func greet(_ name: String) -> String { call(greetRef, args: name) }
}

@Suite("Swift mocks: consecutive answers and names", .mockery)
struct SwiftMockChainAndNamingTests {
    @Test func aThenBlockOfTheRightTypesAnswersTheNextCall() {
        let greeter = MockGreeter(named: "greeter")
        stub(greeter.greetRef, any()).with { (name: String) in "hi \(name)" }.then { (name: String) in "bye \(name)" }
        #expect(greeter.greet("a") == "hi a")
        #expect(greeter.greet("b") == "bye b")
        #expect(greeter.greet("c") == "bye c")
    }

    @Test func aReferenceMadeOnItsMockIsNamedBeforeTheFirstCall() {
        let named = MockGreeter(named: "greeter")
        let unnamed = UnnamedGreeter(named: "other")
        #expect(named.greetRef.name == "greeter.greet")
        #expect(unnamed.greetRef.name == "greet")
        let failures = captureFailures { verify(named.greetRef, eq("x")) }
        #expect(failures.first?.message.hasPrefix("Expected greeter.greet to receive greeter.greet(eq(\"x\")) at least once") == true)
        _ = unnamed.greet("y")
        #expect(unnamed.greetRef.name == "other.greet")
    }

    @Test func aResetForgetsWhatWasVerified() {
        let greeter = MockGreeter(named: "greeter")
        _ = greeter.greet("a")
        verify(greeter.greet("a"))
        greeter.resetCalls()
        _ = greeter.greet("b")
        let failures = captureFailures { verifyNoMoreInvocations(greeter) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("greeter.greet(\"b\")") == true)
    }
}
