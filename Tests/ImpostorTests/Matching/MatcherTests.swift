import CImpostorTestSupport
import Impostor
import Testing

// Every matcher on every kind of C argument. Each test stubs a mock, lets C code from
// CImpostorTestSupport/stubbing.c call it, and checks which calls the stub answered: a call the
// stub does not match returns zero (the mocks are otherwise unstubbed).

@Suite("Matchers on integer arguments, called from C")
struct IntegerMatcherTests {
    let add = mockFunction(of: cs_fn_add.self, named: "add")

    @Test func anyMatchesEveryValue() {
        stub(add(any(), any())).with { 7 }
        #expect(cs_call_add(add, 0, 0) == 7)
        #expect(cs_call_add(add, Int32.min, Int32.max) == 7)
        #expect(cs_call_add(add, -1, 12345) == 7)
    }

    @Test func literalsMatchOnlyTheirOwnValues() {
        stub(add(1, 2)).with { 3 }
        #expect(cs_call_add(add, 1, 2) == 3)
        #expect(cs_call_add(add, 2, 1) == 0)
        #expect(cs_call_add(add, 1, 3) == 0)
        #expect(cs_call_add(add, 0, 2) == 0)
    }

    @Test func eqMatchesOneValue() {
        stub(add(eq(4), eq(-5))).with { 9 }
        #expect(cs_call_add(add, 4, -5) == 9)
        #expect(cs_call_add(add, 4, 5) == 0)
        #expect(cs_call_add(add, -4, -5) == 0)
    }

    @Test func gtIsStrict() {
        stub(add(gt(10), any())).with { 1 }
        #expect(cs_call_add(add, 11, 0) == 1)
        #expect(cs_call_add(add, Int32.max, 0) == 1)
        #expect(cs_call_add(add, 10, 0) == 0)
        #expect(cs_call_add(add, -11, 0) == 0)
    }

    @Test func geIncludesItsBound() {
        stub(add(ge(10), any())).with { 1 }
        #expect(cs_call_add(add, 10, 0) == 1)
        #expect(cs_call_add(add, 11, 0) == 1)
        #expect(cs_call_add(add, 9, 0) == 0)
    }

    @Test func ltIsStrictAndSigned() {
        stub(add(any(), lt(-1))).with { 1 }
        #expect(cs_call_add(add, 0, -2) == 1)
        #expect(cs_call_add(add, 0, Int32.min) == 1)
        #expect(cs_call_add(add, 0, -1) == 0)
        #expect(cs_call_add(add, 0, 5) == 0)
    }

    @Test func leIncludesItsBound() {
        stub(add(any(), le(-1))).with { 1 }
        #expect(cs_call_add(add, 0, -1) == 1)
        #expect(cs_call_add(add, 0, -100) == 1)
        #expect(cs_call_add(add, 0, 0) == 0)
    }

    @Test func betweenIncludesBothEnds() {
        stub(add(between(-2...3), any())).with { 1 }
        for inside: Int32 in -2...3 {
            #expect(cs_call_add(add, inside, 0) == 1, "\(inside)")
        }
        #expect(cs_call_add(add, -3, 0) == 0)
        #expect(cs_call_add(add, 4, 0) == 0)
    }

    @Test func matchingRunsThePredicateOnTheCallingThreadAtCallTime() {
        var seen: [Int32] = []
        stub(add(matching { (value: Int32) in seen.append(value); return value % 2 == 0 }, 1)).with { 1 }
        // Evaluating the prototype never ran the predicate.
        #expect(seen.isEmpty)
        #expect(cs_call_add(add, 4, 1) == 1)
        #expect(cs_call_add(add, 3, 1) == 0)
        #expect(seen == [4, 3])
        // The second argument is checked too: the predicate's verdict alone does not decide.
        #expect(cs_call_add(add, 4, 2) == 0)
    }

