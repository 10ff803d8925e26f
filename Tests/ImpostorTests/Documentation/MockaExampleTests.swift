import CImpostorTestSupport
import Impostor
import Testing

// The examples of Mocka's documentation (Readme.md, Documentation/Stubbing.md and
// Documentation/ArgumentMatchers.md of frenetisch-applaudierend/mocka), translated from
// Objective-C methods to C function pointers called from C. Mocka's `NSLog(@"Stub called")`
// becomes a counter the test can read.

@Suite("Mocka's documentation examples")
struct MockaExampleTests {
    let add = mockFunction(of: cs_fn_add.self, named: "add")
    let notify = mockFunction(of: cs_fn_notify.self, named: "notify")

    // MARK: Stubbing.md

    /// `stub ([mock methodToStub]) with { return YES; };`
    @Test func stubbingAMethod() {
        let methodToStub = mockFunction(of: cs_fn_ready.self, named: "methodToStub")
        stub(methodToStub()).with { true }
        #expect(cs_call_ready(methodToStub) == true)
    }

    /// `stub ({ [mock firstMethodToStub]; [mock secondMethodToStub]; }) with { ... };`
    @Test func groupingCalls() {
        let firstMethodToStub = mockFunction(of: cs_fn_next.self, named: "firstMethodToStub")
        let secondMethodToStub = mockFunction(of: cs_fn_next.self, named: "secondMethodToStub")
        var actions = 0
        stub {
            firstMethodToStub()
            secondMethodToStub()
        }.with { () -> Int32 in
            actions += 1
            return -1
        }
        #expect(cs_call_next(firstMethodToStub) == -1)
        #expect(cs_call_next(secondMethodToStub) == -1)
        #expect(actions == 2)
    }

    /// `stub ([mock firstMethodToStub], [mock secondMethodToStub]) with { ... };`
    @Test func listingCallsAsParameters() {
        let firstMethodToStub = mockFunction(of: cs_fn_next.self, named: "firstMethodToStub")
        let secondMethodToStub = mockFunction(of: cs_fn_next.self, named: "secondMethodToStub")
        stub(firstMethodToStub(), secondMethodToStub()).with { -1 }
        #expect(cs_call_next(firstMethodToStub) == -1)
        #expect(cs_call_next(secondMethodToStub) == -1)
    }

    /// "By default stubs are matched by evaluating the arguments for equality."
    @Test func argumentsMatchByEquality() {
        stub(add(10, 20)).with { 30 }
        #expect(cs_call_add(add, 10, 20) == 30)
        #expect(cs_call_add(add, 10, 21) == 0)
    }

    /// `stub ([arrayMock objectAtIndex:10]) with (NSUInteger idx) { return @(idx); };`
    @Test func evaluatingMethodArguments() {
        let objectAtIndex = mockFunction(of: cs_fn_read_counter.self, named: "objectAtIndex")
        stub(objectAtIndex(pointee(eq(10)))).with { (index: UnsafePointer<Int32>?) in index!.pointee }
        #expect(cs_call_read_counter(objectAtIndex, 10, false) == 10)
        stub(add(10, any())).with { (index: Int32, _: Int32) in index }
        #expect(cs_call_add(add, 10, 99) == 10)
    }

    /// `stub (...) with (NSArray *self, SEL _cmd, NSUInteger idx) { ... };`: the full argument
    /// list is the whole ``Invocation``.
    @Test func theFullArgumentList() {
        stub(add(any(), any())).with { (call: Invocation) -> Int32 in
            call.mockName == "add" ? call.argument(0, as: Int32.self) : -1
        }
        #expect(cs_call_add(add, 10, 0) == 10)
    }

    /// "You can either use the no argument list, the reduced argument list or the full one. Any
    /// other combination of arguments will result in a failure at runtime."
    @Test func anyOtherArgumentListFails() {
        let failures = stubbingFailures {
            stub(add(10, any())).with { (index: Int) in Int32(index) }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("The block passed to with { } takes (Int), but add takes (Int32, Int32).") == true)
    }

    // MARK: Readme.md

    /// `stub ([mock methodWithArgument1:@"Foo" argument2:YES]) with (id arg1, BOOL arg2) { ... };`
    @Test func argumentsOfTheStubbedCall() {
        let methodWithArguments = mockFunction(of: cs_fn_flag.self, named: "methodWithArguments")
        var logged: [String] = []
        stub(methodWithArguments(true, anyInt())).with { (arg1: Bool, arg2: Int32) in
            logged.append("Stub was called with \(arg1) and \(arg2)")
            return 1
        }
        #expect(cs_call_flag(methodWithArguments, true, 7) == 1)
        #expect(cs_call_flag(methodWithArguments, false, 7) == 0)
        #expect(logged == ["Stub was called with true and 7"])
    }

    // MARK: ArgumentMatchers.md

