import CImpostorTestSupport
import Foundation
import Impostor
import Testing

// The matchers that Swift protocol mocks use on arguments of any Swift type, tested through
// their plain forms (`Matcher.matches(_:)` and `description`), plus their argument-position
// forms on C mocks, whose arguments are trivial.

/// A class that is not Equatable.
final class Studio {
    let name: String
    init(name: String) { self.name = name }
}

/// A struct that is not Equatable and holds a reference.
struct Disc {
    var id: Int
    var title: String
    var studio: Studio
}

/// An Equatable struct.
struct Tune: Equatable {
    var number: Int
    var title: String
}

/// A trivial Swift struct that is not Equatable.
struct Dot {
    var x: Int32
    var y: Int32
}

/// `eq` as generic code reaches it: the unconstrained overload, whatever `T` is.
private func viaGeneric<T>(_ value: T) -> Matcher<T> { eq(value) }

@Suite("Matchers on Swift values")
struct SwiftValueMatchersTests {
    let abbey = Studio(name: "Abbey Road")
    var blue: Disc { Disc(id: 5, title: "Blue", studio: abbey) }

    // MARK: Values that are not Equatable

    @Test func aKeyPathMatchesOneProperty() {
        let matcher: Matcher<Disc> = has(\Disc.id, eq(5))
        #expect(matcher.matches(blue))
        #expect(!matcher.matches(Disc(id: 6, title: "Blue", studio: abbey)))
        #expect(matcher.description == "has(\\Disc.id, eq(5))")
    }

    @Test func aKeyPathReachesThroughReferences() {
        let matcher: Matcher<Disc> = has(\.studio.name, eq("Abbey Road"))
        #expect(matcher.matches(blue))
        #expect(!matcher.matches(Disc(id: 5, title: "Blue", studio: Studio(name: "Sun"))))
        #expect(matcher.description == "has(\\Disc.studio.name, eq(\"Abbey Road\"))")
    }

    @Test func aPredicateMatchesWhatItAccepts() {
        let matcher = Matcher<Disc>("recorded at Abbey Road") { $0.studio === abbey && $0.title.hasPrefix("B") }
        #expect(matcher.matches(blue))
        #expect(!matcher.matches(Disc(id: 5, title: "Blue", studio: Studio(name: "Abbey Road"))))
        #expect(!matcher.matches(Disc(id: 5, title: "Red", studio: abbey)))
        #expect(matcher.description == "recorded at Abbey Road")
    }

    @Test func identicalMatchesTheSameInstanceOnly() {
        let matcher: Matcher<Studio> = identical(abbey)
        #expect(matcher.matches(abbey))
        #expect(!matcher.matches(Studio(name: "Abbey Road")))
        #expect(matcher.description == "identical(Studio)")
    }

    // MARK: eq on Equatable Swift values

    @Test func eqOnText() {
        let matcher: Matcher<String> = eq("Blue")
        #expect(matcher.matches("Blue"))
        #expect(!matcher.matches("blue"))
        #expect(!matcher.matches("Blue "))
        #expect(matcher.description == "eq(\"Blue\")")
    }

    @Test func eqOnUUID() throws {
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let matcher: Matcher<UUID> = eq(id)
        #expect(matcher.matches(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!))
        #expect(!matcher.matches(UUID()))
        #expect(matcher.description == "eq(E621E1F8-C36C-495A-93FC-0C247A3E6E5F)")
    }

    @Test func eqOnCollections() {
        let array: Matcher<[Int]> = eq([1, 2, 3])
        #expect(array.matches([1, 2, 3]))
        #expect(!array.matches([1, 2]))
        #expect(!array.matches([3, 2, 1]))
        #expect(array.description == "eq([1, 2, 3])")

        let dictionary: Matcher<[String: Int]> = eq(["one": 1])
        #expect(dictionary.matches(["one": 1]))
        #expect(!dictionary.matches(["one": 2]))
        #expect(!dictionary.matches(["one": 1, "two": 2]))
        #expect(dictionary.description == "eq([\"one\": 1])")
    }

    @Test func eqOnAnEquatableStruct() {
        let matcher: Matcher<Tune> = eq(Tune(number: 1, title: "Intro"))
        #expect(matcher.matches(Tune(number: 1, title: "Intro")))
        #expect(!matcher.matches(Tune(number: 2, title: "Intro")))
        #expect(matcher.description == "eq(Tune(number: 1, title: \"Intro\"))")
    }

