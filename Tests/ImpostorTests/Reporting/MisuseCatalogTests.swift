import CImpostorTestSupport
import Impostor
import Testing

/// Declared wrong on purpose: 16 bytes of floats are four, not two.
extension cm_float_union: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.floatingPoint, .floatingPoint] }
    public static var aarch64Passing: AArch64Passing? { .floats(2) }
}

/// One test per misuse Impostor detects, each asserting the message and the line it is
/// reported at. The list, with every message, is in the documentation's "Misuse catalog".
@Suite struct MisuseCatalogTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32
    typealias Narrow = @convention(c) (Int32) -> Int8

    /// The single failure `body` raised, or nil.
    private func failure(_ body: () -> Void) -> ImpostorFailure? {
        let failures = captureFailures(body)
        #expect(failures.count == 1, "expected exactly one failure, got \(failures)")
        return failures.first
    }

    // MARK: Creating mocks

    @Test func mockOfANonFunctionType() {
        let line = #line + 1
        let failure = failure { _ = mockFunction(of: String.self, named: "text") }
        #expect(failure?.message == "Cannot mock String: mockFunction needs a C function pointer type, such as `@convention(c) (Int32, Int32) -> Int32`.")
        #expect(failure?.site.line == line)
    }

    @Test func mockOfASwiftClosureType() {
        let line = #line + 1
        let failure = failure { _ = mockFunction(of: ((Int32) -> Int32).self, named: "closure") }
        #expect(failure?.message == "Cannot mock (Int32) -> Int32: it is a Swift function type, not a C function pointer. Write the type with `@convention(c)`, as in `@convention(c) (Int32) -> Int32`.")
        #expect(failure?.site.line == line)
    }

    @Test func mockWithAPackedStruct() throws {
        typealias Takes = @convention(c) (Int32, packed_pair) -> Void
        let error = try #require(throws: MockCreationError.self) { _ = try Mockery().makeMock(of: Takes.self, named: "takes") }
        #expect(error.position == .parameter(2))
        #expect(error.description.hasSuffix("libffi cannot describe misaligned fields."))
    }

    @Test func mockWithAnEmptyStruct() throws {
        typealias Returns = @convention(c) () -> cm_empty
        let error = try #require(throws: MockCreationError.self) { _ = try Mockery().makeMock(of: Returns.self, named: "empty") }
        #expect(error.description == "Cannot mock @convention(c) () -> cm_empty: the return type has type cm_empty, an empty struct, which has no C calling convention.")
        #expect(error.position == .result)
    }

    @Test func mockWithAnOveralignedStruct() throws {
        typealias Takes = @convention(c) (cm_overaligned) -> Void
        let error = try #require(throws: MockCreationError.self) { _ = try Mockery().makeMock(of: Takes.self, named: "aligned") }
        #if arch(x86_64)
        #expect(error.description == "Cannot mock @convention(c) (cm_overaligned) -> (): parameter 1 has type cm_overaligned, aligned to 16 bytes with no `long double` in it (a 128-bit integer or vector?); libffi cannot pass it.")
        #else
        #expect(error.description.hasPrefix("Cannot mock @convention(c) (cm_overaligned) -> (): parameter 1 has type cm_overaligned, aligned to 16 bytes: it holds a `long double`, a 128-bit integer or a vector. long double is not supported on this platform, "))
        #endif
    }

    @Test func anArm64DeclarationThatCannotDescribeItsType() throws {
        typealias Takes = @convention(c) (cm_float_union) -> Void
        let error = try #require(throws: MockCreationError.self) { _ = try Mockery().makeMock(of: Takes.self, named: "wrong") }
        #expect(error.description == "Cannot mock @convention(c) (cm_float_union) -> (): parameter 1 has type cm_float_union, "
            + "whose CRegisterLayout.aarch64Passing is .floats(2), which cannot describe its 16 bytes: an aggregate of "
            + "floating point has 1 to 4 members that fill the type (.floats(n) for n times 4 bytes, .doubles(n) for n "
            + "times 8). Declare the members it has, or .generalRegisters if they are not all of one floating-point type.")
    }

    @Test func callToAMockThatCouldNotBeCreated() {
        let context = Mockery()
        let line = #line + 3
        var result: Int32 = -1
        let failures = captureFailures {
            let broken = context.mock(of: (@convention(c) (Int32, packed_pair) -> Int32).self, named: "broken")
            result = broken(1, packed_pair())
        }
        #expect(result == 0)
        #expect(failures.map(\.site.line) == [line, line])
        #expect(failures.last?.message == "Call to mock broken, which could not be created (see the failure at its creation); the call returned zero.")
    }

    @Test func callToASwiftClosureMock() {
        let line = #line + 2
        let failures = captureFailures {
            let callback: (Int32) -> Int32 = mockFunction(named: "callback")
            #expect(callback(1) == 0)
        }
        #expect(failures.map(\.site.line) == [line, line])
        #expect(failures.last?.message == "Call to mock callback, which could not be created (see the failure at its creation); the call returned zero.")
    }

    @Test func callToASwiftClosureMockWhoseResultHasNoDefault() async {
        // Swift Testing compiles an exit test's body where the #expect is, so #line in it is that line.
        let line = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            let make: () -> Mockery = mockFunction(named: "make")
            _ = make()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Impostor: ImpostorTests/MisuseCatalogTests.swift:\(line):"), "\(text)")
        #expect(text.contains(
            "Call to mock make, which could not be created (see the failure at its creation): no value of its return type "
                + "Mockery can be made up, so the test process stops here. Only C function pointers can be mocked: "
                + "write the type with `@convention(c)`."), "\(text)")
    }

    @Test func swiftClosureTypeNoOverloadTakes() async {
        // Swift Testing compiles an exit test's body where the #expect is, so #line in it is that line.
        let line = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\ExitTest.Result.standardErrorContent]) {
            _ = mockFunction(of: (@Sendable (Int32) -> Int32).self, named: "sendable")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Impostor: ImpostorTests/MisuseCatalogTests.swift:\(line):"), "\(text)")
        #expect(text.contains(
            "Cannot mock @Sendable (Int32) -> Int32 (mock sendable): it is a Swift function type, and no placeholder "
                + "of it can be made that is safe to call, so the test process stops here. Write the type with `@convention(c)`, "
                + "as in `@convention(c) (Int32) -> Int32`."), "\(text)")
    }

    @Test func callToAReleasedMock() {
        let line = #line + 1
        var add: Binary? = Mockery().mock(of: Binary.self, named: "gone")
        let failure = failure { #expect(add!(1, 2) == 0) }
        #expect(ReleasedMockTests.isLateCallReport(failure?.message, name: "gone"), "\(String(describing: failure))")
        #expect(failure?.site.line == line)
        add = nil
    }

    // MARK: Reading calls

    @Test func argumentOfTheWrongType() {
        let add: Binary = mockFunction(named: "add")
        _ = add(1, 2)
        let call = invocations(of: add)[0]
        let line = #line + 1
        let failure = failure { #expect(call.argument(1, as: Int64.self) == 0) }
        #expect(failure?.message == "Cannot read argument 1 of a call to add as Int64: that parameter is Int32. Use `argument(1, as: Int32.self)`.")
        #expect(failure?.site.line == line)
    }

    @Test func argumentIndexOutOfRange() {
        let add: Binary = mockFunction(named: "add")
        _ = add(1, 2)
        let call = invocations(of: add)[0]
        let failure = failure { #expect(call.argument(2, as: Int32.self) == 0) }
        #expect(failure?.message == "Cannot read argument 2 of a call to add: it takes 2 arguments (indices 0..<2).")
    }

    /// A `char **` (here an `argv`, called from C) points to pointers: its copied bytes are an
    /// address, and reading them as text would be a silent wrong answer.
    @Test func cStringOfAPointerToPointers() {
        let takesArgv: cm_argv_fn = mockFunction(named: "takesArgv")
        cm_call_argv(takesArgv)
        let call = invocations(of: takesArgv)[0]
        var text: String? = "not read"
        let line = #line + 1
        let failures = captureFailures { text = call.cString(0) }
        #expect(text == nil)
        #expect(failures.map(\.message) == [
            "Cannot read argument 0 of a call to takesArgv as text: that parameter is "
                + "UnsafeMutablePointer<Optional<UnsafeMutablePointer<Int8>>>?, which points to "
                + "UnsafeMutablePointer<Int8>?, not to characters. What was copied from it is in `bytes(0)`; "
                + "its value in `argument(0, as: UnsafeMutablePointer<Optional<UnsafeMutablePointer<Int8>>>?.self)`."
        ])
        #expect(failures.first?.site.line == line)
        #expect(call.bytes(0)?.count == 8, "the pointee, one pointer, is still there as bytes")
        // The text parameter beside it still reads as text, and an index out of range is reported.
        var name: String?
        #expect(captureFailures { name = call.cString(1) }.isEmpty)
        #expect(name == "argv")
        #expect(captureFailures { _ = call.cString(2) }.map(\.message) == ["Cannot read argument 2 of a call to takesArgv: it takes 2 arguments (indices 0..<2)."])
    }

    /// `cString(i)` and `bytes(i)` of a parameter that is no pointer, or past the last one,
    /// say so at their line instead of a silent nil, which would read as a NULL pointer.
    @Test func textOrBytesOfANonPointerOrMissingArgument() {
        let add: Binary = mockFunction(named: "add")
        _ = add(1, 2)
        let call = invocations(of: add)[0]
        var read: [String?] = []
        var bytes: [[UInt8]?] = []
        var lines: [Int] = []
        let failures = captureFailures {
            lines.append(#line + 1)
            read.append(call.cString(1))
            lines.append(#line + 1)
            bytes.append(call.bytes(0))
            lines.append(#line + 1)
            bytes.append(call.bytes(2))
        }
        #expect(read == [nil] && bytes == [nil, nil])
        #expect(failures.map(\.message) == [
            "Cannot read the text argument 1 of a call to add points to: that parameter is Int32, not a pointer. Use `argument(1, as: Int32.self)`.",
            "Cannot read the bytes argument 0 of a call to add points to: that parameter is Int32, not a pointer. Use `argument(0, as: Int32.self)`.",
            "Cannot read argument 2 of a call to add: it takes 2 arguments (indices 0..<2).",
        ])
        #expect(failures.map(\.site.line) == lines)
    }

    @Test func returnValueOfTheWrongType() {
        let narrow: Narrow = mockFunction(named: "narrow")
        _ = narrow(1)
        let call = invocations(of: narrow)[0]
        let failure = failure { #expect(call.returnValue(as: Int32.self) == 0) }
        #expect(failure?.message == "Cannot read the return value of a call to narrow as Int32: the function returns Int8.")
    }

    /// Inside its own block a call has not returned yet: the same text as for one left by longjmp.
    @Test func returnValueOfACallThatDidNotReturn() {
        let decode: Narrow = mockFunction(named: "decode")
        let read = Locked<[ImpostorFailure]>([])
        stub(decode(any())).with { (_: Int32) -> Int8 in
            let call = invocations(of: decode)[0]
            read.withLock { $0 = captureFailures { _ = call.returnValue(as: Int8.self) } }
            return 1
        }
        #expect(decode(-1) == 1)
        #expect(read.withLock { $0.map(\.message) } == [
            "Cannot read the return value of decode(-1) (did not return): its answer never returned to the caller (it "
                + "left with longjmp, or was still running when the calls were read), so the caller got no value."
        ])
        #expect(invocations(of: decode)[0].returnValue(as: Int8.self) == 1)
    }

    @Test func invocationsOfSomethingThatIsNotAMock() {
        let real: Binary = { a, b in a &+ b }
        let failure = failure { #expect(invocations(of: real).isEmpty) }
        #expect(failure?.message == "@convention(c) (Int32, Int32) -> Int32 is not a mock made by Impostor: pass the function pointer mockFunction returned.")
    }

    @Test func invocationsOfAReleasedMock() {
        let add = Mockery().mock(of: Binary.self, named: "gone")
        let failure = failure { #expect(invocations(of: add).isEmpty) }
        #expect(failure?.message == "Mock gone was released with its Mockery; its calls are gone.")
    }

    @Test func resetOfSomethingThatIsNotAMock() {
        let real: Binary = { a, b in a &+ b }
        let line = #line + 1
        let failure = failure { reset(real) }
        #expect(failure?.message == "@convention(c) (Int32, Int32) -> Int32 is not a mock made by Impostor: pass the function pointer mockFunction returned.")
        #expect(failure?.site.line == line)
    }

    @Test func clearInvocationsOfAReleasedMock() {
        let add = Mockery().mock(of: Binary.self, named: "gone")
        let line = #line + 1
        let failure = failure { clearInvocations(add) }
        #expect(failure?.message == "Mock gone was released with its Mockery; its calls are gone.")
        #expect(failure?.site.line == line)
    }

    // MARK: Prototypes and matchers

    @Test func matcherLeftOutsideAPrototype() {
        let add: Binary = mockFunction(named: "add")
        let line = #line + 1
        let stray: Int32 = any()
        let failure = failure { stub(add(1, 2)).with { 3 } }
        #expect(failure?.message == "Matcher any() was used outside stub(...) or verify(...), where it means nothing; a mock called with it received a placeholder value, and answered with the default value (no stub's answer and no original ran). Write matchers only inside the prototype of a stub or verify.")
        #expect(failure?.site.line == line)
        _ = stray
        #expect(add(1, 2) == 3)
    }

    /// A stub's block that writes a matcher, run on a C thread that then ends: reported at the
    /// matcher's line to the test of the mock's Mockery, which collects it on its own thread.
    @Test func matcherLeftOnAThreadThatEnds() {
        typealias Event = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void
        let mockery = Mockery("thread end")
        let callback = mockery.mock(of: Event.self, named: "callback")
        let line = #line + 3
        mockery.withCurrent {
            stub(callback(any(), any())).with { (_: Int32, _: UnsafePointer<CChar>?) in
                let stray: Int32 = any()
                _ = stray
            }
        }
        cv_join(cv_call_later(callback, 1, nil, 1, 0))
        let failure = failure { mockery.assertIsSatisfied() }
        #expect(failure?.message == "Matcher any() was used outside stub(...) or verify(...), where it means nothing, on a thread that then ended. Write matchers only inside the prototype of a stub or verify.")
        #expect(failure?.site.line == line)
    }

    @Test func mockCalledWithAMatcherOutsideAPrototype() {
        let add: Binary = mockFunction(named: "add")
        let line = #line + 1
        let failure = failure { _ = add(gt(1), 2) }
        #expect(failure?.message.hasPrefix("Matcher gt(1) was used outside stub(...) or verify(...)") == true)
        #expect(failure?.site.line == line)
    }

    @Test func prototypeThatCallsNoMock() {
        let line = #line + 1
        let failure = failure { stub(Int32(3)).with { 4 } }
        #expect(failure?.message == "The prototype passed to stub(...) calls no mock. Write the mock call itself, as in `stub(add(any(), 5))`.")
        #expect(failure?.site.line == line)
    }

    @Test func prototypeThatCallsTwoMocks() {
        let add: Binary = mockFunction(named: "add")
        let sub: Binary = mockFunction(named: "sub")
        let failure = failure { stub(add(sub(1, 2), 3)).with { 4 } }
        #expect(failure?.message == "The prototype passed to stub(...) calls 2 mocks (sub, add); each prototype must call exactly one. Pass one prototype per call, as in `stub(a(1), b(2))`, or group them in `stub { ... }`.")
    }

    @Test func verifyPrototypeThatCallsNoMock() {
        let failure = failure { verify(Int32(3)) }
        #expect(failure?.message == "The prototype passed to verify(...) calls no mock. Write the mock call itself, as in `verify(add(any(), 5))`.")
    }

    @Test func stubNestedInAPrototype() {
        let add: Binary = mockFunction(named: "add")
        let failures = captureFailures {
            stub(add({ stub(add(1, 1)).with { 0 }; return 2 }(), 3)).with { 4 }
        }
        #expect(failures.map(\.message) == ["stub(...) was called inside the prototype of another stub or verify. Write them one after the other."])
    }

    @Test func prototypeThatChangesBetweenEvaluations() {
        let add: Binary = mockFunction(named: "add")
        let sub: Binary = mockFunction(named: "sub")
        var evaluations = 0
        let failure = failure {
            stub({ () -> Int32 in evaluations += 1; return evaluations == 1 ? add(1, 2) : sub(1, 2) }()).with { 0 }
        }
        #expect(failure?.message == "The prototype passed to stub(...) called different mocks, or used different matchers, when evaluated again. Prototypes are evaluated more than once to bind matchers; keep them free of side effects and conditions.")
    }

    @Test func matcherCreatedAfterTheMockCall() {
        let add: Binary = mockFunction(named: "add")
        let line = #line + 1
        let failure = failure { stub({ () -> Int32 in let result = add(1, 2); let _: Int32 = any(); return result }()).with { 0 } }
        #expect(failure?.message == "Matcher any() was created in the prototype of stub(...) after its last mock call, so no argument receives it. Pass matchers directly as arguments of the mock call.")
        #expect(failure?.site.line == line)
    }

    @Test func matcherChangedOnItsWayToTheMock() {
        let add: Binary = mockFunction(named: "add")
        let line = #line + 1
        let failure = failure { stub(add(anyInt() &+ 1, 5)).with { 0 } }
        #expect(failure?.message == "Matcher any() in stub(...) did not reach any argument of add unchanged (it was converted, computed with, or passed to something else). Pass the matcher directly as the argument.")
        #expect(failure?.site.line == line)
    }

    @Test func matcherOfTheWrongTypeForItsArgument() {
        let paint: @convention(c) (cm_color) -> Void = mockFunction(named: "paint")
        let line = #line + 1
        let failure = failure { stub(paint(cm_color(rawValue: any()))).with {} }
        #expect(failure?.message == "Matcher any() matches UInt32 values, but it was passed as argument 1 of paint, which is cm_color.")
        #expect(failure?.site.line == line)
    }

    @Test func tooManyBoolMatchers() {
        let flags: cm_flags_fn = mockFunction(named: "flags")
        let failure = failure { stub(flags(any(), any(), any(), any(), any(), any(), any())).with {} }
        #expect(failure?.message == "A prototype can hold at most 6 Bool matchers: they cannot be told apart beyond that. Write literal Bool arguments as `eq(true)` or split the stub.")
    }

    // MARK: Stubs

    @Test func stubBlockWithTheWrongParameterTypes() {
        let add: Binary = mockFunction(named: "add")
        let line = #line + 1
        let failure = failure { stub(add(1, 2)).with { (a: Int64, b: Int32) in Int32(a) + b } }
        #expect(failure?.message == "The block passed to with { } takes (Int64, Int32), but add takes (Int32, Int32). Declare the block with exactly the mock's parameter types, no parameters, or one Invocation.")
        #expect(failure?.site.line == line)
        #expect(add(1, 2) == 0)
    }

    @Test func stubBlockWithTooFewParameters() {
        let add: Binary = mockFunction(named: "add")
        let failure = failure { stub(add(1, 2)).with { (a: Int32) in a } }
        #expect(failure?.message.hasPrefix("The block passed to with { } takes (Int32), but add takes (Int32, Int32).") == true)
    }

    @Test func groupedStubWithAnIncompatibleResult() {
        let add: Binary = mockFunction(named: "add")
        let failure = failure { stub { add(1, 2) }.with { "three" } }
        #expect(failure?.message == "The block passed to with { } returns String, but add returns Int32.")
    }

    @Test func groupedStubWhoseValueDoesNotFit() {
        let narrow: Narrow = mockFunction(named: "narrow")
        stub { narrow(1) }.with { 300 }
        let failure = failure { #expect(narrow(1) == 0) }
        #expect(failure?.message == "The grouped stub's block returned 300, which does not fit narrow's return type Int8; the call returned zero.")
    }

    @Test func returningNothing() {
        let add: Binary = mockFunction(named: "add")
        let failure = failure { stub(add(1, 2)).returning() }
        #expect(failure?.message == "returning(...) needs at least one value.")
    }

    // MARK: Verification

    @Test func negativeCount() {
        let add: Binary = mockFunction(named: "add")
        let failure = failure { verify(.atLeast(-2), add(1, 2)) }
        #expect(failure?.message == "verify was given an impossible count (minimum -2, maximum none); counts cannot be negative.")
    }

    /// Refused before any wait, and nothing is marked verified: a later verify still sees the
    /// call (found by a trial: `.seconds(-1)` used to pass as an immediate check).
    @Test func negativeTimeout() {
        let context = Mockery("negative timeout")
        let add: Binary = context.mock(named: "add")
        let power = context.states("power", startsAs: "off")
        _ = cs_call_add(add, 1, 2)
        let line = #line + 2
        let failures = captureFailures {
            verify(within: .seconds(-1), add(1, 2))
            verify(within: .milliseconds(-5), .never, add(3, 4))
            verifyInOrder(within: .seconds(-1)) { add(1, 2) }
            context.waitUntil(power.is("on"), timeout: .seconds(-2))
        }
        #expect(failures.map(\.message) == [
            "verify(within:) was given a negative timeout (-1.0 seconds): a wait cannot end before it starts. Give zero or "
                + "more; nothing was checked.",
            "verify(within:) was given a negative timeout (-0.005 seconds): a wait cannot end before it starts. Give zero or "
                + "more; nothing was checked.",
            "verifyInOrder(within:) was given a negative timeout (-1.0 seconds): a wait cannot end before it starts. Give "
                + "zero or more; nothing was checked.",
            "waitUntil(timeout:) was given a negative timeout (-2.0 seconds): a wait cannot end before it starts. Give zero "
                + "or more; nothing was checked.",
        ])
        #expect(failures.map(\.site.line) == [line, line + 1, line + 2, line + 3])
        // Nothing was marked verified: the call is still there to verify.
        #expect(captureFailures { verifyNoMoreInvocations(add) }.count == 1)
        #expect(captureFailures { verify(within: .zero, add(1, 2)); verifyNoMoreInvocations(add) }.isEmpty)
    }

    @Test func pointerMatcherOnAParameterNothingIsCopiedFrom() {
        let sink: @convention(c) (UnsafeRawPointer?, Int32) -> Void = mockFunction(named: "sink")
        let line = #line + 1
        let failure = failure { verify(sink(bytes([65, 65]), 2)) }
        #expect(failure?.message == "bytes([0x41, 0x41]) in verify(...) reads the memory argument 1 of sink points to, but nothing is copied from that parameter (UnsafeRawPointer?) when a call arrives, and a caller's memory may be gone once the call returns. Say what it points to when you create the mock, by position from 0: capturing: [0: .bytes(n)], [0: .buffer(count: k)] (a length in parameter k) or [0: .cString].")
        #expect(failure?.site.line == line)
    }

    @Test func textMatcherOnATextPointerWithALengthFurtherOn() {
        typealias Data = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Void
        let data: Data = mockFunction(named: "data")
        let line = #line + 1
        let failure = failure { verify(data(cString("abc"), any(), 3)) }
        #expect(failure?.message == "cString(\"abc\") in verify(...) reads the memory argument 1 of data points to, but that parameter (UnsafePointer<Int8>?) comes before argument 3 (Int), which may be its length or not, so Impostor copied only up to whichever of a NUL and that number came first. Say which it is when you create the mock, by position from 0: capturing: [0: .cString] for a NUL-terminated string, [0: .buffer(count: 2)] for a buffer of that length.")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func pointerMatcherOnMemoryUnreadableAtCallTime() {
        // A pointer no process can own (below 4096) is unreadable without a read; memory that
        // faults is the same failure (see UnreadableMemoryScenarios).
        let log: @convention(c) (UnsafePointer<CChar>?) -> Void = mockFunction(named: "log")
        let line = #line + 1
        stub(log(cString("ready"))).with { }
        let failures = captureFailures { log(UnsafePointer(bitPattern: 0x10)) }
        #expect(failures.map(\.message) == ["cString(\"ready\") in stub(...) reads the memory argument 1 of log points to, but that memory was unreadable at call time (0x0000000000000010): a page before its end could not be read, or its length was more than any process can own. The call does not match."])
        #expect(failures.map(\.site.line) == [line])
        let verifyLine = #line + 1
        let verified = failure { verify(.never, log(cString("ready"))) }
        #expect(verified?.message == "cString(\"ready\") in verify(...) reads the memory argument 1 of log points to, but in call #1 that memory was unreadable at call time (0x0000000000000010): a page before its end could not be read, or its length was more than any process can own. The call does not match.")
        #expect(verified?.site.line == verifyLine)
        #expect(invocations(of: log).map(\.description) == ["log(unreadable at call time (0x0000000000000010))"])
    }

    @Test func captureDeclarationThatDoesNotFit() {
        typealias Sink = @convention(c) (UnsafeRawPointer?, Double) -> Void
        let line = #line + 1
        let failure = failure { _ = mockFunction(of: Sink.self, named: "sink", capturing: [0: .buffer(count: 1)]) }
        #expect(failure?.message == "capturing: [0: .buffer(count: 1)] takes the length from parameter 1, which is Double; a buffer's length must be another integer parameter. The declaration was left out.")
        #expect(failure?.site.line == line)
    }

    @Test func prototypeThatIsTheMockItself() {
        let add: Binary = mockFunction(named: "add")
        let line = #line + 1
        let failure = failure { verify(.once, add) }
        #expect(failure?.message == "verify(...) was given the mock add itself, not a call to it. Write the call, with literals or matchers for its arguments, as in `verify(add(any(), any()))`.")
        #expect(failure?.site.line == line)
    }

    @Test func stalePlaceholderPassedAsALiteral() {
        let add: Binary = mockFunction(named: "add")
        var matcherLine = 0, stubLine = 0
        let failures = captureFailures {
            matcherLine = #line + 1
            let stale: Int32 = any()
            stubLine = #line + 1
            stub(add(stale, 5)).with { 1 }
        }
        #expect(failures.map(\.site.line) == [matcherLine, stubLine])
        #expect(failures.last?.message == "Argument 1 of add in stub(...) is the placeholder that any() returned at ImpostorTests/MisuseCatalogTests.swift:\(matcherLine):35, outside any stub or verify; it stands for no value. Write the matcher inside the prototype, as the argument itself.")
    }

    @Test func temporaryPointerLiteral() {
        let find: @convention(c) (UnsafeRawPointer?) -> Int32 = mockFunction(named: "find")
        let line = #line + 1
        let failure = failure { stub(find([UInt8](repeating: 7, count: 3))).with { 1 } }
        #expect(failure?.message == "Argument 1 of find (UnsafeRawPointer?) in stub(...) had a different value each time the prototype was evaluated. A string or array passed to a pointer parameter is converted to a temporary pointer, new on every evaluation, which no call will ever pass; match what it points to with cString(...), bytes(...) or pointee(...).")
        #expect(failure?.site.line == line)
    }

    @Test func verifyNoMoreInvocationsOfSomethingThatIsNotAMock() {
        let real: Binary = { a, b in a &+ b }
        let failure = failure { verifyNoMoreInvocations(real) }
        #expect(failure?.message.hasSuffix("is not a mock made by Impostor: pass the function pointer mockFunction returned.") == true)
    }

    // MARK: Method tables

    @Test(.mockery) func tableOfANonStructType() {
        let line = #line + 1
        let failure = failure { #expect(mockTable(of: Int32.self, named: "number") == 0) }
        #expect(failure?.message == "Cannot mock Int32 as the table number: mockTable needs a struct of function pointers, such as sqlite3_io_methods. For a single function pointer, use mockFunction.")
        #expect(failure?.site.line == line)
        var returned: Int32 = 0
        let reported = captureFailures { returned = mockTable(named: "number", template: Int32(7)) }
        #expect(returned == 7 && reported.count == 1)
    }

    @Test(.mockery) func tableWithoutFunctionPointers() {
        let line = #line + 1
        let failure = failure { _ = mockTable(of: ct_plain_point.self, named: "point") }
        #expect(failure?.message == "Cannot mock ct_plain_point as the table point: it has no function-pointer fields, so there is nothing to mock.")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func tableWithAUnion() {
        let line = #line + 1
        let failure = failure { _ = mockTable(of: ct_union_table.self, named: "tagged") }
        #expect(failure?.message == "Cannot mock every function pointer of ct_union_table as the table tagged: Swift's reflection cannot name what lies in payload (__Unnamed_union_payload, a union or bitfields: bytes 8..<16), so a function pointer there would not be mocked. Mock the fields you need one by one with mockFunction, or pass `unnamedMembers: .keepBytes` to leave those bytes as the template has them (zero without one).")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func tableWithAnAnonymousUnion() {
        let failure = failure { _ = mockTable(of: ct_anonymous_table.self, named: "anonymous") }
        #expect(failure?.message.hasPrefix("Cannot mock every function pointer of ct_anonymous_table as the table anonymous: Swift's reflection cannot name what lies in bytes 8..<16 (bitfields, or an anonymous union or struct), so") == true, "\(failure?.message ?? "")")
    }

    @Test(.mockery) func tableWithBitfields() {
        let failure = failure { _ = mockTable(of: ct_flagged_table.self, named: "flagged") }
        #expect(failure?.message.hasPrefix("Cannot mock every function pointer of ct_flagged_table as the table flagged: Swift's reflection cannot name what lies in bytes 8..<16 (bitfields, or an anonymous union or struct), so") == true, "\(failure?.message ?? "")")
    }

    @Test(.mockery) func tableFieldThatCannotBeMocked() {
        let line = #line + 3
        var result: Int32 = -1
        let failures = captureFailures {
            let table: ct_mixed_table = mockTable(named: "mixed")
            result = table.bad!(1, ct_table_packed())
            #expect(table.good!(1) == 0)
        }
        #expect(result == 0)
        #expect(failures.map(\.site.line) == [line, line])
        #expect(failures.first?.message == "Field bad of ct_mixed_table: Cannot mock @convention(c) (Int32, ct_table_packed) -> Int32: parameter 2 has type ct_table_packed, a packed struct: field `i` (Int32) is at offset 1, which is not a multiple of its alignment 4. libffi cannot describe misaligned fields.")
        #expect(failures.last?.message == "Call to mock mixed.bad, which could not be created (see the failure at its creation); the call returned zero.")
    }

    @Test(.mockery) func tableCaptureKeyThatNamesNoField() {
        let line = #line + 1
        let failure = failure { _ = mockTable(of: ct_driver.self, named: "driver", capturing: ["opne": [0: .cString]]) }
        #expect(failure?.message == "capturing: [\"opne\": …] names no function-pointer field of ct_driver (the table driver); its function-pointer fields are open, hooks.encode, hooks.reset, handlers[0], handlers[1], handlers[2], close. The declaration was left out.")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func tableCaptureDeclarationThatDoesNotFitItsField() {
        let failure = failure { _ = mockTable(of: ct_driver.self, named: "driver", capturing: ["open": [5: .cString]]) }
        #expect(failure?.message == "Field open of ct_driver: Cannot mock @convention(c) (Optional<UnsafePointer<Int8>>, Int32) -> Int32 as driver.open: capturing: [5: .cString] names parameter 5, but driver.open takes 2 parameters (positions 0..<2); the declaration was left out.")
    }

    @Test(.mockery) func pointerMatcherOnATableFieldNothingIsCopiedFrom() {
        let driver: ct_driver = mockTable(named: "driver")
        let line = #line + 1
        let failure = failure { verify(driver.hooks.reset!(bytes([1]))) }
        #expect(failure?.message == "bytes([0x01]) in verify(...) reads the memory argument 1 of driver.hooks.reset points to, but nothing is copied from that parameter (UnsafeMutableRawPointer?) when a call arrives, and a caller's memory may be gone once the call returns. Say what it points to when you create the table, by field path and position from 0: capturing: [\"hooks.reset\": [0: .bytes(n)]], [\"hooks.reset\": [0: .buffer(count: k)]] (a length in parameter k) or [\"hooks.reset\": [0: .cString]].")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func textMatcherOnATableFieldThatMayBeABuffer() {
        let driver: ct_driver = mockTable(named: "driver")
        let failure = failure { verify(driver.open!(cString("disk"), 0)) }
        #expect(failure?.message == "cString(\"disk\") in verify(...) reads the memory argument 1 of driver.open points to, but that parameter (UnsafePointer<Int8>?) is followed by an Int32, which may be its length or not, so Impostor copied only up to whichever of a NUL and that number came first. Say which it is when you create the table, by field path and position from 0: capturing: [\"open\": [0: .cString]] for a NUL-terminated string, [\"open\": [0: .buffer(count: 1)]] for a buffer of that length.")
    }

    @Test func makeMockTableThrowsTheFirstProblem() throws {
        let context = Mockery()
        let unnamed = try #require(throws: MockCreationError.self) { _ = try context.makeMockTable(of: ct_union_table.self, named: "tagged") }
        #expect(unnamed.description.hasPrefix("Cannot mock every function pointer of ct_union_table as the table tagged:"))
        #expect(unnamed.position == nil)
        let field = try #require(throws: MockCreationError.self) { _ = try context.makeMockTable(of: ct_mixed_table.self, named: "mixed") }
        #expect(field.description.hasPrefix("Field bad of ct_mixed_table: Cannot mock"))
        #expect(field.position == .parameter(2))
        #expect(context.mockCount == 0)
    }

    // MARK: Test frameworks

    @Test func xctestRunningWithoutImpostorXCTest() {
        let written = Locked<[String]>([])
        let unobserved = UnobservedXCTest(
            isXCTestRunning: { true }, write: { text in written.withLock { $0.append(text) } }, fail: { _ in })
        _ = unobserved.report(ImpostorFailure(message: "m", site: SourceSite()))
        let hint = written.withLock { $0 }.first?.split(separator: "\n").first.map(String.init)
        #expect(hint == "Impostor: XCTest is running, but the ImpostorXCTest product is not linked, so Impostor's failures cannot fail the XCTest case: they are printed here and fail the run when it exits. Add .product(name: \"ImpostorXCTest\", package: \"Impostor\") to the test target's dependencies (nothing to import or set up).")
    }

    // MARK: Swift protocol mocks

    @Test(.mockery) func asyncBlockOnASynchronousMember() {
        let converter = MockConverter()
        let line = #line + 1
        let failure = failure { stub(converter.convert(any())).with { (text: String) async in text } }
        #expect(failure?.message == "Cannot stub MockConverter.convert with an async block: the member is not async, so it cannot wait for one. Nothing was stubbed.")
        #expect(failure?.site.line == line)
        #expect(converter.convert("a") == "")
    }

    @Test(.mockery) func aReferenceWhoseAnswerDoesNotFitTheMember() {
        let converter = MockConverter()
        _ = converter.convert("a")
        let line = #line + 1
        let failure = failure { stub(converter.convertRef, any()).throwing(ServiceError.notFound) }
        #expect(failure?.message == "stub(...) was given MockConverter.convert's reference or prototype where a call was expected: Swift used the untyped form, as it does for several prototypes or when the answer after one does not fit the member. MockConverter.convert does not throw, so throwing(_:) has no typed form for it. Pass one prototype, or the reference and its matchers, with an answer of the member's types.")
        #expect(failure?.site.line == line)
    }

    /// A member with a typed error, given another error: the text names the one it throws.
    @Test(.mockery) func aReferenceWhoseErrorIsNotTheMembers() {
        struct LoadError: Error {}
        final class MockLoader: Mock {
            lazy var loadRef = MockReference<String, Int, LoadError>(named: "load(path:)")
        }
        let loader = MockLoader()
        let failure = failure { stub(loader.loadRef, any()).throwing(ServiceError.notFound) }
        // No call or query has tied the reference to its mock yet: the member's own name.
        #expect(failure?.message == "stub(...) was given load's reference or prototype where a call was expected: Swift used the untyped form, as it does for several prototypes or when the answer after one does not fit the member. load throws only LoadError, so throwing(_:) takes only that type. Pass one prototype, or the reference and its matchers, with an answer of the member's types.")
    }

    @Test(.mockery) func aCheckingBlockThatThrows() {
        let line = #line + 1
        let failure = failure { Mockery.current.checking { throw ServiceError.notFound } }
        #expect(failure?.message == "The checking { } block threw ServiceError.notFound; the expectations declared before it take effect, the rest were not declared.")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func throwingOnANonThrowingMember() {
        let converter = MockConverter()
        let line = #line + 1
        let failure = failure { stub(converter.convert(any())).throwing(ServiceError.notFound) }
        #expect(failure?.message == "Cannot stub MockConverter.convert with throwing(ServiceError.notFound): the member does not throw. Nothing was stubbed.")
        #expect(failure?.site.line == line)
        #expect(converter.convert("a") == "")
    }

    @Test(.mockery) func swiftBlockOfOtherParameterTypes() {
        let converter = MockConverter()
        let line = #line + 1
        let failure = failure { stub(converter.convert(any())).with { (count: Int) in "\(count)" } }
        #expect(failure?.message == "The block passed to with { } takes (Int), but MockConverter.convert takes (String). Declare the block with exactly the mock's parameter types, no parameters, or one Invocation.")
        #expect(failure?.site.line == line)
    }

    @Test(.mockery) func calledOutsideABlock() {
        let converter = MockConverter()
        _ = converter.convert("a")
        let line = #line + 1
        let failure = failure { converter.convertRef.called(any()) }
        #expect(failure?.message == "MockConverter.convert.called(...) describes a call only inside verifyInOrder { }, verify { } or stub { }; here it did nothing.")
        #expect(failure?.site.line == line)
    }

    @Test func aBlockOfPrototypesThatThrows() {
        struct Unreadable: Error {}
        func unreadable() throws -> Int32 { throw Unreadable() }
        let line = #line + 2
        let failures = captureFailures {
            verify {
                _ = try unreadable()
            }
        }
        let thrown = failures.first { $0.message.hasPrefix("The block of prototypes threw") }
        #expect(thrown?.message == "The block of prototypes threw MisuseCatalogTests.Unreadable(); the prototypes written before it were read, the rest were not.")
        #expect(thrown?.site.line == line)
    }
}