    @Test func matchingAPredicateHeldInAVariable() {
        let isEven: (Int32) -> Bool = { $0 % 2 == 0 }
        stub(add(matching(isEven), 1)).with { 1 }
        stub(add(matching({ (value: Int32) in value < 0 }), 2)).with { 2 }   // in parentheses
        stub(add(matching("odd", { (value: Int32) in value % 2 != 0 }), 3)).with { 3 }
        #expect(cs_call_add(add, 4, 1) == 1)
        #expect(cs_call_add(add, 3, 1) == 0)
        #expect(cs_call_add(add, -1, 2) == 2)
        #expect(cs_call_add(add, 5, 3) == 3)
        let failures = captureFailures { verify(add(matching(isEven), 9)) }
        #expect(failures.first?.message.hasPrefix(
            "Expected add to receive add(matching { … }, 9) at least once but received it 0 times.") == true, "\(failures)")
    }

    @Test func composedMatchersThroughThat() {
        stub(add(that(gt(5) && lt(10)), that(lt(0) || gt(100)))).with { 1 }
        #expect(cs_call_add(add, 6, -1) == 1)
        #expect(cs_call_add(add, 9, 101) == 1)
        #expect(cs_call_add(add, 5, -1) == 0)
        #expect(cs_call_add(add, 10, -1) == 0)
        #expect(cs_call_add(add, 7, 0) == 0)
        #expect(cs_call_add(add, 7, 100) == 0)
    }

    @Test func negatedMatcher() {
        stub(add(that(!eq(0)), that(!between(1...9)))).with { 1 }
        #expect(cs_call_add(add, 1, 0) == 1)
        #expect(cs_call_add(add, -1, 10) == 1)
        #expect(cs_call_add(add, 0, 0) == 0)
        #expect(cs_call_add(add, 1, 5) == 0)
    }

    @Test func userWrittenMatcher() {
        let even = Matcher<Int32>("even") { $0 % 2 == 0 }
        #expect(even.description == "even")
        #expect(even.matches(4))
        #expect(!even.matches(3))
        stub(add(that(even), that(even && !eq(0)))).with { 1 }
        #expect(cs_call_add(add, 2, 4) == 1)
        #expect(cs_call_add(add, -8, -2) == 1)
        #expect(cs_call_add(add, 3, 4) == 0)
        #expect(cs_call_add(add, 2, 0) == 0)
        #expect(cs_call_add(add, 2, 5) == 0)
    }

    @Test func aNamelessMatcherThroughThat() {
        let aboveThree = Matcher<Int32> { $0 > 3 }
        #expect(aboveThree.description == "matching { … }")
        stub(add(that(Matcher { $0 > 3 }), 1)).with { 1 }
        #expect(cs_call_add(add, 4, 1) == 1)
        #expect(cs_call_add(add, 3, 1) == 0)
        #expect(cs_call_add(add, 4, 2) == 0)
        let failures = captureFailures { verify(add(that(Matcher { $0 > 100 }), any())) }
        #expect(failures.first?.message.hasPrefix(
            "Expected add to receive add(matching { … }, any()) at least once but received it 0 times.") == true)
    }

    @Test func composedDescriptions() {
        let composed: Matcher<Int32> = gt(5) && !eq(7) || between(-1...1)
        #expect(composed.description == "(gt(5) && !eq(7) || between(-1...1))")
        #expect(composed.matches(6))
        #expect(!composed.matches(7))
        #expect(composed.matches(0))
        #expect(!composed.matches(-2))
    }

    @Test func literalsMixWithMatchersInAnyPosition() {
        stub(add(anyInt(), 5)).with { 1 }
        stub(add(7, gt(100))).with { 2 }
        #expect(cs_call_add(add, 123, 5) == 1)
        #expect(cs_call_add(add, 123, 6) == 0)
        #expect(cs_call_add(add, 7, 101) == 2)
        #expect(cs_call_add(add, 8, 101) == 0)
        #expect(cs_call_add(add, 7, 100) == 0)
    }

    @Test func aLiteralZeroBesideAMatcher() {
        // Zero is what a recording-mode call returns, and a common placeholder: it must still
        // be bound as a literal, not confused with the matcher next to it.
        stub(add(0, any())).with { 1 }
        #expect(cs_call_add(add, 0, 42) == 1)
        #expect(cs_call_add(add, 1, 42) == 0)
    }

    @Test func newestMatchingStubWinsFromC() {
        stub(add(any(), any())).with { 1 }
        stub(add(gt(0), any())).with { 2 }
        stub(add(5, 5)).with { 3 }
        #expect(cs_call_add(add, 5, 5) == 3)
        #expect(cs_call_add(add, 5, 6) == 2)
        #expect(cs_call_add(add, -5, 5) == 1)
        // C sums f(i, 5) for i in -2...2: 1 + 1 + 1 + 2 + 2.
        #expect(cs_sum_add(add, -2, 2, 5) == 7)
        // A newer, broader stub hides every older one.
        stub(add(any(), any())).with { 4 }
        #expect(cs_call_add(add, 5, 5) == 4)
        #expect(cs_sum_add(add, -2, 2, 5) == 20)
    }

    @Test func integersOfEveryWidthAndSign() {
        let widths = mockFunction(of: cs_fn_widths.self, named: "widths")
        stub(widths(lt(0), gt(200), between(-5...5), gt(UInt64(Int64.max)))).with { 1 }
        #expect(cs_call_widths(widths, -1, 201, 0, UInt64.max) == 1)
        #expect(cs_call_widths(widths, Int8.min, UInt8.max, -5, UInt64(Int64.max) + 1) == 1)
        #expect(cs_call_widths(widths, 0, 201, 0, UInt64.max) == 0)
        #expect(cs_call_widths(widths, -1, 200, 0, UInt64.max) == 0)
        #expect(cs_call_widths(widths, -1, 201, 6, UInt64.max) == 0)
        #expect(cs_call_widths(widths, -1, 201, 0, UInt64(Int64.max)) == 0)

        stub(widths(Int8.min, eq(UInt8.max), Int64.min, 0)).with { 2 }
        #expect(cs_call_widths(widths, Int8.min, UInt8.max, Int64.min, 0) == 2)
        #expect(cs_call_widths(widths, Int8.max, UInt8.max, Int64.min, 0) == 0)
    }
}