    /// `stub ([mock methodWithArgument:anyObject()]) with { NSLog(@"Stub called"); };` with
    /// nil, @"Foo" and @"Bar".
    @Test func anyObjectMatchesEveryArgument() {
        let methodWithArgument = mockFunction(of: cs_fn_lookup.self, named: "methodWithArgument", capturing: [0: .cString])
        var stubCalls = 0
        stub(methodWithArgument(anyPointer(), anyInt())).with { () -> Int32 in
            stubCalls += 1
            return 0
        }
        _ = cLookup(methodWithArgument, nil)
        _ = cLookup(methodWithArgument, "Foo")
        _ = cLookup(methodWithArgument, "Bar")
        #expect(stubCalls == 3)
    }

    /// `stub ([mock methodWithIntegerArgument:anyInt()]) with { ... };` with 0 and 15.
    @Test func anyIntOnTheOnlyArgument() {
        var stubCalls = 0
        stub(notify(anyInt())).with { stubCalls += 1 }
        cs_notify_range(notify, 0, 1)
        cs_notify_range(notify, 15, 1)
        #expect(stubCalls == 2)
    }

    /// `methodWithIntArgument1:50 intArgument2:60`: no argument is a matcher.
    @Test func noArgumentIsAMatcher() {
        stub(add(50, 60)).with { 1 }
        #expect(cs_call_add(add, 50, 60) == 1)
        #expect(cs_call_add(add, 50, 61) == 0)
    }

    /// `methodWithIntArgument1:anyInt() intArgument2:anyInt()`: every argument is a matcher.
    @Test func anyIntOnEveryArgument() {
        stub(add(anyInt(), anyInt())).with { 1 }
        #expect(cs_call_add(add, 50, 60) == 1)
        #expect(cs_call_add(add, -1, Int32.max) == 1)
    }

    /// `methodWithIntArgument1:50 intArgument2:anyInt()` is an error in Mocka, which cannot
    /// tell a literal 50 from a matcher's placeholder. Impostor evaluates the prototype more
    /// than once and can: the literal means `eq(50)`.
    @Test func literalsMixedWithMatchersWork() {
        let failures = stubbingFailures {
            stub(add(50, anyInt())).with { 1 }
        }
        #expect(failures.isEmpty)
        #expect(cs_call_add(add, 50, 60) == 1)
        #expect(cs_call_add(add, 51, 60) == 0)
    }

    /// `methodWithIntArgument1:intArg(50) intArgument2:anyInt()`: Mocka's way to mix.
    @Test func intArgBesideAnyInt() {
        stub(add(intArg(50), anyInt())).with { 1 }
        #expect(cs_call_add(add, 50, 60) == 1)
        #expect(cs_call_add(add, 50, -60) == 1)
        #expect(cs_call_add(add, 49, 60) == 0)
    }

    /// `objectMatching(^BOOL(id candidate) { return (candidate != nil); })`, and its integer
    /// form `intMatching`.
    @Test func blockArgumentMatchers() {
        let methodWithArgument = mockFunction(of: cs_fn_handle.self, named: "methodWithArgument")
        stub(methodWithArgument(matching { (candidate: UnsafeMutableRawPointer?) in candidate != nil })).with { 1 }
        #expect(cs_call_handle(methodWithArgument, UnsafeMutableRawPointer(bitPattern: 0x10)) == 1)
        #expect(cs_call_handle(methodWithArgument, nil) == 0)

        stub(add(intMatching { $0 > 3 }, anyInt())).with { 1 }
        #expect(cs_call_add(add, 4, 0) == 1)
        #expect(cs_call_add(add, 3, 0) == 0)
    }

    /// `methodWithIntArgument:intThat(is(greaterThan(@5)))`
    @Test func intThatWithAMatcher() {
        var seen: [Int32] = []
        stub(notify(intThat(gt(5)))).with { (value: Int32) in seen.append(value) }
        cs_notify_range(notify, 4, 4)
        #expect(seen == [6, 7])
    }

    /// `methodWithArgument:startsWith(@"Hello")`: for a C string, a `Matcher<String>` in
    /// `cString(...)`.
    @Test func aStringMatcher() {
        let methodWithArgument = mockFunction(of: cs_fn_lookup.self, named: "methodWithArgument", capturing: [0: .cString])
        stub(methodWithArgument(cString(Matcher("starts with Hello") { $0.hasPrefix("Hello") }), any())).with { 1 }
        #expect(cLookup(methodWithArgument, "Hello, world") == 1)
        #expect(cLookup(methodWithArgument, "Goodbye") == 0)
    }

    /// "Argument matchers must be declared while stubbing or verifying a call":
    /// `id matcher = anyObject(); stub ([mock methodWithArgument:matcher]) ...` is incorrect.
    @Test func aMatcherDeclaredBeforeTheStubIsReported() {
        var line = 0
        var stubCalls = 0
        let failures = stubbingFailures {
            line = #line + 1
            let matcher: Int32 = anyInt()
            stub(notify(matcher)).with { stubCalls += 1 }
        }
        #expect(failures.map(\.site.line) == [line, line + 1])
        #expect(failures.first?.message.hasPrefix("Matcher any() was used outside stub(...) or verify(...)") == true)
        #expect(failures.last?.message.hasPrefix("Argument 1 of notify in stub(...) is the placeholder that any() returned") == true)
        // No stub was made: neither for every Int32, as the test meant, nor for the
        // placeholder's value.
        cs_notify_range(notify, -1, 3)
        #expect(stubCalls == 0)
    }
}
