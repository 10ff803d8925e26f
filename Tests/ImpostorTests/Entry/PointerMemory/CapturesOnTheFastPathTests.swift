import CImpostor
import CImpostorTestSupport
@_spi(Benchmarks) @testable import Impostor
import Testing

/// A mock that copies pointer memory stays on its entry point's fast path: the entry point
/// copies, in C, what the handler would copy in Swift for its matchers. Each case hands the same
/// pointers and lengths, from C, to a mock on the fast path and to one whose calls go through the
/// handler (an expectation names it), and holds the two records' copies equal, on both kinds of
/// entry point.
@Suite struct CapturesOnTheFastPathTests {
    /// A fast mock, a handler mock (same name, so that their descriptions compare), and their
    /// Mockeries.
    struct Pair<F> {
        let fast: F
        let slow: F
        let mockeries: [Mockery]
    }

    static func pair<F: BitwiseCopyable>(
        _ type: F.Type, libffi: Bool, capturing: [Int: PointerCapture] = [:], expect: (Mockery, F) -> Void
    ) -> Pair<F> {
        let fastMockery = Mockery("fast"), slowMockery = Mockery("slow")
        let make = { (mockery: Mockery) -> F in mockery.mock(of: F.self, named: "m", capturing: capturing) }
        let fast = libffi ? withLibffiTrampolines { make(fastMockery) } : make(fastMockery)
        let slow = libffi ? withLibffiTrampolines { make(slowMockery) } : make(slowMockery)
        expect(slowMockery, slow)
        if !libffi {
            #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(fast, to: UnsafeRawPointer.self)) == 1)
            #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(slow, to: UnsafeRawPointer.self)) == 0)
        }
        return Pair(fast: fast, slow: slow, mockeries: [fastMockery, slowMockery])
    }

    /// The calls of both mocks, paired in order, after checking that each got as many.
    static func calls<F>(_ pair: Pair<F>) -> [(fast: Invocation, slow: Invocation)] {
        let fast = invocations(of: pair.fast), slow = invocations(of: pair.slow)
        #expect(fast.count == slow.count)
        return Array(zip(fast, slow))
    }