@Suite("Matchers on floating-point arguments, called from C")
struct FloatingPointMatcherTests {
    let scale = mockFunction(of: cs_fn_scale.self, named: "scale")

    @Test func eqComparesByValueSoNegativeZeroEqualsZero() {
        stub(scale(eq(0.0), eq(-0.0))).with { 1 }
        #expect(cs_call_scale(scale, -0.0, 0.0) == 1)
        #expect(cs_call_scale(scale, 0.0, -0.0) == 1)
        #expect(cs_call_scale(scale, Double.leastNonzeroMagnitude, 0.0) == 0)
    }

    @Test func literalsCompareByValueToo() {
        stub(scale(0.0, 2.5)).with { 1 }
        #expect(cs_call_scale(scale, -0.0, 2.5) == 1)
        #expect(cs_call_scale(scale, 0.0, 2.5) == 1)
        #expect(cs_call_scale(scale, 0.0, 2.5000002) == 0)
    }

    @Test func notANumberEqualsNothingAsInC() {
        stub(scale(.nan, any())).with { 1 }
        stub(scale(any(), eq(Float.nan))).with { 2 }
        #expect(cs_call_scale(scale, .nan, 1) == 0)
        #expect(cs_call_scale(scale, 1, .nan) == 0)
        // `matching` is the way to accept NaN.
        stub(scale(matching { (value: Double) in value.isNaN }, any())).with { 3 }
        #expect(cs_call_scale(scale, .nan, 1) == 3)
        #expect(cs_call_scale(scale, 1, 1) == 0)
    }

    @Test func orderMatchers() {
        stub(scale(gt(1.5), le(Float(0.25)))).with { 1 }
        stub(scale(lt(-1e300), ge(Float(100)))).with { 2 }
        #expect(cs_call_scale(scale, 1.5000001, 0.25) == 1)
        #expect(cs_call_scale(scale, 1.5, 0.25) == 0)
        #expect(cs_call_scale(scale, 2, 0.2500001) == 0)
        #expect(cs_call_scale(scale, -.infinity, 100) == 2)
        #expect(cs_call_scale(scale, -1e300, 100) == 0)
    }

    @Test func betweenOnFloats() {
        stub(scale(any(), between(Float(0.5)...Float(1.5)))).with { 1 }
        #expect(cs_call_scale(scale, 9, 0.5) == 1)
        #expect(cs_call_scale(scale, 9, 1.5) == 1)
        #expect(cs_call_scale(scale, 9, 1.5000001) == 0)
        #expect(cs_call_scale(scale, 9, .nan) == 0)
    }

    @Test func composedFloatingPointMatchers() {
        stub(scale(that(ge(0.0) && lt(1.0)), that(!between(Float(-1)...Float(1))))).with { 1 }
        #expect(cs_call_scale(scale, 0.0, 2) == 1)
        #expect(cs_call_scale(scale, -0.0, -2) == 1)
        #expect(cs_call_scale(scale, 0.999, 1.5) == 1)
        #expect(cs_call_scale(scale, 1.0, 2) == 0)
        #expect(cs_call_scale(scale, 0.5, 1) == 0)
        // NaN is outside every range, so the negated range accepts it.
        #expect(cs_call_scale(scale, 0.5, .nan) == 1)
    }

