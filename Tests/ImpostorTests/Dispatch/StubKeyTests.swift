import CImpostorTestSupport
import Impostor
import Testing

/// A stub whose matchers are all `any()` or plain values becomes a key that a static
/// trampoline's dispatcher checks itself, running only the stub's answer in Swift. What is
/// promised: every call gets the answer the handler's stub table would give (the newest stub
/// that matches, a literal compared on every byte), with the same record, captors, answer
/// sequences and reports; past what keys hold (64 stubs, 4 literals a stub), and after a stub
/// that runs code, the handler answers instead, alike. Every call here comes from C.
@Suite(.mockery) struct StubKeyTests {
    /// The dispatcher's live keys for `function`, or -1 when the handler takes every call (and
    /// always on the libffi path, which has no dispatcher).
    private func liveKeys<F>(_ function: F) -> Int32 {
        libffiPathForced ? -1 : impostor_static_trampoline_live_keys(unsafeBitCast(function, to: UnsafeRawPointer.self))
    }

    @Test func keysAnswerWithTheNewestMatchingStubUpToTheirCapacityAndThenTheHandlerDoes() {
        let five = mockFunction(of: ct_fn_five.self, named: "five")
        stub(five(any(), any(), any(), any(), any())).with { -1 }
        // 63 more fill the 64 keys; each is newer than the any() stub, so it wins for its value.
        for k in 0..<63 {
            stub(five(Int8(k), any(), any(), any(), any())).with { Int64(k) }
            #expect(liveKeys(five) == (libffiPathForced ? -1 : Int32(k + 2)), "stub \(k)")
        }
        func expectAnswers(_ label: String) {
            for k in Int8(0)..<63 { #expect(ct_call_five(five, k, 0, 0, 0, nil) == Int64(k), "\(label) \(k)") }
            #expect(ct_call_five(five, 63, 0, 0, 0, nil) == -1, "\(label)")
            #expect(ct_call_five(five, -1, 0, 0, 0, nil) == -1, "\(label)")
        }
        expectAnswers("keys")
        // The 65th stub does not fit: the handler answers from then on, with every stub.
        stub(five(5, 1, any(), any(), any())).with { 500 }
        #expect(liveKeys(five) == -1)
        expectAnswers("handler")
        #expect(ct_call_five(five, 5, 1, 0, 0, nil) == 500)
        #expect(invocations(of: five).count == 2 * 65 + 1)
    }

    @Test func aKeyComparesEveryByteOfEachOfItsFourLiteralsAndFiveLiteralsGoToTheHandler() {
        let five = mockFunction(of: ct_fn_five.self, named: "five")
        let wide: Int64 = 0x0102_0304_0506_0708
        stub(five(-3, 0x1234, -70000, wide, any())).with { 4 }
        #expect(liveKeys(five) == (libffiPathForced ? -1 : 1))
        #expect(ct_call_five(five, -3, 0x1234, -70000, wide, nil) == 4)
        // Each literal off in its highest byte only (the int8's sign bit).
        #expect(ct_call_five(five, 125, 0x1234, -70000, wide, nil) == 0)
        #expect(ct_call_five(five, -3, 0x7234, -70000, wide, nil) == 0)
        #expect(ct_call_five(five, -3, 0x1234, -70000 ^ 0x4000_0000, wide, nil) == 0)
        #expect(ct_call_five(five, -3, 0x1234, -70000, wide | 0x4000_0000_0000_0000, nil) == 0)

        let marker = UnsafeRawPointer(bitPattern: 0x1000)!
        stub(five(-3, 0x1234, -70000, wide, eq(marker))).with { 5 }
        #expect(liveKeys(five) == -1, "five literals do not fit a key")
        #expect(ct_call_five(five, -3, 0x1234, -70000, wide, marker) == 5)
        #expect(ct_call_five(five, -3, 0x1234, -70000, wide, marker + 1) == 4)
        #expect(ct_call_five(five, 125, 0x1234, -70000, wide, marker) == 0)
    }

    @Test func aNilLiteralIsAKeyAndIsNilIsAMatcher() {
        let five = mockFunction(of: ct_fn_five.self, named: "five")
        let marker = UnsafeRawPointer(bitPattern: 0x2000)!
        stub(five(any(), any(), any(), any(), nil)).with { 1 }
        stub(five(any(), any(), any(), any(), marker)).with { 2 }
        #expect(liveKeys(five) == (libffiPathForced ? -1 : 2))
        #expect(ct_call_five(five, 0, 0, 0, 0, nil) == 1)
        #expect(ct_call_five(five, 0, 0, 0, 0, marker) == 2)
        #expect(ct_call_five(five, 0, 0, 0, 0, marker + 8) == 0)
        stub(five(1, any(), any(), any(), isNil())).with { 3 }
        #expect(liveKeys(five) == -1, "isNil() runs code")
        #expect(ct_call_five(five, 1, 0, 0, 0, nil) == 3)
        #expect(ct_call_five(five, 0, 0, 0, 0, nil) == 1)
        #expect(ct_call_five(five, 1, 0, 0, 0, marker) == 2)
    }

    @Test func aFloatLiteralGoesToTheHandlerWhichComparesItAsCDoes() {
        let f = mockFunction(of: ct_fn_double.self, named: "f")
        stub(f(any(), any(), any())).with { 1.0 }
        #expect(liveKeys(f) == (libffiPathForced ? -1 : 1))
        stub(f(0.0, any(), any())).with { 2.0 }
        #expect(liveKeys(f) == -1, "a float literal is not a comparison of bits: -0.0 equals it")
        #expect(f(-0.0, 2, 0) == 2.0)
        #expect(f(0.5, 2, 0) == 1.0)
    }

    @Test func aPrototypeIsNeverAnsweredOrRecordedByAKey() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        stub(add(1, any())).with { 10 }
        #expect(ct_call_binary_i32(add, 1, 5) == 10)
        // verify's prototype calls the mock with the same arguments: the dispatcher must leave
        // it to the handler, which hands it to the prototype instead of answering it.
        let failures = captureFailures {
            verify(.once, add(1, 5))
            verify(.once, add(1, any()))
            stub(add(1, 6)).with { 60 }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(invocations(of: add).count == 1)
        #expect(ct_call_binary_i32(add, 1, 6) == 60)
        #expect(ct_call_binary_i32(add, 1, 7) == 10)
    }

    @Test func aFailureInAKeyedAnswerOnACThreadWaitsForItsOwnMockery() {
        let own = Mockery("own"), other = Mockery("other")
        let count: ce_count_fn = own.mock(named: "count")
        let misuseLine = #line + 1
        own.withCurrent { stub(count(any(), 0)).with { (call: Invocation) in Int32(call.argument(0, as: Int64.self)) } }
        #expect(liveKeys(count) == (libffiPathForced ? -1 : 1))
        #expect(ce_call_from_threads(count, 1, 1) == 0)
        // Raised on a thread with no test: kept by the mock's Mockery, not the process's store,
        // which any Mockery's check would report.
        let ofOther = captureFailures { other.assertIsSatisfied() }
        #expect(ofOther.isEmpty, "\(ofOther.map(\.message))")
        let ofOwn = captureFailures { own.assertIsSatisfied() }
        #expect(ofOwn.count == 1, "\(ofOwn.map(\.message))")
        #expect(ofOwn.first?.message.hasPrefix("Cannot read argument 0 of a call to count as Int64") == true)
        #expect(ofOwn.first?.site.line == misuseLine)
    }

    @Test func aResetForgetsTheKeysAndTheyAnswerAgainOnlyOnceStubbedAgain() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        stub(add(1, any())).with { 10 }
        stub(add(2, any())).with { 20 }
        #expect(ct_call_binary_i32(add, 2, 0) == 20)
        reset(add)
        #expect(liveKeys(add) == (libffiPathForced ? -1 : 0))
        #expect(ct_call_binary_i32(add, 1, 0) == 0)
        #expect(ct_call_binary_i32(add, 2, 0) == 0)
        stub(add(1, any())).with { 11 }
        #expect(liveKeys(add) == (libffiPathForced ? -1 : 1))
        #expect(ct_call_binary_i32(add, 1, 0) == 11)
        #expect(ct_call_binary_i32(add, 2, 0) == 0)
        #expect(invocations(of: add).map { $0.returnValue(as: Int32.self) } == [0, 0, 11, 0])
    }

