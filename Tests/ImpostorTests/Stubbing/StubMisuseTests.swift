import CImpostorTestSupport
import Impostor
import Testing

// Every way to misuse stub(...) and its matchers is a located failure with the text from
// Reporting/FailureMessages.swift, never a crash, and never costs the stubs already made.
// `stubbingFailures` (StubTestSupport.swift) collects the failures instead of failing the test.

@Suite("Stub misuse")
struct StubMisuseTests {
    let add = mockFunction(of: cs_fn_add.self, named: "add")
    let mul = mockFunction(of: cs_fn_add.self, named: "mul")

    /// Installs a stub the misuse must not disturb.
    private func installEarlierStub() {
        stub(add(100, any())).with { (_: Int32, b: Int32) in b &+ 1 }
    }

    /// The earlier stub still answers, and a new stub can be made without stray failures.
    private func expectStubsStillWork(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(cs_call_add(add, 100, 41) == 42, "the earlier stub was lost", sourceLocation: sourceLocation)
        let later = stubbingFailures {
            stub(add(200, any())).with { 7 }
        }
        #expect(later.isEmpty, "a later stub reported \(later)", sourceLocation: sourceLocation)
        #expect(cs_call_add(add, 200, 0) == 7, sourceLocation: sourceLocation)
    }