    @Test func anyDoubleAndAnyFloat() {
        stub(scale(anyDouble(), anyFloat())).with { (value: Double, factor: Float) in value * Double(factor) }
        #expect(cs_call_scale(scale, 3, 0.5) == 1.5)
        #expect(cs_call_scale(scale, -.infinity, -1) == .infinity)
    }

    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    @Test func longDoubleArguments() {
        let extended = mockFunction(of: cs_fn_extended.self, named: "extended")
        stub(extended(between(1.0...2.0))).with { 1 }
        stub(extended(-0.0)).with { 2 }
        stub(extended(gt(Float80.greatestFiniteMagnitude / 2))).with { 3 }
        #expect(cs_call_extended(extended, 1.5) == 1)
        #expect(cs_call_extended(extended, 2.0000001) == 0)
        #expect(cs_call_extended(extended, 0.0) == 2)
        #expect(cs_call_extended(extended, .greatestFiniteMagnitude) == 3)
    }
    #endif
}

@Suite("Matchers on pointer arguments, called from C")
struct PointerMatcherTests {
    @Test func isNilAndIsNotNil() {
        let write = mockFunction(of: cs_fn_write.self, named: "write")
        stub(write(isNil(), any())).with { -1 }
        stub(write(isNotNil(), any())).with { 1 }
        #expect(cWrite(write, nil) == -1)
        #expect(cWrite(write, [1, 2, 3]) == 1)
    }

    @Test func anyPointerAcceptsNullToo() {
        let write = mockFunction(of: cs_fn_write.self, named: "write")
        stub(write(anyPointer(), 3)).with { 3 }
        #expect(cWrite(write, [1, 2, 3]) == 3)
        #expect(cs_call_write(write, nil, 3) == 3)
        #expect(cWrite(write, [1, 2]) == 0)
    }

    @Test func bytesReadsTheBufferAtCallTime() {
        let write = mockFunction(of: cs_fn_write.self, named: "write")
        stub(write(bytes([0xCA, 0xFE]), any())).with { 2 }
        #expect(cWrite(write, [0xCA, 0xFE]) == 2)
        // A longer buffer that starts with the bytes matches.
        #expect(cWrite(write, [0xCA, 0xFE, 0xBA, 0xBE]) == 2)
        #expect(cWrite(write, [0xCA, 0xFF]) == 0)
        // NULL never matches, and is not read.
        #expect(cWrite(write, nil) == 0)
    }

    @Test func pointeeReadsThePointedValue() {
        let readCounter = mockFunction(of: cs_fn_read_counter.self, named: "readCounter")
        stub(readCounter(pointee(gt(10)))).with { 1 }
        stub(readCounter(pointee(eq(-7) || eq(7)))).with { 2 }
        #expect(cs_call_read_counter(readCounter, 11, false) == 1)
        #expect(cs_call_read_counter(readCounter, 10, false) == 0)
        #expect(cs_call_read_counter(readCounter, -7, false) == 2)
        #expect(cs_call_read_counter(readCounter, 7, false) == 2)
        // NULL never matches, and is not read.
        #expect(cs_call_read_counter(readCounter, 11, true) == 0)
    }

    @Test func pointeeOfAStruct() {
        let area = mockFunction(of: cs_fn_area.self, named: "area")
        stub(area(pointee(eq(cs_point(x: 3, y: 4))))).with { 12 }
        stub(area(pointee(Matcher("on the diagonal") { (corner: cs_point) in corner.x == corner.y }))).with { 1 }
        #expect(cs_call_area(area, cs_point(x: 3, y: 4)) == 12)
        #expect(cs_call_area(area, cs_point(x: 4, y: 3)) == 0)
        #expect(cs_call_area(area, cs_point(x: 9, y: 9)) == 1)
    }

    @Test func literalPointerComparesTheAddress() {
        let handleMock = mockFunction(of: cs_fn_handle.self, named: "handle")
        let handle = UnsafeMutableRawPointer(bitPattern: 0x1234_5670)
        let other = UnsafeMutableRawPointer(bitPattern: 0x1234_5678)
        stub(handleMock(handle)).with { 1 }
        stub(handleMock(eq(other))).with { 2 }
        #expect(cs_call_handle(handleMock, handle) == 1)
        #expect(cs_call_handle(handleMock, other) == 2)
        #expect(cs_call_handle(handleMock, nil) == 0)
        stub(handleMock(nil)).with { 3 }
        #expect(cs_call_handle(handleMock, nil) == 3)
    }