    static func expectSameCopies<F>(_ pair: Pair<F>, sourceLocation: SourceLocation = #_sourceLocation) {
        for (fast, slow) in calls(pair) {
            #expect(fast.record?.captures == slow.record?.captures, sourceLocation: sourceLocation)
            #expect(fast.description == slow.description, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [false, true]) func cStrings(libffi: Bool) {
        let pair = Self.pair(ccp_text_fn.self, libffi: libffi) { mockery, mock in
            mockery.checking { allowing(mock(any())) }
        }
        ccp_pair_text(pair.fast, pair.slow, "hello")
        ccp_pair_text(pair.fast, pair.slow, "")
        ccp_pair_text(pair.fast, pair.slow, nil)
        ccp_pair_text(pair.fast, pair.slow, UnsafePointer(bitPattern: 16))                      // a small integer
        ccp_pair_text(pair.fast, pair.slow, UnsafePointer(bitPattern: UInt(1) << 62))          // past user memory
        for length in [0, 1, 15, 16, 17, 4095] { ccp_pair_text_before_guard(pair.fast, pair.slow, length) }
        Self.expectSameCopies(pair)
        let fast = invocations(of: pair.fast)
        #expect(fast.first?.bytes(0) == Array("hello\0".utf8))
        #expect(fast[1].bytes(0) == [0])
        #expect(fast[2].record?.capture(0) == .null)
        #expect(fast[3].record?.capture(0) == .unreadable(address: 16))
        // Text that runs into a guard page without a NUL could not be read, at any length.
        for call in fast[6...] {
            guard case .unreadable = call.record?.capture(0) else {
                Issue.record("text before a guard page was read: \(call)")
                continue
            }
        }
    }

    @Test(arguments: [false, true]) func textBoundedByAnInteger(libffi: Bool) {
        let pair = Self.pair(ccp_text_int_fn.self, libffi: libffi) { mockery, mock in
            mockery.checking { allowing(mock(any(), any())) }
        }
        for (text, length) in [("abc", 3), ("abcdef", 3), ("ab\0cd", 5), ("xyz", -1), ("xyz", 0), ("xyz\0", 100)] {
            Array(text.utf8).withUnsafeBufferPointer { ccp_pair_text_int(pair.fast, pair.slow, $0.baseAddress, Int32(length)) }
        }
        ccp_pair_text_int(pair.fast, pair.slow, nil, 4)
        Self.expectSameCopies(pair)
        let fast = invocations(of: pair.fast)
        #expect(fast.map { $0.bytes(0) } == [Array("abc".utf8), Array("abc".utf8), Array("ab\0".utf8), [], [], Array("xyz\0".utf8), nil])
    }

    @Test(arguments: [false, true]) func buffers(libffi: Bool) {
        let pair = Self.pair(ccp_buffer_fn.self, libffi: libffi) { mockery, mock in
            mockery.checking { allowing(mock(any(), any())) }
        }
        // Lanes and chunks made before memory is unmapped, so that no chunk of either mock takes
        // the place of the page a call points to.
        ccp_pair_buffer(pair.fast, pair.slow, "warm", 4)
        ccp_pair_buffer(pair.fast, pair.slow, "hello", 5)
        ccp_pair_buffer(pair.fast, pair.slow, "hello", 0)
        ccp_pair_buffer(pair.fast, pair.slow, nil, 5)
        ccp_pair_buffer(pair.fast, pair.slow, "hello", Int.max)                               // past user memory
        ccp_pair_buffer(pair.fast, pair.slow, UnsafeRawPointer(bitPattern: 4095), 1)
        ccp_pair_buffer_across_guard(pair.fast, pair.slow, 8, 8)                              // ends at the guard
        ccp_pair_buffer_across_guard(pair.fast, pair.slow, 8, 9)                              // one byte into it
        ccp_pair_buffer_across_guard(pair.fast, pair.slow, 4096, 4096)
        Self.expectSameCopies(pair)
        let fast = invocations(of: pair.fast)
        #expect(fast[1].bytes(0) == Array("hello".utf8))
        #expect(fast[2].bytes(0) == [])
        #expect(fast[6].bytes(0) == [UInt8](repeating: 0x5A, count: 8))
        #expect(fast[8].bytes(0) == [UInt8](repeating: 0x5A, count: 4096))
        for index in [4, 5, 7] {
            guard case .unreadable = fast[index].record?.capture(0) else {
                Issue.record("call \(index + 1) was read: \(fast[index])")
                continue
            }
        }
        // Each call gets a page of its own, unmapped just before it. A test running beside this one
        // can map the freed pages before the calls read them; the helper says so and the pair is
        // made again.
        var unmappedThroughout = false
        for _ in 0..<8 where !unmappedThroughout {
            unmappedThroughout = ccp_pair_buffer_unmapped(pair.fast, pair.slow, 5) != 0
        }
        #expect(unmappedThroughout, "the freed pages were mapped again before the calls in 8 tries")
        for (fast, slow) in Self.calls(pair).suffix(1) {
            guard case .unreadable(let fastAddress) = fast.record?.capture(0), case .unreadable(let slowAddress) = slow.record?.capture(0)
            else {
                Issue.record("memory unmapped before the call was read: \(fast), \(slow)")
                continue
            }
            #expect(slowAddress == fastAddress + 4096)
        }
    }

    @Test(arguments: [false, true]) func callbackShapes(libffi: Bool) {
        let write = Self.pair(ccp_write_fn.self, libffi: libffi) { mockery, mock in
            mockery.checking { allowing(mock(any(), any(), any())) }
        }
        ccp_pair_write(write.fast, write.slow, "abc", 3)
        ccp_pair_write(write.fast, write.slow, "abcdef", 2)
        Self.expectSameCopies(write)
        #expect(invocations(of: write.fast).map { $0.bytes(1) } == [Array("abc".utf8), Array("ab".utf8)])

        let log = Self.pair(ccp_log_fn.self, libffi: libffi) { mockery, mock in
            mockery.checking { allowing(mock(any(), any())) }
        }
        ccp_pair_log(log.fast, log.slow, "message")
        // Past the 1 MiB a capture copies: cut, on both paths alike.
        ccp_pair_long_text(log.fast, log.slow, (1 << 20) + 10)
        Self.expectSameCopies(log)
        let logged = invocations(of: log.fast)
        #expect(logged.first?.cString(1) == "message")
        guard case .memory(let cut) = logged.last?.record?.capture(1) else {
            Issue.record("long text was not copied")
            return
        }
        #expect(cut.bytes.count == 1 << 20 && cut.isCut)
    }

    @Test(arguments: [false, true]) func declaredAndPointeeCopies(libffi: Bool) {
        let items = Self.pair(ccp_items_fn.self, libffi: libffi, capturing: [0: .buffer(count: 1, times: 2)]) { mockery, mock in
            mockery.checking { allowing(mock(any(), any(), any())) }
        }
        let data: [UInt8] = Array(0..<12)
        data.withUnsafeBufferPointer { ccp_pair_items(items.fast, items.slow, $0.baseAddress, 4, 3) }
        data.withUnsafeBufferPointer { ccp_pair_items(items.fast, items.slow, $0.baseAddress, Int.max, 2) }   // overflows
        Self.expectSameCopies(items)
        #expect(invocations(of: items.fast).first?.bytes(0) == data)

        let point = Self.pair(ccp_point_fn.self, libffi: libffi) { mockery, mock in
            mockery.checking { allowing(mock(any())) }
        }
        var value = ccp_point(x: 3, y: -4, weight: 0.5)
        ccp_pair_point(point.fast, point.slow, &value)
        Self.expectSameCopies(point)
        #expect(invocations(of: point.fast).first?.bytes(0) == withUnsafeBytes(of: value) { Array($0) })
    }

    /// A verify reads the fast path's copies as it reads the handler's.
    @Test func matchersReadTheFastPathsCopies() {
        let mockery = Mockery("copies")
        let log: ccp_log_fn = mockery.mock(named: "log")
        #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(log, to: UnsafeRawPointer.self)) == 1)
        ccp_pair_log(log, log, "ready")
        let failures = captureFailures {
            mockery.withCurrent {
                verify(.exactly(2), log(any(), cString("ready")))
                verify(.never, log(any(), cString("read")))
            }
        }
        #expect(failures.map(\.message) == [])
        let missing = captureFailures { mockery.withCurrent { verify(log(any(), cString("gone"))) } }
        #expect(missing.count == 1)
    }

    /// Eight C threads copy at once, each into its own lane: every copy is kept, and is its own.
    @Test(arguments: [false, true]) func copiesFromManyThreads(libffi: Bool) {
        let mockery = Mockery("threads")
        let make = { () -> ccp_log_fn in mockery.mock(named: "log") }
        let log = libffi ? withLibffiTrampolines(make) : make()
        #expect(ccp_log_from_threads(log, 8, 10_000, 0) == 80_000)
        var perText: [String: Int] = [:]
        for call in invocations(of: log) { perText[call.cString(1) ?? "none", default: 0] += 1 }
        #expect(perText == Dictionary(uniqueKeysWithValues: (0..<8).map { ("call \($0)", 10_000) }))
    }

    /// A call copying through more pointers than the entry point keeps room for (8) is the
    /// handler's, on both entry points: copied, stubbed and recorded all the same.
    @Test(arguments: [false, true]) func nineCopiesGoThroughTheHandler(libffi: Bool) {
        let mockery = Mockery("nine")
        let make = { () -> ccp_nine_fn in mockery.mock(named: "nine") }
        let nine = libffi ? withLibffiTrampolines(make) : make()
        mockery.withCurrent { stub(nine(any(), any(), any(), any(), any(), any(), any(), any(), cString("i"))).returning(9) }
        #expect(ccp_call_nine(nine) == 9)
        let call = invocations(of: nine).first
        #expect((0..<9).map { call?.cString($0) } == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
    }

    /// A clear empties the copies with the records; the calls after it copy into the same lanes.
    @Test func aClearForgetsTheCopies() {
        let mockery = Mockery("clear")
        let log: ccp_log_fn = mockery.mock(named: "log")
        ccp_pair_log(log, log, "before")
        clearInvocations(log)
        ccp_pair_log(log, log, "after")
        #expect(invocations(of: log).map { $0.cString(1) } == ["after", "after"])
    }
}
