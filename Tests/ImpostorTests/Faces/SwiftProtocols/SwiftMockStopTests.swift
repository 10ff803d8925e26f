import Impostor
import Testing

// The three places a Swift mock stops the test process, as the misuse catalog's "The stops"
// promises: each prints its text, with the place it concerns, before stopping. Checked in exit
// tests, so the suite itself goes on.

final class Vinyl {
    let title: String
    init(title: String) { self.title = title }
}

protocol Pressing {
    func press(_ title: String) -> Vinyl
    func sleeve(for vinyl: Vinyl) -> String
}

final class MockPressing: Mock, Pressing {
    lazy var pressRef = MockReference(press, on: self)
    lazy var sleeveRef = MockReference(sleeve, on: self)
    func press(_ title: String) -> Vinyl { call(pressRef, args: title) }
    func sleeve(for vinyl: Vinyl) -> String { call(sleeveRef, args: vinyl) }
}

@Suite("Swift mocks: the documented stops")
struct SwiftMockStopTests {
    @Test func anUnansweredCallWhoseResultHasNoDefault() async {
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            _ = MockPressing(named: "pressing").press("Blue")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("ImpostorTests/SwiftMockStopTests.swift:"), "\(text)")
        #expect(text.contains(
            "Call to pressing.press: nothing answered it (no stub, registered result or expectation), and no default value "
                + "of its result type Vinyl can be made, so the test process stops here."), "\(text)")
    }

    @Test func aPrototypeWhoseResultHasNoDefault() async {
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            let pressing = MockPressing(named: "pressing")
            stub(pressing.press("Blue")).with { Vinyl(title: "Blue") }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains(
            "Cannot use a call to pressing.press as a prototype: it must return a value of Vinyl, and none can be made, "
                + "so the test process stops here."), "\(text)")
    }

    @Test func aMatcherForAnArgumentTypeWithNoPlaceholder() async {
        // Swift Testing compiles an exit test's body where the #expect is, so #line in it is that line.
        let line = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            let pressing = MockPressing(named: "pressing")
            stub(pressing.sleeve(for: any())).with { "plain" }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Impostor: ImpostorTests/SwiftMockStopTests.swift:\(line):"), "\(text)")
        #expect(text.contains(
            "any() cannot stand in for a Vinyl argument inside a call: no placeholder value of Vinyl can be made, so the "
                + "test process stops here."), "\(text)")
    }

    @Test func theReferenceFormNeedsNoPlaceholderNorDefault() {
        let pressing = MockPressing(named: "pressing")
        let blue = Vinyl(title: "Blue")
        stub(pressing.pressRef, any()).with { (title: String) in Vinyl(title: title) }
        stub(pressing.sleeveRef, identical(blue)).returning("gatefold")
        #expect(pressing.press("Red").title == "Red")
        #expect(pressing.sleeve(for: blue) == "gatefold")
        #expect(pressing.sleeve(for: Vinyl(title: "Blue")) == "")
    }
}