    // MARK: eq through generic code

    /// Text longer than a Swift string holds inline, in its own storage: equal to the literal
    /// by `==`, but not byte for byte.
    private static let longTitle = ["A title longer", "than fifteen bytes"].joined(separator: " ")

    @Test func genericEqUsesEquatable() {
        let matcher = viaGeneric(Tune(number: 1, title: "A title longer than fifteen bytes"))
        #expect(matcher.matches(Tune(number: 1, title: Self.longTitle)))
        #expect(!matcher.matches(Tune(number: 2, title: Self.longTitle)))
        #expect(!matcher.matches(Tune(number: 1, title: "Outro")))
        #expect(matcher.description == "eq(Tune(number: 1, title: \"A title longer than fifteen bytes\"))")
    }

    @Test func genericEqUsesEquatableOfOptionals() {
        let none = viaGeneric(String?.none)
        #expect(none.matches(nil))
        #expect(!none.matches("x"))
        #expect(none.description == "eq(nil)")
        let some = viaGeneric(String?.some("A title longer than fifteen bytes"))
        #expect(some.matches(Self.longTitle))
        #expect(!some.matches(nil))
        #expect(!some.matches("y"))
        #expect(some.description == "eq(\"A title longer than fifteen bytes\")")
    }

    @Test func genericEqOnAClassThatIsNotEquatableNeverMatchesAndSaysWhy() {
        let matcher = viaGeneric(abbey)
        #expect(!matcher.matches(abbey))
        #expect(!matcher.matches(Studio(name: "Abbey Road")))
        #expect(matcher.description == "eq(Studio) (Studio is not Equatable: use identical(_:), has(_:_:) or a Matcher)")
    }

