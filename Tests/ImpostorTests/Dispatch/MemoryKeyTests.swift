import CImpostor
import CImpostorTestSupport
@_spi(Benchmarks) @testable import Impostor
import Testing

/// A mock that copies pointer memory keys `cString("…")` (ASCII text) and `bytes([…])` too: its
/// entry point copies the call's memory, then compares the copies in C. What is promised: every
/// call gets the answer, the record and the reports the handler would give; where only Swift can
/// tell (memory that could not be read, text past ASCII that Swift may find canonically equal),
/// the handler answers. Each case runs a mock on the fast path and one the handler answers (an
/// expectation names it) side by side, both called from C.
@Suite struct MemoryKeyTests {
    private static func liveKeys<F>(_ function: F) -> Int32 {
        impostor_static_trampoline_live_keys(unsafeBitCast(function, to: UnsafeRawPointer.self))
    }

    /// Stubs a mock with `stubs`, and a handler twin (same name and stubs) that `handlerOnly`
    /// sends through the handler with one more stub, newest, whose matcher runs code and never
    /// matches.
    private static func twins<F: BitwiseCopyable>(
        _ type: F.Type, libffi: Bool, stubs: (F) -> Void, handlerOnly: (F) -> Void
    ) -> (fast: F, slow: F, mockeries: [Mockery]) {
        let fastMockery = Mockery("fast"), slowMockery = Mockery("slow")
        let make = { (mockery: Mockery) -> F in mockery.mock(of: F.self, named: "m") }
        let fast = libffi ? withLibffiTrampolines { make(fastMockery) } : make(fastMockery)
        let slow = libffi ? withLibffiTrampolines { make(slowMockery) } : make(slowMockery)
        fastMockery.withCurrent { stubs(fast) }
        slowMockery.withCurrent { stubs(slow) }
        slowMockery.withCurrent { handlerOnly(slow) }
        return (fast, slow, [fastMockery, slowMockery])
    }

    @Test(arguments: [false, true]) func textKeysAnswerAsTheHandlerDoes(libffi: Bool) {
        let pair = Self.twins(ccp_log_fn.self, libffi: libffi, stubs: { log in
            stub(log(any(), cString("ready"))).returning(1)
            stub(log(any(), cString(""))).returning(2)
            stub(log(eq(UnsafeMutableRawPointer(bitPattern: 0x3000)), cString("ready"))).returning(3)
            stub(log(any(), cString("K"))).returning(4)
        }, handlerOnly: { log in stub(log(any(), cString(Matcher { _ in false }))).returning(-1) })
        if !libffi {
            #expect(Self.liveKeys(pair.fast) == 4)
            #expect(Self.liveKeys(pair.slow) == -1)
        }
        let cases: [(context: UInt, text: String?, answer: Int32)] = [
            (0x1000, "ready", 1), (0x1000, "read", 0), (0x1000, "ready!", 0), (0x1000, "", 2), (0x1000, nil, 0),
            (0x3000, "ready", 3), (0x3000, "Ready", 0),
            // The Kelvin sign is canonically "K" to Swift: the entry point leaves it to the handler.
            (0x1000, "K", 4), (0x1000, "\u{212A}", 4), (0x1000, "é", 0),
        ]
        for (context, text, answer) in cases {
            for mock in [pair.fast, pair.slow] {
                let got = text.map { text in text.withCString { mock(UnsafeMutableRawPointer(bitPattern: context), $0) } }
                    ?? mock(UnsafeMutableRawPointer(bitPattern: context), nil)
                #expect(got == answer, "\(text ?? "nil") at \(context)")
            }
            ccp_pair_log(pair.fast, pair.slow, text)
        }
        let fast = invocations(of: pair.fast), slow = invocations(of: pair.slow)
        #expect(fast.map(\.description) == slow.map(\.description))
        #expect(fast.map { $0.returnValue(as: Int32.self) } == slow.map { $0.returnValue(as: Int32.self) })
        #expect(fast.count == 2 * cases.count)
    }

