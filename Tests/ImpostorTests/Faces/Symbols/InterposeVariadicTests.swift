import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

typealias VLog = @convention(c) (UnsafePointer<CChar>?, OpaquePointer?) -> Int32
typealias VSNPrintf = @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, OpaquePointer?) -> Int32
typealias VWeigh = @convention(c) (Double, Double, Int32, OpaquePointer?) -> Double

/// Variadic functions mocked through their va_list form: the mock gets the fixed arguments and a
/// va_list built from the caller's registers and stack, and `callingOriginal()` passes the call
/// on untouched. Called from C.
@Suite(.enabled(if: MachineArchitectureForTests.isX86_64)) struct InterposeVariadicTests {
    /// What the mock formatted, kept for the test to read.
    final class Formatted: @unchecked Sendable {
        // @unchecked: appended to by the answers of one test's calls, read after them.
        var texts: [String] = []
    }

    @Test func aVariadicFunctionOfTheCTarget() throws {
        let mockery = Mockery("ct_log")
        let log = try mockery.makeInterposition("ct_log", asVariadic: VLog.self)
        let formatted = Formatted()
        let answers: (Int32, Int32) = mockery.withCurrent {
            stub(log(any(), any())).with { (format: UnsafePointer<CChar>?, arguments: OpaquePointer?) -> Int32 in
                var buffer = [CChar](repeating: 0, count: 256)
                let length = vsnprintf(&buffer, buffer.count, format, vaList(arguments))
                formatted.texts.append(Self.text(buffer))
                return length + 1000
            }
            return (ct_log_event(42, 2.5, "text"), ct_log_many())
        }
        #expect(answers.0 == 1000 + 18)
        #expect(answers.1 == 1000 + 57)
        mockery.withCurrent {
            verify(.times(2), log(any(), any()))
            verify(log(cString("n=%d x=%.2f s=%s"), any()))
        }
        #expect(formatted.texts == ["n=42 x=2.50 s=text", "1 2 3 4 5 6 7 8 | 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5"])
        withExtendedLifetime(mockery) {}
    }

    @Test func callingOriginalPassesTheCallOnUntouched() throws {
        let mockery = Mockery("ct_log passes through")
        let log = try mockery.makeInterposition("ct_log", asVariadic: VLog.self)
        let results: [String] = mockery.withCurrent {
            stub(log(any(), any())).callingOriginal()
            let event = ct_log_event(7, 0.25, "through")
            let eventText = String(cString: ct_log_last())
            let many = ct_log_many()
            let manyText = String(cString: ct_log_last())
            return ["\(event)", eventText, "\(many)", manyText, "\(invocations(of: log).count)"]
        }
        #expect(results == ["20", "n=7 x=0.25 s=through", "57", "1 2 3 4 5 6 7 8 | 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5", "2"])
        withExtendedLifetime(mockery) {}
    }

    /// snprintf, called by the test executable through its GOT slot, with an integer, a double
    /// (in xmm0, al = 1) and a string. (Sanitizers intercept snprintf in the executable itself:
    /// there the test checks the refusal instead.)
    @Test func snprintfThroughItsVaListForm() throws {
        // InterposeGetenvTests interposes snprintf with fixed arguments: one form at a time.
        ct_snprintf_tests_lock()
        defer { ct_snprintf_tests_unlock() }
        var buffer = [CChar](repeating: 0, count: 32)
        if InterpositionTestSupport.sanitizerInExecutable(intercepting: "snprintf") != nil {
            let failures = captureFailures { _ = Mockery().interpose("snprintf", asVariadic: VSNPrintf.self, in: .mainExecutable) }
            #expect(failures.first?.message.hasPrefix("Cannot interpose snprintf: ") == true)
            return
        }
        do {
            let mockery = Mockery("snprintf")
            let snprintfMock = try mockery.makeInterposition("snprintf", asVariadic: VSNPrintf.self, in: .mainExecutable)
            let length: Int32 = mockery.withCurrent {
                stub(snprintfMock(any(), any(), any(), any())).with {
                    (output: UnsafeMutablePointer<CChar>?, size: Int, _: UnsafePointer<CChar>?, arguments: OpaquePointer?) -> Int32 in
                    vsnprintf(output, size, "[%d|%.1f|%s]", vaList(arguments))
                }
                let length = ct_interpose_snprintf(&buffer, 32, 42, 2.5, "x")
                verify(snprintfMock(any(), 32, cString("%d %.1f %s"), any()))
                return length
            }
            #expect(length == 10)
            #expect(Self.text(buffer) == "[42|2.5|x]")
            withExtendedLifetime(mockery) {}
        }
        #expect(ct_interpose_snprintf(&buffer, 32, 42, 2.5, "x") == 8)
        #expect(Self.text(buffer) == "42 2.5 x")
        // Released, the symbol takes fixed arguments again: a mock of them gets the call's own.
        typealias Format = @convention(c) (UnsafeMutablePointer<CChar>?, UInt, UnsafePointer<CChar>?, Int32, Double, UnsafePointer<CChar>?) -> Int32
        do {
            let mockery = Mockery("snprintf, fixed")
            let fixed = try mockery.makeInterposition("snprintf", as: Format.self, in: .mainExecutable)
            let answer: Int32 = mockery.withCurrent {
                stub(fixed(any(), any(), any(), any(), any(), any())).with {
                    (_: UnsafeMutablePointer<CChar>?, _: UInt, _: UnsafePointer<CChar>?, number: Int32, _: Double, _: UnsafePointer<CChar>?) -> Int32 in
                    number
                }
                return ct_interpose_snprintf(&buffer, 32, 42, 2.5, "x")
            }
            #expect(answer == 42)
            withExtendedLifetime(mockery) {}
        }
    }

    /// Fixed doubles before double varargs: the fixed ones take xmm0 and xmm1, so the va_list
    /// the mock receives must start its doubles at xmm2 (fp_offset 80, not 48), and go on to the
    /// stack past xmm7. Handed on to the real `v` function from Swift (ct_vweigh, and libc's
    /// vsnprintf) and from C (a C function the answer calls with the va_list's address).
    @Test func fixedDoublesBeforeDoubleVarargs() throws {
        let mockery = Mockery("ct_weigh")
        let weigh = try mockery.makeInterposition("ct_weigh", asVariadic: VWeigh.self)
        let formatted = Formatted()
        let results: [String] = mockery.withCurrent {
            var results: [String] = []
            // ct_vweigh reads the doubles with va_arg and writes each to ct_weigh_last's buffer.
            stub(weigh(any(), any(), any(), any())).with {
                (scale: Double, offset: Double, count: Int32, arguments: OpaquePointer?) -> Double in
                ct_vweigh(scale, offset, count, vaList(arguments)) + 1000
            }
            results += ["\(ct_weigh_three())", String(cString: ct_weigh_last())]
            results += ["\(ct_weigh_eight())", String(cString: ct_weigh_last())]
            stub(weigh(any(), any(), any(), any())).with {
                (scale: Double, offset: Double, count: Int32, arguments: OpaquePointer?) -> Double in
                ct_weigh_in_c(scale, offset, count, UnsafeMutableRawPointer(arguments))
            }
            results += ["\(ct_weigh_three())", String(cString: ct_weigh_last())]
            results += ["\(ct_weigh_eight())", String(cString: ct_weigh_last())]
            stub(weigh(any(), any(), any(), any())).with {
                (scale: Double, offset: Double, count: Int32, arguments: OpaquePointer?) -> Double in
                var buffer = [CChar](repeating: 0, count: 256)
                let format = "\(scale) \(offset) | " + Array(repeating: "%.2f", count: Int(count)).joined(separator: " ")
                let length = vsnprintf(&buffer, buffer.count, format, vaList(arguments))
                formatted.texts.append(Self.text(buffer))
                return Double(length)
            }
            results += ["\(ct_weigh_three())", "\(ct_weigh_eight())"]
            stub(weigh(any(), any(), any(), any())).callingOriginal()
            results += ["\(ct_weigh_three())", String(cString: ct_weigh_last())]
            results += ["\(ct_weigh_eight())", String(cString: ct_weigh_last())]
            verify(.times(4), weigh(2.0, 0.5, 3, any()))
            verify(.times(4), weigh(0.5, 0.25, 8, any()))
            return results
        }
        let three = "1.25 2.50 4.00", eight = "1.00 2.00 3.00 4.00 5.00 6.00 7.00 8.00"
        #expect(results == ["1016.0", three, "1018.25", eight, "116.0", three, "118.25", eight, "24.0", "50.0",
                            "16.0", three, "18.25", eight])
        #expect(formatted.texts == ["2.0 0.5 | " + three, "0.5 0.25 | " + eight])
        withExtendedLifetime(mockery) {}
    }

    /// The same form through a struct's variadic hook, called from C.
    @Test func fixedDoublesBeforeDoubleVarargsThroughAHook() {
        var hooks = ct_hooks()
        var answer = -1.0, text = ""
        do {
            let mockery = Mockery("weigh hook")
            let weigh = mockery.mockVariadicFunction(of: VWeigh.self, named: "weigh")
            hooks.weigh = weigh.pointer
            stub(weigh.mock(any(), any(), any(), any())).with {
                (scale: Double, offset: Double, count: Int32, arguments: OpaquePointer?) -> Double in
                ct_vweigh(scale, offset, count, vaList(arguments))
            }
            answer = ct_hooks_weigh(&hooks)
            text = String(cString: ct_weigh_last())
            verify(weigh.mock(3.0, -1.0, 2, any()))
            withExtendedLifetime(mockery) {}
        }
        #expect(answer == 1.25)
        #expect(text == "0.50 0.25")
        // Released, the pointer goes to impostor_variadic_no_original, which zeroes rax only: a
        // hook with a floating-point result gets whatever xmm0 held (here the 3.0 passed in it),
        // not the 0 MockVariadicFunction's documentation promises.
        withKnownIssue("a released variadic hook returns 0 in rax, not in xmm0") {
            #expect(ct_hooks_weigh(&hooks) == 0)
        }
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A variadic function pointer in a struct of hooks (imported as OpaquePointer?): C calls the
    /// pointer, the mock of its va_list form answers; released, the pointer returns 0.
    @Test func aVariadicHookInAStruct() {
        var hooks = ct_hooks()
        let formatted = Formatted()
        var answer: Int32 = -1
        do {
            let mockery = Mockery("hooks")
            let log = mockery.mockVariadicFunction(of: VLog.self, named: "log")
            hooks.log = log.pointer
            stub(log.mock(any(), any())).with { (format: UnsafePointer<CChar>?, arguments: OpaquePointer?) -> Int32 in
                var buffer = [CChar](repeating: 0, count: 128)
                let length = vsnprintf(&buffer, buffer.count, format, vaList(arguments))
                formatted.texts.append(Self.text(buffer))
                return length
            }
            answer = ct_hooks_report(&hooks, 3, 0.5, "ok")
            verify(log.mock(cString("report %d %.2f %s"), any()))
            withExtendedLifetime(mockery) {}
        }
        #expect(answer == 16)
        #expect(formatted.texts == ["report 3 0.50 ok"])
        #expect(ct_hooks_report(&hooks, 3, 0.5, "ok") == 0)
    }

    @Test func aTypeThatIsNoVaListForm() {
        typealias Fixed = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
        let failures = captureFailures { _ = Mockery().interpose("ct_log", asVariadic: Fixed.self) }
        #expect(failures.map(\.message) == ["Cannot interpose ct_log as variadic: @convention(c) (Optional<UnsafePointer<Int8>>, "
            + "Int32) -> Int32 is not the va_list form of a variadic function: its last parameter is not an OpaquePointer?, "
            + "the va_list's address. Declare the fixed arguments, then the va_list as an OpaquePointer?, as in: "
            + "@convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, OpaquePointer?) -> Int32."])
    }

    @Test func oneFormAtATime() throws {
        typealias Fixed = @convention(c) (UnsafePointer<CChar>?, Int32, Double, UnsafePointer<CChar>?) -> Int32
        let mockery = Mockery("ct_log forms")
        _ = try mockery.makeInterposition("ct_log", asVariadic: VLog.self)
        let failures = captureFailures { _ = mockery.interpose("ct_log", as: Fixed.self) }
        #expect(failures.map(\.message) == ["Cannot interpose ct_log with fixed arguments: another interposition of it, "
            + "still installed, answers it in its va_list form (interpose(_:asVariadic:)), and one symbol's calls take one "
            + "form at a time. Use asVariadic: here too, or release the other first."])
        withExtendedLifetime(mockery) {}
    }
}
