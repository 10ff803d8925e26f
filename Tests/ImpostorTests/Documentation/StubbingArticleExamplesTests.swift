import CImpostorTestSupport
import Foundation
import Impostor
import Testing

// Every code example of the DocC article Sources/Impostor/Impostor.docc/StubbingAndMatching.md,
// as written there, with its behaviour asserted. The mocks' function types are the ones in
// CImpostorTestSupport/include/ct_stubbing.h, so the C callers there can call them too.
// `everyExampleLineIsHere` checks that the article and this file do not drift apart.

/// The article's C struct `point { int32_t x, y; }`.
private typealias point = cs_point

@Suite("Stubbing article examples")
struct StubbingArticleExamplesTests {
    @Test func landingPage() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        stub(add(anyInt(), 5)).with { (a: Int32, b: Int32) in a * b }

        #expect(add(3, 5) == 15)
        #expect(cs_call_add(add, 3, 5) == 15)
    }

    @Test func overview() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")

        stub(add(1, 2)).with { 3 }

        #expect(add(1, 2) == 3)
        #expect(add(2, 2) == 0)
        #expect(cs_call_add(add, 1, 2) == 3)
        #expect(invocations(of: add).count == 3)
    }

    @Test func matchers() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        stub(add(any(), 5)).with { 10 }
        stub(add(gt(100), any())).with { -1 }

        #expect(add(7, 5) == 10)
        #expect(add(101, 5) == -1)
        #expect(add(7, 6) == 0)
        #expect(cs_call_add(add, 101, 6) == -1)
    }

    @Test func cStrings() {
        let lookup = mockFunction(of: (@convention(c) (UnsafePointer<CChar>?, Int32) -> Int32).self, named: "lookup", capturing: [0: .cString])

        stub(lookup("alpha", any())).with { 1 }
        stub(lookup(cString(Matcher("a warning") { $0.hasPrefix("warning:") }), any())).with { 2 }
        stub(lookup(cString(Matcher { $0.hasSuffix(".txt") }), any())).with { 3 }   // shown as matching { … }
        stub(lookup(isNil(), any())).with { -1 }

        #expect(cLookup(lookup, "alpha") == 1)
        #expect(cLookup(lookup, "warning: low disk") == 2)
        #expect(cLookup(lookup, nil) == -1)
        #expect(cLookup(lookup, "beta") == 0)
        #expect(cLookup(lookup, "notes.txt") == 3)
    }

    @Test func structs() {
        let area = mockFunction(of: (@convention(c) (UnsafePointer<point>?) -> Int32).self, named: "area")
        stub(area(pointee(eq(point(x: 3, y: 4))))).with { 12 }
        stub(area(pointee(Matcher("on the diagonal") { $0.x == $0.y }))).with { 1 }

        #expect(cs_call_area(area, point(x: 3, y: 4)) == 12)
        #expect(cs_call_area(area, point(x: 5, y: 5)) == 1)
        #expect(cs_call_area(area, point(x: 4, y: 3)) == 0)
    }

    @Test func theNewestStubWins() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        stub(add(any(), any())).with { 1 }
        stub(add(1, any())).with { 2 }

        #expect(add(1, 5) == 2)
        #expect(add(7, 5) == 1)
    }

    @Test func severalCallsOneAnswer() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        stub(add(1, 2), add(2, 1)).with { 3 }

        let nextID = mockFunction(of: (@convention(c) () -> Int32).self, named: "nextID")
        stub(nextID()).with { 5 }
        stub(add(0, 7)).with { 5 }
        stub {
            add(0, any())
            nextID()
        }.with { 0 }

        #expect(add(1, 2) == 3)
        #expect(add(2, 1) == 3)
        // The group's stubs are newer, so they answer 0 where the stubs above answered 5.
        #expect(cs_call_add(add, 0, 7) == 0)
        #expect(cs_call_next(nextID) == 0)
    }

    @Test func theAnsweringBlock() {
        do {
            let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
            stub(add(1, 2)).with { 42 }                                          // no arguments
            #expect(cs_call_add(add, 1, 2) == 42)
        }
        do {
            let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
            stub(add(any(), 5)).with { (a: Int32, b: Int32) in a * b }           // the mock's arguments
            #expect(cs_call_add(add, 3, 5) == 15)
        }
        do {
            let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
            stub(add(any(), any())).with { (call: Invocation) -> Int32 in        // the whole call
                call.argument(0, as: Int32.self) - call.argument(1, as: Int32.self)
            }
            #expect(cs_call_add(add, 10, 3) == 7)
        }
    }

    @Test func consecutiveAnswers() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        let nextID = mockFunction(of: (@convention(c) () -> Int32).self, named: "nextID")

        stub(add(any(), any())).returning(1, 2, 3)
        #expect(cRepeatedResults(add, 0, 0, count: 5) == [1, 2, 3, 3, 3])

        stub(nextID()).with { 1 }.then { 2 }.thenReturning(3, 4)
        #expect((0..<6).map { _ in cs_call_next(nextID) } == [1, 2, 3, 4, 4, 4])
    }

    @Test func outParameters() {
        let fetch = mockFunction(
            of: (@convention(c) (Int32, UnsafeMutablePointer<Int32>?) -> Int32).self, named: "fetch")

        stub(fetch(any(), isNotNil())).with { (key: Int32, out: UnsafeMutablePointer<Int32>?) in
            out?.pointee = key * 10
            return 0
        }

        var value: Int32 = 0
        #expect(cs_call_fetch(fetch, 4, &value) == 0)
        #expect(value == 40)
    }

    @Test func sideEffects() {
        let onEvent = mockFunction(of: (@convention(c) (Int32) -> Void).self, named: "onEvent")
        var events: [Int32] = []
        stub(onEvent(gt(0))).with { (event: Int32) in events.append(event) }

        cs_notify_range(onEvent, -1, 4)
        #expect(events == [1, 2])
    }

    @Test func composedMatchers() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        let lookup = mockFunction(of: (@convention(c) (UnsafePointer<CChar>?, Int32) -> Int32).self, named: "lookup", capturing: [0: .cString])
        stub(add(that(gt(5) && lt(10)), that(lt(0) || eq(100)))).with { 1 }
        stub(lookup(cString(eq("yes") || eq("no")), any())).with { 2 }

        #expect(cs_call_add(add, 6, -1) == 1)
        #expect(cs_call_add(add, 9, 100) == 1)
        #expect(cs_call_add(add, 10, 100) == 0)
        #expect(cs_call_add(add, 6, 99) == 0)
        #expect(cLookup(lookup, "no") == 2)
        #expect(cLookup(lookup, "maybe") == 0)
    }

    @Test func writingAMatcher() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        let even = Matcher<Int32>("even") { $0 % 2 == 0 }
        stub(add(that(even), that(even && !eq(0)))).with { 1 }

        #expect(even.matches(4))
        #expect(cs_call_add(add, 2, 4) == 1)
        #expect(cs_call_add(add, 2, 0) == 0)
        #expect(cs_call_add(add, 3, 4) == 0)

        stub(add(that(Matcher { $0 > 3 }), any())).with { 2 }
        #expect(cs_call_add(add, 4, 1) == 2)
        #expect(cs_call_add(add, 3, 1) == 0)
    }

    @Test(.mockery) func pointerMatchersReadWhatWasCopied() {
        // expat's character data handler: void (*)(void *userData, const XML_Char *s, int len)
        let text: ExpatText = mockFunction(named: "text", capturing: [1: .buffer(count: 2)])
        stub(text(any(), cString("hello"), 5)).with { }
        "hello world".withCString { text(nil, $0, 5) }
        verify(.once, text(any(), cString("hello"), 5))
    }

    @Test func misuse() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        let failures = captureFailures {
            stub(add(any() + 1, 5)).with { 6 }
        }
        #expect(failures.first?.message.hasPrefix("Matcher any() in stub(...) did not reach any argument of add") == true)
        #expect(failures.count == 1)
        #expect(cs_call_add(add, 0, 5) == 0)
    }

    /// Every line of every Swift example in the article is in this file (see ArticleExamples).
    @Test func everyExampleLineIsHere() throws {
        try ArticleExamples.expectEveryLine(of: "StubbingAndMatching.md", in: [#filePath], atLeast: 50)
    }
}