    @Test func pointerMatcherValuesThroughThat() {
        let handleMock = mockFunction(of: cs_fn_handle.self, named: "handle")
        let special = UnsafeMutableRawPointer(bitPattern: 0xABC0)
        stub(handleMock(that(isNotNil() && !eq(special)))).with { 1 }
        stub(handleMock(that(isNil() || eq(special)))).with { 2 }
        #expect(cs_call_handle(handleMock, UnsafeMutableRawPointer(bitPattern: 0x10)) == 1)
        #expect(cs_call_handle(handleMock, special) == 2)
        #expect(cs_call_handle(handleMock, nil) == 2)
    }

    @Test func functionPointerArguments() {
        let subscribe = mockFunction(of: cs_fn_subscribe.self, named: "subscribe")
        stub(subscribe(isNil(), any())).with { -1 }
        stub(subscribe(isNotNil(), any())).with { (callback: cs_callback?, _: UnsafeMutableRawPointer?) in
            callback!(21)
        }
        #expect(cs_call_subscribe(subscribe, nil, nil) == -1)
        #expect(cs_call_subscribe(subscribe, cs_double_it, nil) == 42)
    }
}

@Suite("Matchers on C string arguments, called from C")
struct CStringMatcherTests {
    let lookup = mockFunction(of: cs_fn_lookup.self, named: "lookup", capturing: [0: .cString])

    @Test func aStringLiteralIsComparedByText() {
        // The pointer Swift passes for "alpha" in the prototype is a temporary, and C passes
        // its own copy: only the text can match.
        stub(lookup("alpha", any())).with { 1 }
        #expect(cLookup(lookup, "alpha") == 1)
        #expect(cLookup(lookup, "alphabet") == 0)
        #expect(cLookup(lookup, "Alpha") == 0)
        #expect(cLookup(lookup, "") == 0)
        #expect(cLookup(lookup, nil) == 0)
    }

    @Test func aLongStringLiteralIsComparedByText() {
        // Longer than the 15 bytes a Swift string holds inline.
        stub(lookup("a key longer than fifteen bytes", 3)).with { 1 }
        #expect(cLookup(lookup, "a key longer than fifteen bytes", 3) == 1)
        #expect(cLookup(lookup, "a key longer than fifteen bytes", 4) == 0)
        #expect(cLookup(lookup, "a key longer than fifteen bytes!", 3) == 0)
    }

    @Test func eqOfAStringIsCString() {
        stub(lookup(eq("beta"), any())).with { 2 }
        #expect(cLookup(lookup, "beta") == 2)
        #expect(cLookup(lookup, "bet") == 0)
        #expect(cLookup(lookup, nil) == 0)
    }

    @Test func cStringOfText() {
        stub(lookup(cString("ready"), 5)).with { 1 }
        #expect(cLookup(lookup, "ready", 5) == 1)
        #expect(cLookup(lookup, "ready", 6) == 0)
        #expect(cLookup(lookup, "", 5) == 0)
        #expect(cLookup(lookup, nil, 5) == 0)
    }

    @Test func cStringOfAStringMatcher() {
        stub(lookup(cString(Matcher("a warning") { $0.hasPrefix("warning:") }), any())).with { 1 }
        stub(lookup(cString(eq("yes") || eq("no")), any())).with { 2 }
        #expect(cLookup(lookup, "warning: disk full") == 1)
        #expect(cLookup(lookup, "error: disk full") == 0)
        #expect(cLookup(lookup, "yes") == 2)
        #expect(cLookup(lookup, "no") == 2)
        #expect(cLookup(lookup, "maybe") == 0)
        #expect(cLookup(lookup, nil) == 0)
    }