    @Test func genericEqOnAStructHoldingAReferenceNeverMatchesAndSaysWhy() {
        let matcher = viaGeneric(blue)
        #expect(!matcher.matches(blue))
        #expect(matcher.description
            == "eq(Disc(id: 5, title: \"Blue\", studio: Studio)) (Disc is not Equatable: use identical(_:), has(_:_:) or a Matcher)")
    }

    @Test func genericEqOnATrivialSwiftStructComparesBytes() {
        let matcher = viaGeneric(Dot(x: 1, y: -2))
        #expect(matcher.matches(Dot(x: 1, y: -2)))
        #expect(!matcher.matches(Dot(x: 1, y: 2)))
        #expect(matcher.description == "eq(Dot(x: 1, y: -2))")
    }

    @Test func genericEqOnACStructStillComparesFieldByField() {
        let sample = cs_sample(tag: 7, value: 0.5)
        let matcher = viaGeneric(sample)
        // The same fields behind different padding bytes, and -0.0 against 0.0, are equal in C.
        var padded = cs_sample()
        withUnsafeMutableBytes(of: &padded) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xA5) }
        padded.tag = 7
        padded.value = 0.5
        #expect(matcher.matches(padded))
        #expect(!matcher.matches(cs_sample(tag: 7, value: 0.25)))
        #expect(!matcher.matches(cs_sample(tag: 8, value: 0.5)))
        #expect(viaGeneric(cs_sample(tag: 0, value: 0.0)).matches(cs_sample(tag: 0, value: -0.0)))
        #expect(matcher.description == "eq(cs_sample(tag: 7, value: 0.5))")
        #expect(matcher.description == (eq(sample) as Matcher<cs_sample>).description)
    }

    @Test func genericEqOnCNumbersAndEnums() {
        let number = viaGeneric(Int32(-4))
        #expect(number.matches(-4))
        #expect(!number.matches(4))
        #expect(number.description == "eq(-4)")
        let color = viaGeneric(CS_COLOR_GREEN)
        #expect(color.matches(CS_COLOR_GREEN))
        #expect(!color.matches(CS_COLOR_RED))
        #expect(color.description == (eq(CS_COLOR_GREEN) as Matcher<cs_color>).description)
    }

    // MARK: Optionals

    @Test func isNilAndIsNotNilOnOptionalSwiftValues() {
        let noText: Matcher<String?> = isNil()
        let someText: Matcher<String?> = isNotNil()
        #expect(noText.matches(nil) && !noText.matches(""))
        #expect(someText.matches("") && !someText.matches(nil))
        let noDisc: Matcher<Disc?> = isNil()
        let someDisc: Matcher<Disc?> = isNotNil()
        #expect(noDisc.matches(nil) && !noDisc.matches(blue))
        #expect(someDisc.matches(blue) && !someDisc.matches(nil))
        #expect(noDisc.description == "isNil()")
        #expect(someDisc.description == "isNotNil()")
    }

    // MARK: Order

    @Test func moreThenAndLessThanOnNumbers() {
        let more: Matcher<Int> = moreThen(5)
        let less: Matcher<Int> = lessThan(5)
        #expect(more.matches(6) && !more.matches(5) && !more.matches(-6))
        #expect(less.matches(4) && less.matches(-6) && !less.matches(5))
        #expect(more.description == "moreThen(5)")
        #expect(less.description == "lessThan(5)")
    }

    @Test func moreThenAndLessThanOnText() {
        let more: Matcher<String> = moreThen("b")
        let less: Matcher<String> = lessThan("b")
        #expect(more.matches("c") && more.matches("ba") && !more.matches("b") && !more.matches("a"))
        #expect(less.matches("a") && !less.matches("b") && !less.matches("c"))
        #expect(more.description == "moreThen(\"b\")")
        #expect(less.description == "lessThan(\"b\")")
    }

    @Test func betweenOnNumbersAndText() {
        let numbers: Matcher<Int> = between(-1...1)
        #expect(numbers.matches(-1) && numbers.matches(1) && !numbers.matches(2))
        #expect(numbers.description == "between(-1...1)")
        let text: Matcher<String> = between("b"..."d")
        #expect(text.matches("b") && text.matches("cz") && text.matches("d") && !text.matches("da") && !text.matches("a"))
        #expect(text.description == "between(\"b\"...\"d\")")
    }

    // MARK: Composition and any

    @Test func composedMatchersOnSwiftValues() {
        let both: Matcher<Disc> = has(\.id, moreThen(3)) && has(\.title, eq("Blue"))
        #expect(both.matches(blue))
        #expect(!both.matches(Disc(id: 2, title: "Blue", studio: abbey)))
        #expect(!both.matches(Disc(id: 5, title: "Red", studio: abbey)))
        #expect(both.description == "has(\\Disc.id, moreThen(3)) && has(\\Disc.title, eq(\"Blue\"))")

        let either: Matcher<String> = eq("yes") || eq("no")
        #expect(either.matches("yes") && either.matches("no") && !either.matches("maybe"))
        #expect(either.description == "(eq(\"yes\") || eq(\"no\"))")

        let elsewhere: Matcher<Studio> = !identical(abbey)
        #expect(elsewhere.matches(Studio(name: "Abbey Road")) && !elsewhere.matches(abbey))
        #expect(elsewhere.description == "!identical(Studio)")
    }

    @Test func anyOfATypeMatchesEverything() {
        let disc: Matcher<Disc> = any(of: Disc.self)
        #expect(disc.matches(blue))
        #expect(disc.description == "any(of: Disc)")
        let text: Matcher<String?> = any(of: String?.self)
        #expect(text.matches(nil) && text.matches("x"))
        #expect(text.description == "any(of: String?)")
    }

    // MARK: In argument position, on C mocks

    @Test func argumentFormsOnACMock() {
        let add = mockFunction(of: cs_fn_add.self, named: "add")
        stub(add(moreThen(5), lessThan(0))).with { 1 }
        stub(add(any(of: Int32.self), 100)).with { 2 }
        #expect(cs_call_add(add, 6, -1) == 1)
        #expect(cs_call_add(add, 5, -1) == 0)
        #expect(cs_call_add(add, 6, 0) == 0)
        #expect(cs_call_add(add, -7, 100) == 2)
    }

    @Test func keyPathInArgumentPositionOnACStruct() {
        let plot = mockFunction(of: cs_fn_plot.self, named: "plot")
        stub(plot(has(\.x, eq(1)), has(\.tag, moreThen(6)))).with { 1 }
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 9), 7, 0.5, 0) == 1)
        #expect(cs_call_plot(plot, cs_point(x: 2, y: 9), 7, 0.5, 0) == 0)
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 9), 6, 0.5, 0) == 0)
    }
}