    /// A POSIX thread that writes a matcher inside `withCurrent` and ends: the matcher is
    /// reported, at its line, to that Mockery's test; nothing else would ever report it, since
    /// no later use of Impostor comes on that thread.
    @Test func aLeftoverMatcherOnAThreadThatEndsGoesToItsWithCurrentScope() {
        let mockery = Mockery("scope of an ending thread")
        let line = #line + 4
        let status = ct_run_on_new_thread({ context in
            let mockery = Unmanaged<Mockery>.fromOpaque(context!).takeUnretainedValue()
            mockery.withCurrent {
                let leftover: Int32 = anyInt()
                _ = leftover
            }
        }, Unmanaged.passUnretained(mockery).toOpaque())
        #expect(status == 0)
        let failures = captureFailures { mockery.assertIsSatisfied() }
        #expect(failures.map(\.site.line) == [line])
        #expect(failures.first?.message.hasSuffix("on a thread that then ended. Write matchers only inside the prototype of a stub or verify.") == true,
                "\(failures)")
    }

    // MARK: Prototypes

    @Test func aPrototypeBuiltOnTheCallIsRefusedAndStubsNothing() {
        installEarlierStub()
        let line = #line + 2
        let failures = stubbingFailures {
            stub(add(1, 2) == 3).with { true }
        }
        #expect(failures.map(\.message) == [
            "The prototype passed to stub(...) has type Bool, but add returns Int32: write the call itself, as in "
                + "`stub(add(...))`, not an expression built on it. Nothing was stubbed."
        ])
        #expect(failures.first?.site.line == line)
        // A Bool written where C reads an Int32 would leave three bytes of garbage: nothing answers.
        #expect(cs_call_add(add, 1, 2) == 0)
        expectStubsStillWork()
    }

    // MARK: Matchers outside stub(...)

    static func leftoverMessage(_ matcher: String) -> String {
        "Matcher \(matcher) was used outside stub(...) or verify(...), where it means nothing; "
            + "a mock called with it received a placeholder value, and answered with the default value (no stub's answer and "
            + "no original ran). Write matchers only inside the prototype of a stub or verify."
    }

    @Test func aLeftoverMatcherIsReportedAtItsOwnLineByTheNextStub() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            let leftover: Int32 = anyInt()
            _ = leftover
            stub(add(1, 2)).with { 3 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == Self.leftoverMessage("any()"))
        #expect(failure.site.line == line)
        #expect(failure.site.fileID == #fileID)
        // The stub after the leftover was made as usual.
        #expect(cs_call_add(add, 1, 2) == 3)
        expectStubsStillWork()
    }

    @Test func aMatcherPassedToAMockOutsideStubIsReportedWhenTheMockIsCalled() throws {
        installEarlierStub()
        var line = 0
        var result: Int32 = -1
        let failures = stubbingFailures {
            line = #line + 1
            result = cs_call_add(add, 100, gt(5))
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == Self.leftoverMessage("gt(5)"))
        #expect(failure.site.line == line)
        // The call is recorded with the matcher's placeholder value as its argument, and
        // answered with zero: the earlier stub, which takes every such call, never saw it.
        let placeholder = try #require(invocations(of: add).last).argument(1, as: Int32.self)
        #expect(placeholder != 0)
        #expect(result == 0)
        expectStubsStillWork()
    }

    /// A prototype stored in a variable, outside stub(...), calls the mock with placeholders:
    /// an interposed mock that passes its calls to the real function must not pass those on
    /// (counted in C), and a stub's block must not see them.
    @Test(.mockery, .enabled(if: MachineArchitectureForTests.isX86_64))
    func aPrototypeOutsideStubNeverReachesTheOriginalOrABlock() throws {
        typealias Counted = @convention(c) (Int32) -> Int32
        let counted = interpose("ct_interpose_counted", as: Counted.self)
        var blockCalls = 0
        stub(counted(any())).callingOriginal()
        stub(counted(lt(0))).with { (value: Int32) in
            blockCalls += 1
            return value
        }
        #expect(ct_interpose_call_counted(2) == 7)   // through the original
        #expect(ct_interpose_call_counted(-1) == -1)  // through the block
        let realCalls = ct_interpose_counted_calls()

        var line = 0
        var prototype: Int32 = -1
        let failures = stubbingFailures {
            line = #line + 1
            prototype = counted(anyInt())
        }
        #expect(failures.map(\.message) == [Self.leftoverMessage("any()")])
        #expect(failures.map(\.site.line) == [line])
        #expect(prototype == 0)
        #expect(ct_interpose_counted_calls() == realCalls, "the real function ran with a placeholder")
        #expect(blockCalls == 1)
        // Recorded as made: the two real calls and the placeholder's.
        #expect(invocations(of: counted).count == 3)
        // The stubs still answer real calls.
        #expect(ct_interpose_call_counted(3) == 8)
    }

    @Test func eachLeftoverMatcherIsReportedAtItsOwnLine() {
        var lines: [Int] = []
        let failures = stubbingFailures {
            lines.append(#line + 1)
            let first: Double = gt(1.5)
            lines.append(#line + 1)
            let second: UnsafePointer<CChar>? = cString("text")
            _ = (first, second)
            stub(add(1, 2)).with { 3 }
        }
        #expect(failures.map(\.site.line) == lines)
        #expect(failures.map(\.message) == [Self.leftoverMessage("gt(1.5)"), Self.leftoverMessage("cString(\"text\")")])
    }

    @Test func aLeftoverMatcherIsReportedByTheNextMockCreation() {
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            let leftover: Int32 = anyInt()
            _ = leftover
            _ = mockFunction(of: cs_fn_add.self, named: "made after a leftover matcher")
        }
        #expect(failures.map(\.site.line) == [line])
    }

    @Test func aLeftoverMatcherIsReportedByTheNextQueryOfCalls() {
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            let leftover: Int32 = anyInt()
            _ = leftover
            _ = invocations(of: add)
        }
        #expect(failures.map(\.site.line) == [line])
    }

    // MARK: Prototypes

    @Test func aPrototypeThatCallsNoMock() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub(cs_double_it(4)).with { 1 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            The prototype passed to stub(...) calls no mock. Write the mock call itself, as in `stub(add(any(), 5))`.
            """)
        #expect(failure.site.line == line)
        expectStubsStillWork()
    }

    @Test func aPrototypeThatCallsTwoMocks() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub(add(1, 2) + mul(3, 4)).with { 5 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            The prototype passed to stub(...) calls 2 mocks (add, mul); each prototype must call exactly one. \
            Pass one prototype per call, as in `stub(a(1), b(2))`, or group them in `stub { ... }`.
            """)
        #expect(failure.site.line == line)
        // Neither call was stubbed.
        #expect(cs_call_add(add, 1, 2) == 0)
        #expect(cs_call_add(mul, 3, 4) == 0)
        expectStubsStillWork()
    }

    @Test func aMatcherComputedWithCannotBeBound() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub(add(any() + 1, 5)).with { 6 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            Matcher any() in stub(...) did not reach any argument of add unchanged (it was converted, \
            computed with, or passed to something else). Pass the matcher directly as the argument.
            """)
        #expect(failure.site.line == line)
        #expect(cs_call_add(add, 0, 5) == 0)
        expectStubsStillWork()
    }

    @Test func aMatcherOfTheWrongTypeReportsBothTypes() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            stub(add(
                1,
                Int32(bitPattern: anyInt() as UInt32))).with { 0 }
            line = #line - 1
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == "Matcher any() matches UInt32 values, but it was passed as argument 2 of add, which is Int32.")
        #expect(failure.site.line == line)
        expectStubsStillWork()
    }

    @Test func aMatcherAfterTheLastMockCallOfAGroup() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            stub {
                add(1, 2)
                eq(3) as Int32
            }.with { () -> Int32 in 3 }
            line = #line - 2
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            Matcher eq(3) was created in the prototype of stub(...) after its last mock call, so no argument receives it. \
            Pass matchers directly as arguments of the mock call.
            """)
        #expect(failure.site.line == line)
        #expect(cs_call_add(add, 1, 2) == 0)
        expectStubsStillWork()
    }

    @Test func aPrototypeThatChangesBetweenEvaluations() throws {
        installEarlierStub()
        var evaluations = 0
        func changing() -> Int32 {
            evaluations += 1
            return evaluations == 1 ? add(1, any()) : mul(1, any())
        }
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub(changing()).with { 9 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            The prototype passed to stub(...) called different mocks, or used different matchers, when evaluated again. \
            Prototypes are evaluated more than once to bind matchers; keep them free of side effects and conditions.
            """)
        #expect(failure.site.line == line)
        #expect(cs_call_add(add, 1, 0) == 0)
        #expect(cs_call_add(mul, 1, 0) == 0)
        expectStubsStillWork()
    }

    @Test func aStubNestedInAPrototype() throws {
        installEarlierStub()
        var innerLine = 0
        func argumentThatStubs() -> Int32 {
            innerLine = #line + 1
            stub(mul(1, 1)).with { 5 }
            return 2
        }
        let failures = stubbingFailures {
            stub(add(1, argumentThatStubs())).with { 3 }
        }
        // Reported once, at the inner stub, though the outer prototype is evaluated twice.
        #expect(failures.count == 1)
        for failure in failures {
            #expect(failure.message == "stub(...) was called inside the prototype of another stub or verify. Write them one after the other.")
            #expect(failure.site.line == innerLine)
        }
        // The inner stub was not made; the outer one was.
        #expect(cs_call_add(mul, 1, 1) == 0)
        #expect(cs_call_add(add, 1, 2) == 3)
        expectStubsStillWork()
    }

    @Test func moreBoolMatchersThanCanBeToldApart() throws {
        let flags = mockFunction(of: cs_fn_seven_flags.self, named: "flags")
        stub(flags(true, true, true, true, true, true, true)).with { 1 }
        var line = 0
        let failures = stubbingFailures {
            line = #line + 2
            stub(flags(
                anyBool(), anyBool(), anyBool(), anyBool(), anyBool(), anyBool(), anyBool()
            )).with { 2 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            A prototype can hold at most 6 Bool matchers: they cannot be told apart beyond that. \
            Write literal Bool arguments as `eq(true)` or split the stub.
            """)
        #expect(failure.site.line == line)
        #expect(flags(true, true, true, true, true, true, true) == 1)
        #expect(flags(false, true, true, true, true, true, true) == 0)
    }

    // MARK: Stub blocks

    @Test func aBlockWithTheWrongParameterTypes() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub(add(1, 2)).with { (a: Int64, b: Int32) in Int32(a) + b }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            The block passed to with { } takes (Int64, Int32), but add takes (Int32, Int32). \
            Declare the block with exactly the mock's parameter types, no parameters, or one Invocation.
            """)
        #expect(failure.site.line == line)
        // No stub was made with the wrong block.
        #expect(cs_call_add(add, 1, 2) == 0)
        expectStubsStillWork()
    }

    @Test func aBlockWithTheWrongParameterCount() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            stub(add(1, 2))
                .with { (a: Int32) in a }
            line = #line - 1
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == """
            The block passed to with { } takes (Int32), but add takes (Int32, Int32). \
            Declare the block with exactly the mock's parameter types, no parameters, or one Invocation.
            """)
        // Reported at `with`, which is where the block is.
        #expect(failure.site.line == line)
        #expect(cs_call_add(add, 1, 2) == 0)
        expectStubsStillWork()
    }

    @Test func aBlockThatMisreadsAPointerParameter() throws {
        let lookup = mockFunction(of: cs_fn_lookup.self, named: "lookup", capturing: [0: .cString])
        let failures = stubbingFailures {
            stub(lookup(cString("key"), any())).with { (key: UnsafeRawPointer?, fallback: Int32) in fallback }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message.hasPrefix("The block passed to with { } takes (UnsafeRawPointer?, Int32), but lookup takes ("))
        #expect(cLookup(lookup, "key", 5) == 0)
    }

    @Test func aGroupedBlockWhoseResultNoMockCanReturn() throws {
        installEarlierStub()
        let ready = mockFunction(of: cs_fn_ready.self, named: "ready")
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub { ready(); add(1, 1) }.with { 1 }
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == "The block passed to with { } returns Int, but ready returns Bool.")
        #expect(failure.site.line == line)
        #expect(cs_call_ready(ready) == false)
        #expect(cs_call_add(add, 1, 1) == 0)
        expectStubsStillWork()
    }

    @Test func aRejectedGroupInstallsNothing() {
        let ready = mockFunction(of: cs_fn_ready.self, named: "ready")
        let failures = stubbingFailures {
            stub { add(1, 1); ready() }.with { 1 }
        }
        #expect(failures.map(\.message) == ["The block passed to with { } returns Int, but ready returns Bool."])
        #expect(cs_call_add(add, 1, 1) == 0)
    }

    @Test func aGroupedResultThatDoesNotFitIsReportedWhenCalled() throws {
        let byte = mockFunction(of: cs_fn_byte.self, named: "byte")
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub { byte(); add(1, 1) }.with { 300 }
        }
        #expect(failures.isEmpty)
        #expect(cs_call_add(add, 1, 1) == 300)
        var result: UInt8 = 99
        let callFailures = stubbingFailures {
            result = cs_call_byte(byte)
        }
        let failure = try #require(callFailures.first)
        #expect(callFailures.count == 1)
        #expect(failure.message == "The grouped stub's block returned 300, which does not fit byte's return type UInt8; the call returned zero.")
        #expect(failure.site.line == line)
        #expect(result == 0)
    }

    @Test func returningNothing() throws {
        installEarlierStub()
        var line = 0
        let failures = stubbingFailures {
            line = #line + 1
            stub(add(1, 2)).returning()
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(failure.message == "returning(...) needs at least one value.")
        #expect(failure.site.line == line)
        #expect(cs_call_add(add, 1, 2) == 0)
        expectStubsStillWork()
    }

    @Test func aFailedStubIgnoresTheAnswersChainedAfterIt() {
        let failures = stubbingFailures {
            stub(cs_double_it(1)).with { 1 }.then { 2 }.thenReturning(3)
        }
        #expect(failures.count == 1)
        #expect(cs_call_add(add, 0, 0) == 0)
    }
}