    @Test func cStringOfANamelessMatcher() {
        stub(lookup(cString(Matcher { $0.hasSuffix(".txt") }), any())).with { 1 }
        #expect(cLookup(lookup, "notes.txt") == 1)
        #expect(cLookup(lookup, "notes.md") == 0)
        #expect(cLookup(lookup, nil) == 0)
        let failures = captureFailures { verify(.never, lookup(cString(Matcher { $0.hasSuffix(".txt") }), any())) }
        #expect(failures.first?.message.hasPrefix(
            "Expected lookup never to receive lookup(cString(matching { … }), any()) but received it 1 time.") == true)
    }

    @Test func aNegatedStringMatcherStillRejectsNull() {
        stub(lookup(cString(!eq("secret")), any())).with { 1 }
        #expect(cLookup(lookup, "public") == 1)
        #expect(cLookup(lookup, "secret") == 0)
        #expect(cLookup(lookup, nil) == 0)
    }

    @Test func nullCStrings() {
        stub(lookup(nil, any())).with { -1 }
        stub(lookup(isNotNil(), 9)).with { 9 }
        #expect(cLookup(lookup, nil) == -1)
        #expect(cLookup(lookup, "x") == 0)
        #expect(cLookup(lookup, "x", 9) == 9)
        stub(lookup(isNil(), 9)).with { -9 }
        #expect(cLookup(lookup, nil, 9) == -9)
    }

    @Test func theBlockReadsTheCallersText() {
        stub(lookup(any(), any())).with { (key: UnsafePointer<CChar>?, fallback: Int32) in
            key.map { Int32(String(cString: $0).utf8.count) } ?? fallback
        }
        #expect(cLookup(lookup, "four") == 4)
        #expect(cLookup(lookup, nil, 17) == 17)
    }
}

@Suite("Matchers on enum arguments, called from C")
struct EnumMatcherTests {
    let paint = mockFunction(of: cs_fn_paint.self, named: "paint")

    @Test func literalsOfBothKindsOfEnum() {
        stub(paint(CS_COLOR_BLUE, .CS_LEVEL_ERROR)).with { 1 }
        #expect(cs_call_paint(paint, CS_COLOR_BLUE, .CS_LEVEL_ERROR) == 1)
        #expect(cs_call_paint(paint, CS_COLOR_GREEN, .CS_LEVEL_ERROR) == 0)
        #expect(cs_call_paint(paint, CS_COLOR_BLUE, .CS_LEVEL_INFO) == 0)
    }

    @Test func eqAndAny() {
        stub(paint(eq(CS_COLOR_GREEN), any())).with { 1 }
        stub(paint(any(), eq(.CS_LEVEL_DEBUG))).with { 2 }
        #expect(cs_call_paint(paint, CS_COLOR_GREEN, .CS_LEVEL_INFO) == 1)
        #expect(cs_call_paint(paint, CS_COLOR_RED, .CS_LEVEL_DEBUG) == 2)
        #expect(cs_call_paint(paint, CS_COLOR_RED, .CS_LEVEL_INFO) == 0)
    }

    @Test func matchingOnRawValuesIncludingUnnamedOnes() {
        stub(paint(matching { (color: cs_color) in color.rawValue >= 1 }, matching { (level: cs_level) in level.rawValue > 10 }))
            .with { (_: cs_color, level: cs_level) in level.rawValue }
        #expect(cs_call_paint_raw_level(paint, CS_COLOR_BLUE, 77) == 77)
        #expect(cs_call_paint_raw_level(paint, CS_COLOR_RED, 77) == 0)
        #expect(cs_call_paint(paint, CS_COLOR_BLUE, .CS_LEVEL_ERROR) == 0)
    }

    @Test func composedEnumMatchers() {
        stub(paint(that(eq(CS_COLOR_RED) || eq(CS_COLOR_BLUE)), that(!eq(.CS_LEVEL_INFO)))).with { 1 }
        #expect(cs_call_paint(paint, CS_COLOR_RED, .CS_LEVEL_DEBUG) == 1)
        #expect(cs_call_paint(paint, CS_COLOR_BLUE, .CS_LEVEL_ERROR) == 1)
        #expect(cs_call_paint(paint, CS_COLOR_GREEN, .CS_LEVEL_ERROR) == 0)
        #expect(cs_call_paint(paint, CS_COLOR_RED, .CS_LEVEL_INFO) == 0)
    }
}

@Suite("Matchers on struct arguments, called from C")
struct StructMatcherTests {
    let plot = mockFunction(of: cs_fn_plot.self, named: "plot")

