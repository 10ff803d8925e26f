import CImpostorTestSupport
import Dispatch
@_spi(Benchmarks) @testable import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A verify whose pattern is `any()` and literals of 1, 2, 4 or 8 bytes counts the calls where
/// they are recorded (InvocationStore+Counting) instead of copying them. These tests hold it to
/// what the copying path (`RecordCheck`, which every other verify still takes) gives: the
/// same count, the same calls marked verified and, for a count the mode rejects, the same
/// message and no mark at all.
@Suite struct InPlaceVerifyTests {
    typealias Mixed = @convention(c) (UInt8, Int64, Int32) -> Void
    typealias Binary = @convention(c) (Int32, Int32) -> Int32
    typealias Event = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void

    /// One pattern of the differential test: how to write it, and which calls it matches.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let holds: @Sendable (cvs_call) -> Bool
        let prototype: @Sendable (Mixed) -> Void
    }

    static let cases: [Case] = [
        Case(description: "all any()", holds: { _ in true }, prototype: { _ = $0(any(), any(), any()) }),
        Case(description: "a 1-byte literal", holds: { $0.flag == 2 }, prototype: { _ = $0(2, any(), any()) }),
        Case(description: "an 8-byte literal", holds: { $0.wide == 1 << 40 }, prototype: { _ = $0(any(), 1 << 40, any()) }),
        Case(description: "a 4-byte literal", holds: { $0.middle == 3 }, prototype: { _ = $0(any(), any(), 3) }),
        Case(description: "a 1-byte and an 8-byte literal", holds: { $0.flag == 1 && $0.wide == -1 }, prototype: { _ = $0(1, -1, any()) }),
        Case(description: "three literals", holds: { $0.flag == 3 && $0.wide == 0 && $0.middle == 4 }, prototype: { _ = $0(3, 0, 4) }),
        Case(description: "a literal no call has", holds: { $0.middle == 9 }, prototype: { _ = $0(any(), any(), 9) }),
    ]

    /// Random calls from four C threads (on either entry point, with and without garbage above
    /// the small values in their registers), verified with every case in several modes, some
    /// failing. Each verify must count what the calls' own arguments say, mark exactly what the
    /// copying path would mark (nothing when it fails), and fail with the copying path's text.
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func countsAndMarksAsTheCopyingPathDoes(libffi: Bool, garbage: Bool) throws {
        // A Mockery of its own, as RecursionTests makes for its libffi mocks: released with the
        // test, its mock frees its records.
        let mockery = Mockery("in place")
        let make = { mockery.mock(of: Mixed.self, named: "mixed") }
        let mixed = libffi ? withLibffiTrampolines(make) : make()
        let threads: Int32 = 4
        let perThread: Int32 = 200
        var calls = [cvs_call](repeating: cvs_call(), count: Int(threads * perThread))
        #expect(cvs_call_mixed(mixed, threads, perThread, libffi ? 7 : 11, garbage ? 1 : 0, &calls) == 0)
        // Some calls are verified already, so that marks are both added and left alone.
        verify(.atLeast(0), mixed(0, any(), any()))
        for testCase in Self.cases {
            let pattern = try Self.pattern { testCase.prototype(mixed) }
            #expect(InvocationStore.recordTests(for: pattern) != nil, "\(testCase) is counted in place")
            let expected = calls.filter(testCase.holds).count
            for mode in Self.modes(around: expected) {
                let before = Self.verifiedFlags(pattern)
                let copied = RecordCheck(pattern)
                #expect(copied.matching.count == expected, "\(testCase)")
                let failures = captureFailures {
                    Verification.run(mode: mode, timeout: nil, site: SourceSite()) { testCase.prototype(mixed) }
                }
                var after = before
                if mode.accepts(expected) {
                    #expect(failures.isEmpty, "\(testCase), \(mode): \(failures)")
                    for index in copied.matching { after[index] = true }
                } else {
                    let message = FailureMessages.verificationFailed(pattern.description, mode: mode, check: copied, timeout: nil)
                    #expect(failures.map(\.message) == [message], "\(testCase), \(mode)")
                }
                #expect(Self.verifiedFlags(pattern) == after, "\(testCase), \(mode)")
            }
        }
    }

    /// The count itself, without a verify around it, for each case: the C walk and the copy agree
    /// call for call, and a count whose marks are declined leaves every flag as it was.
    @Test func theWalkCountsWhatTheCopyMatches() throws {
        let mixed: Mixed = mockFunction(named: "mixed")
        var calls = [cvs_call](repeating: cvs_call(), count: 3 * 1_000)
        #expect(cvs_call_mixed(mixed, 3, 1_000, 3, 1, &calls) == 0)
        for testCase in Self.cases {
            let pattern = try Self.pattern { testCase.prototype(mixed) }
            let tests = try #require(InvocationStore.recordTests(for: pattern))
            let before = Self.verifiedFlags(pattern)
            var offered: Int?
            let counted = pattern.interceptor.store.countInPlace(tests) { offered = $0; return false }
            #expect(counted == RecordCheck(pattern).matching.count, "\(testCase)")
            #expect(counted == calls.filter(testCase.holds).count, "\(testCase)")
            #expect(offered == counted)
            #expect(Self.verifiedFlags(pattern) == before, "\(testCase): a declined count marks nothing")
        }
    }

    /// A 2-byte literal, on calls made from Swift.
    @Test func aTwoByteLiteral() throws {
        typealias Short = @convention(c) (Int16, UInt8) -> Void
        let short: Short = mockFunction(named: "short")
        for value in 0..<300 { short(Int16(value % 7) - 3, UInt8(value % 3)) }
        let pattern = try Self.pattern { short(-2, any()) }
        #expect(InvocationStore.recordTests(for: pattern)?.map(\.size) == [2])
        #expect(RecordCheck(pattern).matching.count == 43)
        verify(.exactly(43), short(-2, any()))
        verify(.exactly(43), short(-2, any()))
        #expect(captureFailures { verify(.exactly(42), short(-2, any())) }.count == 1)
        verify(.exactly(300), short(any(), any()))
        verifyNoMoreInvocations(short)
    }

    /// Calls that threads make while a count runs are neither counted nor marked: each lane is
    /// counted up to where it stood when the count began, the same records are marked (not the
    /// calls made between the count and the marks), and a later check of unverified calls still
    /// finds every call made after.
    @Test func callsArrivingDuringACountAreNeitherCountedNorMarked() throws {
        let add: Binary = mockFunction(named: "add")
        let pattern = try Self.pattern { _ = add(any(), any()) }
        let tests = try #require(InvocationStore.recordTests(for: pattern))
        let handle = try #require(cc_start(add, 2, 0))
        while cc_calls(handle) < 5_000 { usleep(200) }
        var counted = 0
        for _ in 0..<3 {
            // Between the count and the marks (the store's locks held, which writers never
            // take), the threads make a thousand calls more.
            let count = try #require(pattern.interceptor.store.countInPlace(tests) { _ in
                let start = cc_calls(handle)
                while cc_calls(handle) < start + 1_000 { sched_yield() }
                return true
            })
            #expect(count > counted)
            counted = count
        }
        _ = cc_stop(handle)
        let batch = pattern.interceptor.store.snapshot()
        let views = (0..<batch.count).map(batch.view)
        #expect(views.filter(\.isVerified).count == counted)
        #expect(batch.count > counted, "calls arrived after the last count")
        // Each thread's calls in its own order: the verified ones come first, then the rest.
        for thread in Set(views.map(\.thread)) {
            let flags = views.filter { $0.thread == thread }.map(\.isVerified)
            #expect(flags == flags.sorted { $0 && !$1 }, "thread \(thread)'s verified calls are a prefix")
        }
        let unverified = captureFailures { verifyNoMoreInvocations(add) }
        #expect(unverified.first?.message.hasPrefix(
            "Expected no more calls to add, but it received \(Plural.calls(batch.count - counted)) that no verify accounted for:") == true,
                "\(unverified.first?.message.prefix(300) ?? "")")
        verify(.exactly(batch.count), add(any(), any()))
        verifyNoMoreInvocations(add)
    }

    /// Calls whose answer has not returned (a stub block still running on another thread) are
    /// counted, as the copy counts them; a clear while one is open hides its lane's records,
    /// across chunks, and the calls the lane records after the clear are counted and marked
    /// alone.
    @Test func openCallsAndHiddenRecordsAreCountedAsTheCopyCountsThem() throws {
        let event: Event = mockFunction(named: "event")
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let answers = Locked(0)
        // The 300th call blocks in its answer: the lane has 299 closed calls, then an open one.
        stub(event(7, any())).with { (_: Int32, _: UnsafePointer<CChar>?) in
            if answers.withLock({ $0 += 1; return $0 }) == 300 {
                entered.signal()
                proceed.wait()
            }
        }
        let handle = try #require(cv_call_later(event, 7, nil, 500, 0))
        entered.wait()
        event(1, nil)
        let checks: [(VerificationMode, () -> Void)] = [(.exactly(300), { event(7, any()) }), (.exactly(301), { event(any(), any()) })]
        for (mode, prototype) in checks {
            let pattern = try Self.pattern(prototype)
            #expect(RecordCheck(pattern).matching.count == mode.minimum)
            #expect(RecordCheck(pattern).batch.view(299).didReturn == false)
            #expect(captureFailures { Verification.run(mode: mode, timeout: nil, site: SourceSite(), prototype) }.isEmpty)
        }
        verifyNoMoreInvocations(event)

        clearInvocations(event)
        verify(.never, event(any(), any()))
        verifyZeroInvocations(event)
        event(1, nil)
        event(1, nil)
        proceed.signal()
        cv_join(handle)
        // The blocked call closed into its hidden record; the lane then took 200 more calls.
        let pattern = try Self.pattern { _ = event(7, any()) }
        #expect(RecordCheck(pattern).matching.count == 200)
        verify(.exactly(200), event(7, any()))
        verify(.exactly(2), event(1, any()))
        verifyNoMoreInvocations(event)
        #expect(captureFailures { verify(.exactly(201), event(7, any())) }.first?.message.hasPrefix(
            "Expected event to receive event(7, any()) exactly 201 times but received it 200 times.") == true)
    }

    /// A verify after a clear counts only the calls since, and cannot mark the calls before.
    @Test func aVerifyAfterAClearCountsOnlyTheCallsSince() {
        let add: Binary = mockFunction(named: "add")
        for index in 0..<1_000 { _ = add(Int32(index % 4), 5) }
        verify(.exactly(250), add(1, 5))
        clearInvocations(add)
        for index in 0..<10 { _ = add(Int32(index % 2), 5) }
        verify(.exactly(5), add(1, 5))
        verify(.never, add(2, any()))
        #expect(captureFailures { verifyNoMoreInvocations(add) }.first?.message.hasPrefix(
            "Expected no more calls to add, but it received 5 calls that no verify accounted for:") == true)
        verify(.exactly(10), add(any(), eq(5)))
        verifyNoMoreInvocations(add)
    }

    /// Patterns the walk cannot count still take the copying path, and behave as before.
    @Test func patternsThatRunCodeOrCaptureAreLeftToTheCopy() throws {
        let add: Binary = mockFunction(named: "add")
        for index in 0..<20 { _ = add(Int32(index), 5) }
        let running = try Self.pattern { _ = add(matching { $0 > 9 }, any()) }
        #expect(InvocationStore.recordTests(for: running) == nil)
        let captor = ArgumentCaptor<Int32>()
        let capturing = try Self.pattern { _ = add(captor.capture(), 5) }
        #expect(InvocationStore.recordTests(for: capturing) == nil)
        verify(.exactly(20), add(captor.capture(), 5))
        #expect(captor.values == Array(0..<20))
        verifyNoMoreInvocations(add)
    }

    // MARK: Helpers

    /// The one pattern `prototype` describes, as a verify makes it.
    static func pattern(_ prototype: () -> Void) throws -> CallPattern {
        let patterns = Verification.patterns(shape: .oneCallEach, site: SourceSite(), prototype)
        return try #require(patterns?.first as? CallPattern)
    }

    /// Whether each recorded call is marked verified, oldest first.
    static func verifiedFlags(_ pattern: CallPattern) -> [Bool] {
        let batch = pattern.interceptor.store.snapshot()
        return (0..<batch.count).map { batch.view($0).isVerified }
    }

    /// Modes that reject `count`, then modes that accept it: rejections first, while the calls
    /// they would wrongly mark are still unmarked.
    static func modes(around count: Int) -> [VerificationMode] {
        var modes: [VerificationMode] = [.exactly(count + 1), .atLeast(count + 1), .never]
        if count > 0 { modes += [.atMost(count - 1), .exactly(count - 1)] }
        return modes + [.atMost(count), .between(max(0, count - 1)...(count + 1)), .atLeast(count), .exactly(count)]
    }
}