    @Test(arguments: [false, true]) func byteKeysCompareAPrefixOfTheCopy(libffi: Bool) {
        let pair = Self.twins(ccp_write_fn.self, libffi: libffi, stubs: { write in
            stub(write(any(), bytes(Array("GET ".utf8)), any())).returning(1)
            stub(write(any(), bytes([0xCA, 0xFE]), 2)).returning(2)
        }, handlerOnly: { write in stub(write(any(), any(), that(Matcher { _ in false }))).returning(-1) })
        if !libffi { #expect(Self.liveKeys(pair.fast) == 2) }
        let cases: [([UInt8], Int, Int32)] = [
            (Array("GET /".utf8), 5, 1), (Array("GET".utf8), 3, 0), (Array("PUT /".utf8), 5, 0),
            ([0xCA, 0xFE], 2, 2), ([0xCA, 0xFE, 0x00], 3, 0), ([0xCA], 1, 0),
        ]
        for (data, length, answer) in cases {
            data.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: data.count) { text in
                    #expect(pair.fast(nil, text, length) == answer)
                    #expect(pair.slow(nil, text, length) == answer)
                }
            }
        }
        let fast = invocations(of: pair.fast), slow = invocations(of: pair.slow)
        #expect(fast.map(\.description) == slow.map(\.description))
    }

    /// Text that cannot be read is the handler's: the stub's matcher reports it, at the stub's line.
    @Test func unreadableMemoryIsLeftToTheHandlerWhichReportsIt() {
        let mockery = Mockery("unreadable")
        let log: ccp_text_fn = mockery.mock(named: "log")
        let line = #line + 1
        mockery.withCurrent { stub(log(cString("x"))).returning(1) }
        #expect(Self.liveKeys(log) == 1)
        let failures = captureFailures {
            ccp_pair_text_before_guard(log, log, 8)
            mockery.withCurrent { mockery.assertIsSatisfied() }
        }
        #expect(invocations(of: log).count == 2)
        #expect(invocations(of: log).allSatisfy { $0.returnValue(as: Int32.self) == 0 })
        #expect(failures.count >= 1)
        #expect(failures.allSatisfy { $0.site.line == line })
    }

    /// A text literal past ASCII, and a matcher that runs code, are not keys: the handler answers.
    @Test func textPastASCIIAndMatchersWithCodeAreTheHandlers() {
        let mockery = Mockery("not keys")
        let log: ccp_text_fn = mockery.mock(named: "log")
        mockery.withCurrent { stub(log(cString("é"))).returning(1) }
        #expect(Self.liveKeys(log) == -1)
        #expect("é".withCString { log($0) } == 1)
        let other: ccp_text_fn = mockery.mock(named: "other")
        mockery.withCurrent { stub(other(cString(Matcher { $0.hasPrefix("a") }))).returning(1) }
        #expect(Self.liveKeys(other) == -1)
        #expect("abc".withCString { other($0) } == 1)
    }

    /// Calls from eight C threads at once, answered by a text key: every call answered and kept.
    @Test(arguments: [false, true]) func textKeysFromManyThreads(libffi: Bool) {
        let mockery = Mockery("threads")
        let make = { () -> ccp_log_fn in mockery.mock(named: "log") }
        let log = libffi ? withLibffiTrampolines(make) : make()
        mockery.withCurrent {
            stub(log(any(), any())).returning(7)
            stub(log(any(), cString("call 3"))).returning(3)   // newer: tried first
        }
        #expect(ccp_log_from_threads(log, 8, 5_000, 7) == 35_000)
        let answers = invocations(of: log).map { ($0.cString(1) ?? "", $0.returnValue(as: Int32.self)) }
        #expect(answers.count == 40_000)
        #expect(answers.allSatisfy { $0.1 == ($0.0 == "call 3" ? 3 : 7) })
    }
}