    @Test func literalStructsCompareFieldByField() {
        stub(plot(cs_point(x: 1, y: 2), cs_sample(tag: 7, value: 0.5))).with { 1 }
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 2), 7, 0.5, 0x00) == 1)
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 3), 7, 0.5, 0x00) == 0)
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 2), 8, 0.5, 0x00) == 0)
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 2), 7, 0.25, 0x00) == 0)
    }

    @Test func paddingNeverCounts() {
        stub(plot(any(), eq(cs_sample(tag: 7, value: 0.5)))).with { 1 }
        stub(plot(cs_point(x: 9, y: 9), cs_sample(tag: 1, value: 2))).with { 2 }
        for padding: UInt8 in [0x00, 0xFF, 0xA5] {
            #expect(cs_call_plot(plot, cs_point(x: 0, y: 0), 7, 0.5, padding) == 1, "padding \(padding)")
            #expect(cs_call_plot(plot, cs_point(x: 9, y: 9), 1, 2, padding) == 2, "padding \(padding)")
        }
    }

    @Test func floatingFieldsCompareByValue() {
        stub(plot(any(), eq(cs_sample(tag: 0, value: 0.0)))).with { 1 }
        stub(plot(any(), cs_sample(tag: 1, value: .nan))).with { 2 }
        #expect(cs_call_plot(plot, cs_point(), 0, -0.0, 0xEE) == 1)
        #expect(cs_call_plot(plot, cs_point(), 1, .nan, 0) == 0)
    }

    @Test func structArgAndAnyStruct() {
        stub(plot(structArg(cs_point(x: -1, y: 1)), anyStruct(cs_sample.self))).with { 1 }
        #expect(cs_call_plot(plot, cs_point(x: -1, y: 1), 3, 3, 0x11) == 1)
        #expect(cs_call_plot(plot, cs_point(x: -1, y: 1), -3, .infinity, 0x22) == 1)
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 1), 3, 3, 0x11) == 0)
    }

    @Test func structMatchingPredicates() {
        stub(plot(structMatching(cs_point.self) { $0.x == -$0.y }, structMatching(cs_sample.self) { $0.value > 1 }))
            .with { (at: cs_point, sample: cs_sample) in at.x + Int32(sample.tag) }
        #expect(cs_call_plot(plot, cs_point(x: 5, y: -5), 10, 1.5, 0x33) == 15)
        #expect(cs_call_plot(plot, cs_point(x: 5, y: 5), 10, 1.5, 0x33) == 0)
        #expect(cs_call_plot(plot, cs_point(x: 5, y: -5), 10, 1, 0x33) == 0)
    }

    @Test func matchingAndThatOnStructs() {
        let nearOrigin = Matcher<cs_point>("near the origin") { abs($0.x) <= 1 && abs($0.y) <= 1 }
        stub(plot(that(nearOrigin && !eq(cs_point(x: 0, y: 0))), matching { (sample: cs_sample) in sample.tag == 2 })).with { 1 }
        #expect(cs_call_plot(plot, cs_point(x: 1, y: -1), 2, 0, 0) == 1)
        #expect(cs_call_plot(plot, cs_point(x: 0, y: 0), 2, 0, 0) == 0)
        #expect(cs_call_plot(plot, cs_point(x: 2, y: 0), 2, 0, 0) == 0)
        #expect(cs_call_plot(plot, cs_point(x: 1, y: 0), 3, 0, 0) == 0)
    }

    @Test func structResults() {
        let translate = mockFunction(of: cs_fn_translate.self, named: "translate")
        stub(translate(any(), gt(0))).with { (p: cs_point, dx: Int32) in cs_point(x: p.x + dx, y: p.y) }
        let moved = cs_call_translate(translate, cs_point(x: 1, y: 2), 10)
        #expect(moved.x == 11 && moved.y == 2)
        let unmatched = cs_call_translate(translate, cs_point(x: 1, y: 2), 0)
        #expect(unmatched.x == 0 && unmatched.y == 0)
    }
}

@Suite("Matchers on Bool arguments, called from C")
struct BoolMatcherTests {
    let flag = mockFunction(of: cs_fn_flag.self, named: "flag")

    @Test func boolLiteralBesideAMatcher() {
        stub(flag(true, anyInt())).with { 1 }
        stub(flag(false, gt(5))).with { 2 }
        #expect(cs_call_flag(flag, true, -3) == 1)
        #expect(cs_call_flag(flag, false, 6) == 2)
        #expect(cs_call_flag(flag, false, 5) == 0)
    }

