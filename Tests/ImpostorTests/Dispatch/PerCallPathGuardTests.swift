import CImpostorTestSupport
import Impostor
import Testing

/// Tests that kill the small bugs a rewrite of the per-call path could bring in unseen: a
/// literal compared on its low byte, 16 or 32 bits only; a narrow result widened the wrong way;
/// a struct result cut to 16 bytes. Every wrong value below equals the literal in its low
/// bytes, and every result has its high bits set.
@Suite struct PerCallPathGuardTests {
    /// Stubs `literal` with a literal and with `eq`, calls with it and with each wrong value,
    /// and checks that only the literal is answered and verified.
    private func expectOnlyLiteralMatches<T: FixedWidthInteger>(
        _ literal: T, wrong: [T], call: (T) -> Int32, stubLiteral: () -> Void, verifyEq: () -> Void
    ) {
        stubLiteral()
        #expect(call(literal) == 1)
        for value in wrong { #expect(call(value) == 0, "\(value) must not match \(literal)") }
        let failures = captureFailures { verifyEq() }
        #expect(failures.isEmpty, "exactly one recorded call equals \(literal)")
    }

    /// The stub scan steps slot by slot inside the stub table's chunks (16, 32, 64, … entries)
    /// and skips a stub whose literal argument differs before looking at it: 100 stubs, each
    /// answering its own first argument, with the second argument left to `any()`, a reset
    /// in between, and a general matcher among them.
    @Test(.mockery) func aHundredStubsAcrossTheTablesChunksEachAnswerTheirOwnCall() {
        typealias Pair = @convention(c) (Int32, Int32) -> Int32
        let pair: Pair = mockFunction(named: "pair")
        stub(pair(any(), 7)).with { -7 }
        for key in Int32(0)..<100 { stub(pair(eq(key), any())).with { key &* 10 } }
        stub(pair(gt(Int32(1_000)), any())).with { -1 }
        for key in Int32(0)..<100 { #expect(pair(key, 3) == key &* 10, "stub \(key)") }
        #expect(pair(100, 3) == 0)
        #expect(pair(100, 7) == -7, "the oldest stub, past every chunk")
        #expect(pair(5_000, 7) == -1, "the newest stub, a general matcher")
        // The newest matching stub wins: a second stub for key 42 comes first.
        stub(pair(eq(42), any())).with { 4_242 }
        #expect(pair(42, 3) == 4_242)
        reset(pair)
        stub(pair(eq(9), any())).with { 99 }
        #expect(pair(9, 0) == 99)
        #expect(pair(8, 0) == 0, "stubs from before the reset are forgotten")
    }

    /// Consecutive stubs whose literal tests the same argument form a run, which a call skips
    /// with one test of a summary of the run's values. The summary may let a call through to
    /// stubs it does not match (they are then checked one by one), but must never turn it away
    /// from one it matches: keys with their high bits set at each width, runs split by the
    /// table's chunks, by a stub on the other argument and by a general matcher, and a run
    /// that reaches back past a reset.
    private func expectRunsAnswerOnlyTheirOwnKeys<T: FixedWidthInteger & SignedInteger>(
        _ type: T.Type, call: (T, Int32) -> Int32, stubKey: (T, Int32) -> Void, stubOther: (Int32) -> Void,
        stubGreatest: () -> Void, reset: () -> Void
    ) {
        let keys = (0..<10).map { -1 - T($0) * 3 } + (0..<10).map { T.min + T($0) * 7 }
        // Every small value, and each key with a high bit flipped.
        let wrong = (max(-300, Int(T.min))...min(300, Int(T.max))).map { T($0) }.filter { !keys.contains($0) && $0 != T.max }
            + keys.map { $0 ^ (1 << (T.bitWidth - 2)) }.filter { !keys.contains($0) }
        // Slots: chunk 0 holds the first 16 entries (the stub on 7, keys 0 to 9, the stub on 8
        // and keys 10 to 13), chunk 1 the next 32 (keys 14 to 19 and the general matcher).
        stubOther(7)
        for (index, key) in keys[..<10].enumerated() { stubKey(key, Int32(index) + 1) }
        stubOther(8)
        for (index, key) in keys[10...].enumerated() { stubKey(key, Int32(index) + 11) }
        stubGreatest()
        for (index, key) in keys.enumerated() {
            #expect(call(key, 0) == Int32(index) + 1, "key \(key)")
            #expect(call(key, 7) == Int32(index) + 1, "key \(key), newer than the stub on the other argument")
        }
        for value in wrong {
            #expect(call(value, 0) == 0, "\(value) matches no key")
            #expect(call(value, 7) == -7, "\(value): the oldest stub, past both runs")
            #expect(call(value, 8) == -8, "\(value): the stub between the runs")
        }
        #expect(call(T.max, 0) == -1)

        // Entries 23 to 25 in chunk 1: a key, a stub on the other argument and a key; then a
        // reset, then two keys: their run reaches back over the forgotten key, and a call it
        // turns away must stop there, not go on to the forgotten stub below the run.
        stubKey(keys[18], 49)
        stubOther(7)
        stubKey(keys[19], 50)
        reset()
        stubKey(keys[0], 100)
        stubKey(keys[1], 101)
        #expect(call(keys[0], 0) == 100)
        #expect(call(keys[1], 0) == 101)
        for key in keys[2...] { #expect(call(key, 0) == 0, "key \(key) was reset") }
        for value in wrong.prefix(50) {
            #expect(call(value, 0) == 0)
            #expect(call(value, 7) == 0, "\(value): the stub on the other argument was reset")
        }
    }

    @Test(.mockery) func runsOfEightBitKeys() {
        let f: cg_i8_key_fn = mockFunction(named: "i8 key")
        expectRunsAnswerOnlyTheirOwnKeys(
            Int8.self, call: { cg_pass_i8_key(f, $0, $1) }, stubKey: { key, answer in stub(f(eq(key), any())).with { answer } },
            stubOther: { other in stub(f(any(), eq(other))).with { -other } },
            stubGreatest: { stub(f(gt(Int8.max - 1), any())).with { -1 } }, reset: { reset(f) })
    }

    @Test(.mockery) func runsOfSixteenBitKeys() {
        let f: cg_i16_key_fn = mockFunction(named: "i16 key")
        expectRunsAnswerOnlyTheirOwnKeys(
            Int16.self, call: { cg_pass_i16_key(f, $0, $1) }, stubKey: { key, answer in stub(f(eq(key), any())).with { answer } },
            stubOther: { other in stub(f(any(), eq(other))).with { -other } },
            stubGreatest: { stub(f(gt(Int16.max - 1), any())).with { -1 } }, reset: { reset(f) })
    }

    @Test(.mockery) func runsOfThirtyTwoBitKeys() {
        let f: cg_i32_key_fn = mockFunction(named: "i32 key")
        expectRunsAnswerOnlyTheirOwnKeys(
            Int32.self, call: { cg_pass_i32_key(f, $0, $1) }, stubKey: { key, answer in stub(f(eq(key), any())).with { answer } },
            stubOther: { other in stub(f(any(), eq(other))).with { -other } },
            stubGreatest: { stub(f(gt(Int32.max - 1), any())).with { -1 } }, reset: { reset(f) })
    }

    @Test(.mockery) func runsOfSixtyFourBitKeys() {
        let f: cg_i64_key_fn = mockFunction(named: "i64 key")
        expectRunsAnswerOnlyTheirOwnKeys(
            Int64.self, call: { cg_pass_i64_key(f, $0, $1) }, stubKey: { key, answer in stub(f(eq(key), any())).with { answer } },
            stubOther: { other in stub(f(any(), eq(other))).with { -other } },
            stubGreatest: { stub(f(gt(Int64.max - 1), any())).with { -1 } }, reset: { reset(f) })
    }

    @Test(.mockery) func eightBitLiterals() {
        let f: cg_u8_fn = mockFunction(named: "u8")
        expectOnlyLiteralMatches(UInt8(0x5A), wrong: [0xDA, 0x5B, 0x1A], call: { cg_pass_u8(f, $0) },
                                 stubLiteral: { stub(f(0x5A)).with { 1 } }, verifyEq: { verify(.once, f(eq(0x5A))) })
    }

    @Test(.mockery) func sixteenBitLiteralsDifferingInTheHighByte() {
        let f: cg_u16_fn = mockFunction(named: "u16")
        expectOnlyLiteralMatches(UInt16(0x1234), wrong: [0xFF34, 0x0034, 0x1334], call: { cg_pass_u16(f, $0) },
                                 stubLiteral: { stub(f(0x1234)).with { 1 } }, verifyEq: { verify(.once, f(eq(0x1234))) })
    }

    @Test(.mockery) func thirtyTwoBitLiteralsDifferingAboveTheLow8Or16Bits() {
        let f: cg_u32_fn = mockFunction(named: "u32")
        expectOnlyLiteralMatches(UInt32(0x1234_5678), wrong: [0x9934_5678, 0xABCD_5678, 0x0000_0078, 0x1235_5678],
                                 call: { cg_pass_u32(f, $0) },
                                 stubLiteral: { stub(f(0x1234_5678)).with { 1 } }, verifyEq: { verify(.once, f(eq(0x1234_5678))) })
    }

    @Test(.mockery) func sixtyFourBitLiteralsDifferingAboveTheLow8To32Bits() {
        let f: cg_u64_fn = mockFunction(named: "u64")
        let literal: UInt64 = 0x0123_4567_89AB_CDEF
        expectOnlyLiteralMatches(
            literal, wrong: [0xFF23_4567_89AB_CDEF, 0x1111_1111_89AB_CDEF, 0x0000_0000_0000_CDEF, 0x0000_0000_0000_00EF, 0x0123_4568_89AB_CDEF],
            call: { cg_pass_u64(f, $0) },
            stubLiteral: { stub(f(0x0123_4567_89AB_CDEF)).with { 1 } }, verifyEq: { verify(.once, f(eq(0x0123_4567_89AB_CDEF))) })
    }

    @Test(.mockery) func narrowResultsReachCWidenedAsCExpects() {
        let i8: cg_i8_result_fn = mockFunction(named: "i8")
        let u8: cg_u8_result_fn = mockFunction(named: "u8")
        let i16: cg_i16_result_fn = mockFunction(named: "i16")
        let u16: cg_u16_result_fn = mockFunction(named: "u16")
        let flag: cg_bool_result_fn = mockFunction(named: "flag")
        stub(i8()).returning(-1, -128, 127)
        stub(u8()).returning(0xFF, 0x80)
        stub(i16()).returning(-2, Int16.min)
        stub(u16()).returning(0xFFFF, 0x8001)
        stub(flag()).returning(true, false)
        #expect([cg_widen_i8(i8), cg_widen_i8(i8), cg_widen_i8(i8)] == [-1, -128, 127])
        #expect([cg_widen_u8(u8), cg_widen_u8(u8)] == [255, 128])
        #expect([cg_widen_i16(i16), cg_widen_i16(i16)] == [-2, -32768])
        #expect([cg_widen_u16(u16), cg_widen_u16(u16)] == [65535, 32769])
        #expect([cg_widen_bool(flag), cg_widen_bool(flag)] == [1, 0])
        // The whole 32-bit register as the mock left it (the answers repeat their last value).
        // libffi's closures extend the low bytes themselves, so on that path these hold even
        // if Impostor widened wrongly; a trampoline of Impostor's own must widen as C does.
        #expect(cg_register_i8(i8) == 127)
        #expect(cg_register_u8(u8) == 128)
        #expect(cg_register_i16(i16) == -32768)
        #expect(cg_register_u16(u16) == 32769)
        #expect(cg_register_bool(flag) == 0)
        stub(i8()).with { Int8(-1) }
        stub(u8()).with { UInt8(0xFF) }
        stub(i16()).with { Int16(-2) }
        stub(u16()).with { UInt16(0xFFFF) }
        stub(flag()).with { true }
        #expect(cg_register_i8(i8) == -1, "sign-extended")
        #expect(cg_register_u8(u8) == 255, "zero-extended")
        #expect(cg_register_i16(i16) == -2)
        #expect(cg_register_u16(u16) == 65535)
        #expect(cg_register_bool(flag) == 1)
    }

    @Test(.mockery) func structResultsOf17To64BytesArriveWhole() {
        let s17: cg_s17_fn = mockFunction(named: "s17")
        let s24: cg_s24_fn = mockFunction(named: "s24")
        let s40: cg_s40_fn = mockFunction(named: "s40")
        let s64: cg_s64_fn = mockFunction(named: "s64")
        var text = cg_s17()
        withUnsafeMutableBytes(of: &text.text) { bytes in
            for index in bytes.indices { bytes[index] = UInt8(ascii: "a") + UInt8(index) }
        }
        stub(s17()).with { text }
        stub(s24()).with { cg_s24(a: -0x7EDC_BA98_7654_3210, b: 0x7EDC_BA98_7654_3210, c: -0x7EDC_BA98_7654_3210 &* 3) }
        stub(s40()).with { cg_s40(d: (1e300, 1e300 + 1, 1e300 + 2, 1e300 + 3), tag: -7) }
        stub(s64()).with {
            let a: UInt64 = 0x0F0F_F0F0_1234_5678
            return cg_s64(w: (a, a << 1, a << 2, a << 3, a << 4, a << 5, a << 6, a << 7))
        }
        #expect(cg_check_s17(s17) == 1)
        #expect(cg_check_s24(s24, -0x7EDC_BA98_7654_3210) == 1)
        #expect(cg_check_s40(s40, 1e300) == 1)
        #expect(cg_check_s64(s64, 0x0F0F_F0F0_1234_5678) == 1)
    }
}
