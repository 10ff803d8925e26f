import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The two kinds of entry point a mock can be: a static trampoline (Linux x86-64, every
/// signature without an x87 `long double`) and a libffi closure (the rest, and every mock when
/// `IMPOSTOR_TRAMPOLINE=libffi` is set). What is promised: a covered signature gets a static
/// trampoline, which lies in a read+execute page mapped from a file and never in a writable and
/// executable one; 10,000 mocks leave no writable and executable page; and the ABI suites pass
/// on both paths (the libffi one in a child process, since the path is chosen once per process).
#if arch(x86_64) && os(Linux)
@Suite struct TrampolinePathTests {
    /// True in the parent run, where the child-process tests start their children.
    static let parentRun = getenv("IMPOSTOR_TRAMPOLINE") == nil && getenv("IMPOSTOR_ALONE") == nil
        && getenv("IMPOSTOR_CALL_ORDER") == nil

    @Test(.enabled(if: !libffiPathForced), .mockery)
    func coveredSignaturesGetAStaticTrampolineInAPageThatIsNeverWritable() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        stub(add(any(), any())).with { (a: Int32, b: Int32) in a * 10 + b }
        let code = unsafeBitCast(add, to: UnsafeRawPointer.self)
        #expect(ct_is_static_trampoline(code) == 1)
        #expect(ct_is_in_writable_executable_mapping(code) == 0)
        // Called from C: (0,0) (1,2) (2,4) (3,6) → 0 + 12 + 24 + 36.
        #expect(ct_call_four_times(add) == 72)
        #expect(invocations(of: add).map { $0.argument(1, as: Int32.self) } == [0, 2, 4, 6])

        // A struct returned through memory, one returned in rax and xmm0, and a double.
        expectEntryPath(of: mockFunction(of: ct_fn_big64.self, named: "big"), coveredByStaticPath: true)
        expectEntryPath(of: mockFunction(of: ct_fn_i64_double.self, named: "mixed"), coveredByStaticPath: true)
        expectEntryPath(of: mockFunction(of: ct_fn_double.self, named: "double"), coveredByStaticPath: true)
        #expect(impostor_static_trampolines_unavailable() == nil)
    }

    /// A nice mock's static trampoline records a call no stub answers itself, without entering
    /// the handler, until the mock gets a stub that runs code to match, or an expectation, or is
    /// released; a mock that captures pointer memory or reports uninteresting calls never does.
    /// What a fast-path call leaves is the same as what the handler leaves: its arguments, a zero
    /// result, its thread and its place among other calls. A prototype evaluated by `verify`
    /// is not recorded.
    @Test(.enabled(if: !libffiPathForced))
    func fastPathCallsAreRecordedByTheTrampolineUntilAStubThatRunsCodeOrAnExpectationConcernsTheMock() {
        let mockery = Mockery("fast path")
        let add = mockery.mock(of: ct_binary_i32.self, named: "add")
        let other = mockery.mock(of: ct_binary_i32.self, named: "other")
        let code = unsafeBitCast(add, to: UnsafeRawPointer.self)
        #expect(impostor_static_trampoline_records_on_fast_path(code) == 1)
        #expect(ct_call_binary_i32(add, 7, -8) == 0)
        #expect(ct_call_binary_i32(other, 1, 1) == 0)
        #expect(ct_call_four_times(add) == 0)
        let failures = captureFailures {
            verify(.exactly(5), add(any(), any()))
            verify(.once, add(7, -8))
            verifyInOrder {
                add(7, -8)
                other(1, 1)
                add(3, 6)
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(invocations(of: add).map { [$0.argument(0, as: Int32.self), $0.argument(1, as: Int32.self)] }
            == [[7, -8], [0, 0], [1, 2], [2, 4], [3, 6]])
        #expect(invocations(of: add).allSatisfy { $0.thread == .current && $0.returnValue(as: Int32.self) == 0 })
        #expect(impostor_static_trampoline_records_on_fast_path(code) == 1, "verify leaves the mock on the fast path")

        // A stub of literals and any() becomes a key the dispatcher checks itself: the mock
        // stays on the fast path for the calls the stub does not answer.
        #expect(impostor_static_trampoline_live_keys(code) == 0)
        stub(add(any(), 2)).with { (a: Int32, _: Int32) in a * 100 }
        #expect(impostor_static_trampoline_live_keys(code) == 1)
        #expect(impostor_static_trampoline_records_on_fast_path(code) == 1)
        #expect(ct_call_binary_i32(add, 5, 2) == 500)
        #expect(ct_call_binary_i32(add, 5, 3) == 0)
        // A matcher that runs code sends every call to the handler.
        stub(add(gt(100), any())).with { (a: Int32, _: Int32) in a }
        #expect(impostor_static_trampoline_records_on_fast_path(code) == 0)
        #expect(impostor_static_trampoline_live_keys(code) == -1)
        #expect(ct_call_binary_i32(add, 6, 2) == 600)
        #expect(ct_call_binary_i32(add, 101, 2) == 101)
        #expect(invocations(of: add).map { $0.returnValue(as: Int32.self) } == [0, 0, 0, 0, 0, 500, 0, 600, 101])

        mockery.checking { allowing(other(any(), any())).will(returnValue(9)) }
        #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(other, to: UnsafeRawPointer.self)) == 0)
        #expect(impostor_static_trampoline_live_keys(unsafeBitCast(other, to: UnsafeRawPointer.self)) == -1)
        #expect(ct_call_binary_i32(other, 2, 2) == 9)

        let released = Mockery("released").mock(of: ct_binary_i32.self, named: "released")
        #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(released, to: UnsafeRawPointer.self)) == 0)

        // A naggy mock's dispatcher answers from its keys but leaves a call none answers to the
        // handler, which reports it.
        let naggyMockery = Mockery("naggy", strictness: .naggy)
        let naggy = naggyMockery.mock(of: ct_binary_i32.self, named: "naggy")
        #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(naggy, to: UnsafeRawPointer.self)) == 0)
        #expect(impostor_static_trampoline_live_keys(unsafeBitCast(naggy, to: UnsafeRawPointer.self)) == 0)
        withExtendedLifetime(naggyMockery) {}
        // A mock that copies pointer memory stays on the fast path: the dispatcher copies too.
        let capturing: cp_sink_int_fn = mockery.mock(named: "capturing", capturing: [0: .buffer(count: 1)])
        #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(capturing, to: UnsafeRawPointer.self)) == 1)
        #expect(impostor_static_trampoline_live_keys(unsafeBitCast(capturing, to: UnsafeRawPointer.self)) == 0)
        #if arch(x86_64)  // a `long double` signature is Swift's on x86 only
        #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(
            mockery.mock(of: ct_fn_ldouble.self, named: "ldouble"), to: UnsafeRawPointer.self)) == 0)
        #endif
    }

    /// A fast-path call copies each value of at most 8 bytes as 8 bytes from its slot of the frame,
    /// in order up the record, so a copy spills into the next values' places before they are
    /// written, and the last past the record, into the next record or the chunk's spare bytes.
    /// Every narrow width next to each other, in registers and on the stack, over 30 calls
    /// (past the ends of a lane's first two chunks), must come back exactly, each call its own
    /// values, with a zero result; then a stub answers and the calls go on being recorded alike.
    @Test func fastPathCallsRecordEveryWidthExactlyInRegistersAndOnTheStack() {
        let mockery = Mockery("widths")
        let f = mockery.mock(of: ct_fn_widths.self, named: "widths")
        if !libffiPathForced {
            #expect(impostor_static_trampoline_records_on_fast_path(unsafeBitCast(f, to: UnsafeRawPointer.self)) == 1)
        }
        #expect(ct_call_widths(f, 30) == 0)
        stub(f(any(), any(), any(), any(), any(), any(), any(), any(), any(), any(), any(), any(), any())).with { Int16(-2) }
        #expect(ct_call_widths(f, 2) == -4)

        func value(_ call: Int32, _ k: Int32) -> Int64 { ct_widths_argument(call, k) }
        let calls = invocations(of: f)
        #expect(calls.count == 32)
        for (index, call) in calls.enumerated() {
            let i = Int32(index < 30 ? index : index - 30)
            let got: [Int64] = [
                Int64(call.argument(0, as: Int8.self)), Int64(call.argument(1, as: UInt8.self)),
                Int64(call.argument(2, as: Int16.self)), Int64(call.argument(3, as: UInt16.self)),
                Int64(call.argument(4, as: Int32.self)), Int64(call.argument(5, as: UInt32.self)),
                Int64(call.argument(6, as: Float.self) * 4), Int64(call.argument(7, as: Double.self) * 8),
                call.argument(8, as: Int64.self), call.argument(9, as: Bool.self) ? 1 : 0,
                Int64(call.argument(10, as: Int8.self)), Int64(call.argument(11, as: UInt16.self)),
                Int64(call.argument(12, as: Int32.self)),
            ]
            let expected: [Int64] = [
                Int64(Int8(truncatingIfNeeded: value(i, 0))), Int64(UInt8(truncatingIfNeeded: value(i, 1))),
                Int64(Int16(truncatingIfNeeded: value(i, 2))), Int64(UInt16(truncatingIfNeeded: value(i, 3))),
                Int64(Int32(truncatingIfNeeded: value(i, 4))), Int64(UInt32(truncatingIfNeeded: value(i, 5))),
                value(i, 6), value(i, 7), value(i, 8) << 40, value(i, 9) % 2 != 0 ? 1 : 0,
                Int64(Int8(truncatingIfNeeded: value(i, 10))), Int64(UInt16(truncatingIfNeeded: value(i, 11))),
                Int64(Int32(truncatingIfNeeded: value(i, 12)) &* 65537),
            ]
            #expect(got == expected, "call \(index)")
            #expect(call.returnValue(as: Int16.self) == (index < 30 ? 0 : -2), "call \(index)")
        }

        // Records of 24 bytes whose last value, the result, starts 5 bytes before the end: each
        // fast-path call's copy of it runs 3 bytes into the next record, and at a chunk's end into
        // the chunk's spare bytes (AddressSanitizer reports a copy past them).
        let narrow = mockery.mock(of: ct_fn_u8.self, named: "narrow")
        for _ in 0..<30 { #expect(ct_call_u8(narrow, 0) == 1) }
        #expect(invocations(of: narrow).map { [$0.argument(0, as: UInt8.self), $0.argument(1, as: UInt8.self), $0.argument(2, as: UInt8.self), $0.returnValue(as: UInt8.self)] }
            == Array(repeating: [0, 255, 0x5A, 0], count: 30))
    }

    // x86-64 only: the C signature has a `long double`, which Swift imports (as Float80) on x86 only.
    #if arch(x86_64)
    /// An x87 `long double` (returned in st(0), passed in memory with 16-byte alignment) is
    /// what the static path leaves to libffi, and it still answers from C.
    @Test(.mockery)
    func aLongDoubleSignatureKeepsALibffiClosureAndAnswers() {
        let f = mockFunction(of: ct_fn_ldouble.self, named: "ldouble")
        expectEntryPath(of: f, coveredByStaticPath: false)
        stub(f(any(), any(), any())).with { (_: Float80, _: Float80, _: Float80) in -3.125 }
        #expect(ct_call_ldouble(f, -3.125) == 1)
        #expect(invocations(of: f).count == 1)
        expectEntryPath(of: mockFunction(of: ct_fn_ldouble_struct.self, named: "ldouble_struct"), coveredByStaticPath: false)
    }
    #endif

    /// Run only in the child of `theABISuitesPassOnTheLibffiPath`: every mock is a closure.
    @Test(.enabled(if: libffiPathForced), .mockery)
    func everyMockIsALibffiClosureWhenAskedFor() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        stub(add(any(), any())).with { (a: Int32, b: Int32) in a + b }
        #expect(ct_is_static_trampoline(unsafeBitCast(add, to: UnsafeRawPointer.self)) == 0)
        #expect(ct_call_binary_i32(add, 20, 22) == 42)
    }

    /// Run alone in a child process (other tests make long double mocks, whose libffi closures
    /// live in writable and executable pages): 10,000 mocks, each called from C, leave no page
    /// both writable and executable. With `IMPOSTOR_TRAMPOLINE=libffi` the same mocks must show
    /// such pages, which shows the scan finds them.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "rwx"))
    func tenThousandMocksLeaveNoPageWritableAndExecutable() {
        let before = impostor_static_trampoline_pages()
        let mockery = Mockery("ten thousand")
        var sum: Int32 = 0
        for index in 0..<10_000 {
            let add = mockery.mock(of: ct_binary_i32.self, named: "add\(index)")
            stub(add(any(), any())).with { (a: Int32, b: Int32) in a + b + Int32(index) }
            sum &+= ct_call_binary_i32(add, 1, 2) - 3
        }
        #expect(sum == (0..<10_000).reduce(0, +))
        let found = ct_writable_executable_mappings()
        if libffiPathForced {
            #expect(found > 0, "libffi's closures are in writable and executable pages")
            #expect(impostor_static_trampoline_pages() == before)
        } else {
            #expect(found == 0, "\(found) mappings are writable and executable")
            // 240 stubs a page: at least 42 pages for 10,000 mocks.
            #expect(impostor_static_trampoline_pages() - before >= 42)
        }
    }

    @Test(.enabled(if: parentRun))
    func tenThousandStaticTrampolinesLeaveNoPageWritableAndExecutable() throws {
        let output = try childRun(environment: "IMPOSTOR_ALONE=rwx", filter: "tenThousandMocksLeaveNoPageWritableAndExecutable")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("tenThousandMocksLeaveNoPageWritableAndExecutable() passed"), "\(output)")
    }

    @Test(.enabled(if: parentRun))
    func theRWXScanFindsLibffiClosures() throws {
        let output = try childRun(
            environment: "IMPOSTOR_ALONE=rwx IMPOSTOR_TRAMPOLINE=libffi", filter: "tenThousandMocksLeaveNoPageWritableAndExecutable")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("tenThousandMocksLeaveNoPageWritableAndExecutable() passed"), "\(output)")
    }

    /// The ABI suites again, with every mock a libffi closure: the main run covers the static
    /// path, this child the fallback, so both stay correct.
    @Test(.enabled(if: parentRun))
    func theABISuitesPassOnTheLibffiPath() throws {
        let suites = [
            "GeneratedABITests", "StructZooTests", "NarrowReturnTests", "ManyArgumentsTests", "ScalarArgumentTests",
            "PerCallPathGuardTests", "ConcurrentCallTests", "QsortTests", "TrampolinePathTests",
            // Stubs matched by the entry point itself (a closure's C handler here), with
            // threads adding them while calls arrive.
            "StubKeyTests", "StressTests",
            // Mocks reached through vtables, a real C library and rebound C symbols; timed
            // verification and the thread a call came from.
            "MockTableTests", "SQLiteVFSTests", "PointerMemoryTests", "FunctionPointerFieldTests", "InterposeLibraryTests",
            "TimedVerificationTests",
        ]
        let output = try childRun(environment: "IMPOSTOR_TRAMPOLINE=libffi", filter: "'\(suites.joined(separator: "|"))'")
        #expect(output.contains("exit status 0"), "\(output.suffix(4000))")
        #expect(output.contains("everyMockIsALibffiClosureWhenAskedFor() passed"))
        #expect(output.contains("abi_999() passed"))
        #expect(output.contains("Suite StructZooTests passed"))
        #expect(output.contains("Suite SQLiteVFSTests passed"))
        #expect(output.contains("Suite StubKeyTests passed"))
        #expect(!output.contains("coveredSignaturesGetAStaticTrampolineInAPageThatIsNeverWritable() passed"))
    }

    /// Run only in a copy of this binary that deletes itself first: the static path maps its
    /// code page from the library's file, so with the file gone mocks fall back to libffi's
    /// closures and still answer.
    @Test(.enabled(if: getenv("IMPOSTOR_ALONE").map { String(cString: $0) } == "deleted"), .mockery)
    func withItsFileDeletedTheLibraryFallsBackToLibffi() throws {
        #expect(unlink(try testExecutable()) == 0)
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        stub(add(any(), any())).with { (a: Int32, b: Int32) in a - b }
        #expect(ct_is_static_trampoline(unsafeBitCast(add, to: UnsafeRawPointer.self)) == 0)
        #expect(ct_call_binary_i32(add, 50, 8) == 42)
        let reason = impostor_static_trampolines_unavailable().map { String(cString: $0) }
        #expect(reason == "the library holding Impostor's code page is not a file that can be opened")
    }

    @Test(.enabled(if: parentRun))
    func aLibraryFileDeletedBeforeTheFirstMockFallsBackToLibffi() throws {
        // A copy next to the original, so that the libraries it finds relative to itself are there.
        let copy = try testExecutable() + ".deleted-\(getpid())"
        #expect(system("cp '\(try testExecutable())' '\(copy)'") == 0)
        defer { unlink(copy) }
        let output = try childRun(
            environment: "IMPOSTOR_ALONE=deleted", filter: "withItsFileDeletedTheLibraryFallsBackToLibffi", executable: copy)
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(output.contains("withItsFileDeletedTheLibraryFallsBackToLibffi() passed"), "\(output)")
    }

    /// A misspelt setting is not taken for the one asked for: the run says so once and keeps
    /// the static path.
    @Test(.enabled(if: parentRun))
    func anUnknownTrampolineSettingIsReported() throws {
        let output = try childRun(
            environment: "IMPOSTOR_TRAMPOLINE=ffi", filter: "coveredSignaturesGetAStaticTrampolineInAPageThatIsNeverWritable")
        #expect(output.contains("exit status 0"), "\(output)")
        let warning = "Impostor warning: IMPOSTOR_TRAMPOLINE=\"ffi\" is not a setting Impostor knows; the values are "
            + "\"static\" (the default) and \"libffi\" (make every mock a libffi closure). Mocks get static trampolines "
            + "where their signature allows."
        #expect(output.components(separatedBy: warning).count == 2, "\(output)")
        #expect(output.contains("coveredSignaturesGetAStaticTrampolineInAPageThatIsNeverWritable() passed"))
    }

    /// The default may be written out, with no warning; an empty value is no value.
    @Test(.enabled(if: parentRun), arguments: ["static", ""])
    func theStaticSettingIsTheDefaultWrittenOut(value: String) throws {
        let output = try childRun(
            environment: "IMPOSTOR_TRAMPOLINE=\(value)", filter: "coveredSignaturesGetAStaticTrampolineInAPageThatIsNeverWritable")
        #expect(output.contains("exit status 0"), "\(output)")
        #expect(!output.contains("Impostor warning"), "\(output)")
        #expect(output.contains("coveredSignaturesGetAStaticTrampolineInAPageThatIsNeverWritable() passed"))
    }
}
#endif