    @Test func boolMatcherBesideALiteral() {
        stub(flag(anyBool(), 3)).with { (enabled: Bool, _: Int32) in enabled ? 10 : 20 }
        stub(flag(eq(true), 4)).with { 4 }
        #expect(cs_call_flag(flag, true, 3) == 10)
        #expect(cs_call_flag(flag, false, 3) == 20)
        #expect(cs_call_flag(flag, true, 4) == 4)
        #expect(cs_call_flag(flag, false, 4) == 0)
    }

    @Test func sixBoolMatchersInOnePrototype() {
        let flags = mockFunction(of: cs_fn_seven_flags.self, named: "flags")
        stub(flags(anyBool(), eq(true), anyBool(), eq(false), anyBool(), true, eq(true))).with { 1 }
        #expect(flags(false, true, true, false, false, true, true) == 1)
        #expect(flags(true, true, false, false, true, true, true) == 1)
        #expect(flags(false, false, true, false, false, true, true) == 0)
        #expect(flags(false, true, true, true, false, true, true) == 0)
        #expect(flags(false, true, true, false, false, false, true) == 0)
        #expect(flags(false, true, true, false, false, true, false) == 0)
    }
}

@Suite("Mocka's matcher spellings")
struct MockaAliasTests {
    let add = mockFunction(of: cs_fn_add.self, named: "add")

    @Test func intArgIsEquality() {
        stub(add(intArg(50), anyInt())).with { 1 }
        #expect(cs_call_add(add, 50, -1) == 1)
        #expect(cs_call_add(add, 51, -1) == 0)
    }

    @Test func intMatchingIsAPredicate() {
        stub(add(intMatching { $0 > 3 }, intMatching { $0 < 0 })).with { 1 }
        #expect(cs_call_add(add, 4, -1) == 1)
        #expect(cs_call_add(add, 3, -1) == 0)
        #expect(cs_call_add(add, 4, 0) == 0)
    }

    @Test func intThatTakesAMatcher() {
        stub(add(intThat(gt(5)), intThat(Matcher("odd") { $0 % 2 != 0 }))).with { 1 }
        #expect(cs_call_add(add, 6, 3) == 1)
        #expect(cs_call_add(add, 5, 3) == 0)
        #expect(cs_call_add(add, 6, 2) == 0)
    }

    @Test func anyAliasesOnTheirTypes() {
        let widths = mockFunction(of: cs_fn_widths.self, named: "widths")
        stub(widths(anyInt(), anyInt(), anyInt(), anyInt())).with { 1 }
        #expect(cs_call_widths(widths, .min, .max, .min, .max) == 1)

        let scale = mockFunction(of: cs_fn_scale.self, named: "scale")
        stub(scale(anyDouble(), anyFloat())).with { 1 }
        #expect(cs_call_scale(scale, .nan, -.infinity) == 1)

        let flag = mockFunction(of: cs_fn_flag.self, named: "flag")
        stub(flag(anyBool(), anyInt())).with { 1 }
        #expect(cs_call_flag(flag, false, 0) == 1)

        let readCounter = mockFunction(of: cs_fn_read_counter.self, named: "readCounter")
        stub(readCounter(anyPointer())).with { 1 }
        #expect(cs_call_read_counter(readCounter, 0, true) == 1)
        #expect(cs_call_read_counter(readCounter, 0, false) == 1)

        let plot = mockFunction(of: cs_fn_plot.self, named: "plot")
        stub(plot(anyStruct(cs_point.self), anyStruct(cs_sample.self))).with { 1 }
        #expect(cs_call_plot(plot, cs_point(x: .min, y: .max), -1, .nan, 0xFF) == 1)
    }

    @Test func structArgAndStructMatching() {
        let translate = mockFunction(of: cs_fn_translate.self, named: "translate")
        stub(translate(structArg(cs_point(x: 1, y: 1)), anyInt())).with { cs_point(x: 100, y: 100) }
        stub(translate(structMatching(cs_point.self) { $0.y < 0 }, intArg(0))).with { cs_point(x: -1, y: -1) }
        #expect(cs_call_translate(translate, cs_point(x: 1, y: 1), 5).x == 100)
        #expect(cs_call_translate(translate, cs_point(x: 1, y: -5), 0).x == -1)
        #expect(cs_call_translate(translate, cs_point(x: 1, y: -5), 1).x == 0)
        #expect(cs_call_translate(translate, cs_point(x: 2, y: 1), 5).x == 0)
    }
}