    @Test func aKeyedStubKeepsItsAnswerSequenceAndTheHandlerTakesItOverWithACaptor() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        stub(add(1, any())).returning(7, 8, 9)
        #expect(liveKeys(add) == (libffiPathForced ? -1 : 1))
        #expect([ct_call_binary_i32(add, 1, 0), ct_call_binary_i32(add, 1, 0)] == [7, 8])
        // A captor runs code on a match: the handler answers every call from then on, and the
        // sequence goes on where the dispatcher left it.
        let seconds = ArgumentCaptor<Int32>()
        stub(add(2, seconds.capture())).with { (_: Int32, b: Int32) in
            Int32(invocations(of: add).count) * 100 + b
        }
        #expect(liveKeys(add) == -1)
        #expect([ct_call_binary_i32(add, 1, 0), ct_call_binary_i32(add, 1, 0)] == [9, 9])
        // The block sees the four calls before its own and its own (recorded before the answer
        // runs), and the captor its argument.
        #expect(ct_call_binary_i32(add, 2, 3) == 503)
        #expect(ct_call_binary_i32(add, 2, 4) == 604)
        #expect(seconds.values == [3, 4])
        #expect(invocations(of: add).map { $0.returnValue(as: Int32.self) } == [7, 8, 9, 9, 503, 604])
    }

    /// A call is in the log before its answer runs: the block sees the calls before its own and
    /// its own, which has not returned yet.
    @Test func aKeyedBlockSeesItsOwnCallNotYetReturned() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        let seen = Locked<[[Bool]]>([])
        stub(add(2, any())).with { (_: Int32, b: Int32) in
            let calls = invocations(of: add)
            seen.withLock { $0.append(calls.map(\.didReturn)) }
            return Int32(calls.count) * 100 + b
        }
        #expect(liveKeys(add) == (libffiPathForced ? -1 : 1))
        #expect(ct_call_binary_i32(add, 1, 0) == 0)
        #expect(ct_call_binary_i32(add, 2, 3) == 203)
        #expect(ct_call_binary_i32(add, 2, 4) == 304)
        #expect(invocations(of: add).map { $0.returnValue(as: Int32.self) } == [0, 203, 304])
        #expect(seen.withLock { $0 } == [[true, false], [true, true, false]])
        #expect(invocations(of: add).map(\.didReturn) == [true, true, true])
    }

    @Test func aStrictMockAnswersFromItsKeysAndReportsOnlyTheCallNoStubAnswers() {
        var keys: Int32 = 0
        let failures = captureFailures {
            let mockery = Mockery("strict keys", strictness: .strict)
            let add = mockery.mock(of: ct_binary_i32.self, named: "add")
            mockery.withCurrent { stub(add(1, any())).with { 10 } }
            keys = liveKeys(add)
            #expect(ct_call_binary_i32(add, 1, 5) == 10)
            #expect(ct_call_binary_i32(add, 2, 5) == 0)
            mockery.assertIsSatisfied()
        }
        #expect(keys == (libffiPathForced ? -1 : 1))
        #expect(failures.count == 1, "\(failures.map(\.message))")  // at once; the check does not repeat it
        // The call a key answered is in the record, before the one reported.
        #expect(failures.first?.message.hasPrefix("Uninteresting call: add(2, 5)\n") == true, "\(failures.map(\.message))")
        #expect(failures.allSatisfy { $0.message.hasSuffix("What happened before this: add(1, 5) -> 10") }, "\(failures.map(\.message))")
    }
}
