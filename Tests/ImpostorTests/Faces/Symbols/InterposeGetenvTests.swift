import CImpostor
import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `getenv` rebound in the test executable: calls from C and from Swift answered by the mock,
/// pass-through to the real function, and the slots put back when the Mockery goes.
@Suite struct InterposeGetenvTests {
    // nonisolated(unsafe): written once, then only read; C strings are not Sendable.
    nonisolated(unsafe) private static let mocked = InterpositionTestSupport.immortalCString("from the mock")

    @Test(.mockery) func callsFromCAreAnsweredByTheMock() {
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(cString("IMPOSTOR_GETENV_C"))).with { Self.mocked }

        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_C")) == "from the mock")
        verify(.once, getenvMock(cString("IMPOSTOR_GETENV_C")))
    }

    @Test(.mockery) func callsFromSwiftAreAnsweredByTheMock() {
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(cString("IMPOSTOR_GETENV_SWIFT"))).with { Self.mocked }

        #expect(InterpositionTestSupport.text(getenv("IMPOSTOR_GETENV_SWIFT")) == "from the mock")
        #expect(invocations(of: getenvMock).map { $0.cString(0) } == ["IMPOSTOR_GETENV_SWIFT"])
    }

    @Test(.mockery) func anUnstubbedCallReturnsZeroLikeAnyMock() {
        setenv("IMPOSTOR_GETENV_SET", "real", 1)
        let getenvMock = interpose("getenv", as: GetEnv.self)
        #expect(ct_interpose_getenv("IMPOSTOR_GETENV_SET") == nil)
        verify(getenvMock(cString("IMPOSTOR_GETENV_SET")))
    }

    @Test(.mockery) func callingOriginalPassesCallsThrough() {
        setenv("IMPOSTOR_GETENV_PASS", "real value", 1)
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(any())).callingOriginal()
        stub(getenvMock(cString("IMPOSTOR_GETENV_FAKE"))).with { Self.mocked }

        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_PASS")) == "real value")
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_FAKE")) == "from the mock")
        verify(.exactly(2), getenvMock(any()))
    }

    @Test(.mockery) func aStubCallingTheSymbolByNameReachesTheRealFunction() {
        setenv("IMPOSTOR_GETENV_BY_NAME", "real", 1)
        let staticPath = !libffiPathForced   // read before getenv is rebound: it reads the environment
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(any())).with { (name: UnsafePointer<CChar>?) in getenv(name!) }  // not back into the mock
        // The mock's entry point answers from the stub's key, and marks the thread as answering
        // the symbol while the block runs, as the handler does.
        if staticPath {
            #expect(impostor_static_trampoline_live_keys(unsafeBitCast(getenvMock, to: UnsafeRawPointer.self)) == 1)
        }
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_BY_NAME")) == "real")
        verify(.once, getenvMock(any()))
    }

    @Test(.mockery) func expectationsWorkOnAnInterposedSymbol() {
        let getenvMock = interpose("getenv", as: GetEnv.self)
        Mockery.current.checking {
            oneOf(getenvMock(cString("IMPOSTOR_GETENV_EXPECTED"))).will(returnValue(Self.mocked))
            allowing(getenvMock(any())).will(returnValue(nil))
        }
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_EXPECTED")) == "from the mock")
        #expect(ct_interpose_getenv("IMPOSTOR_GETENV_OTHER") == nil)
        Mockery.current.assertIsSatisfied()
    }

    @Test(.mockery) func theOriginalIsTheRealFunction() {
        setenv("IMPOSTOR_GETENV_ORIGINAL", "real", 1)
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(any())).with { Self.mocked }

        let real = original(of: getenvMock)
        #expect(InterpositionTestSupport.text(real("IMPOSTOR_GETENV_ORIGINAL")) == "real")
        #expect(invocations(of: getenvMock).isEmpty)
    }

    @Test func theSlotsArePutBackWhenTheMockeryIsReleased() {
        setenv("IMPOSTOR_GETENV_RESTORE", "real", 1)
        do {
            let mockery = Mockery("restore")
            let getenvMock = mockery.interpose("getenv", as: GetEnv.self)
            stub(getenvMock(any())).with { Self.mocked }
            #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_RESTORE")) == "from the mock")
            withExtendedLifetime(mockery) {}
        }
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_RESTORE")) == "real")
        #expect(InterpositionTestSupport.text(getenv("IMPOSTOR_GETENV_RESTORE")) == "real")
    }

    @Test(.mockery) func nestedInterpositionsReleasedOutOfOrder() {
        setenv("IMPOSTOR_GETENV_NESTED", "real", 1)
        let outer = InterpositionTestSupport.immortalCString("outer")
        let inner = InterpositionTestSupport.immortalCString("inner")
        var first: Mockery? = Mockery("first")
        var second: Mockery? = Mockery("second")
        let outerMock = first!.interpose("getenv", as: GetEnv.self)
        stub(outerMock(any())).with { outer }
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_NESTED")) == "outer")
        let innerMock = second!.interpose("getenv", as: GetEnv.self)
        stub(innerMock(any())).with { inner }
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_NESTED")) == "inner")
        first = nil  // the older one goes first: the newer still answers
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_NESTED")) == "inner")
        second = nil
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_NESTED")) == "real")
        _ = (first, second)
    }

    @Test(.mockery) func onlyTheMainExecutable() {
        let getenvMock = interpose("getenv", as: GetEnv.self, in: .mainExecutable)
        stub(getenvMock(cString("IMPOSTOR_GETENV_MAIN"))).with { Self.mocked }
        #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_MAIN")) == "from the mock")
    }

    @Test(.mockery) func aThreadTheTestStartsJoinsItThroughWithCurrent() {
        setenv("IMPOSTOR_GETENV_THREAD", "real", 1)
        let getenvMock = interpose("getenv", as: GetEnv.self)
        stub(getenvMock(any())).with { Self.mocked }
        let mockery = Mockery.current

        let claimed = onNewThread { mockery.withCurrent { InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_THREAD")) } }
        let unclaimed = onNewThread { InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_GETENV_THREAD")) }

        #expect(claimed == "from the mock")
        #expect(unclaimed == "real")
    }

    @Test(.mockery) func everyThreadAnswersThreadsWithNoTest() {
        let getpgrpMock = interpose("getpgrp", as: GetPid.self, answering: .everyThread)
        stub(getpgrpMock()).with { 4242 }
        #expect(onNewThread { String(ct_interpose_getpgrp()) } == "4242")
    }

    @Test func aVariadicCallPassesThroughWithItsFloatingPointArgument() {
        // InterposeVariadicTests interposes snprintf in its va_list form: one form at a time.
        ct_snprintf_tests_lock()
        defer { ct_snprintf_tests_unlock() }
        do {
            let mockery = Mockery("snprintf, fixed arguments")
            mockery.withCurrent { passesThroughWithItsFloatingPointArgument() }
            withExtendedLifetime(mockery) {}
        }
    }

    private func passesThroughWithItsFloatingPointArgument() {
        // snprintf(buffer, size, "%d %.1f %s", 42, 2.5, "x"): the dispatcher must keep xmm0 and
        // al (the count of vector registers a variadic callee reads) as the caller set them.
        typealias Format = @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, Int32, Double, UnsafePointer<CChar>?) -> Int32
        if InterpositionTestSupport.sanitizerInExecutable(intercepting: "snprintf") != nil {
            let failures = captureFailures { _ = Mockery().interpose("snprintf", as: Format.self, in: .mainExecutable) }
            #expect(failures.first?.message.hasPrefix("Cannot interpose snprintf: ") == true)
            return
        }
        let snprintfMock = interpose("snprintf", as: Format.self, in: .mainExecutable, capturing: [2: .cString, 5: .cString])
        stub(snprintfMock(any(), any(), any(), any(), any(), any())).callingOriginal()
        var buffer = [CChar](repeating: 0, count: 32)
        #expect(ct_interpose_snprintf(&buffer, 32, 42, 2.5, "x") == 8)
        #expect(buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } == "42 2.5 x")
        verify(.once, snprintfMock(any(), 32, cString("%d %.1f %s"), 42, 2.5, cString("x")))
    }

    /// While getenv is interposed by name (here by another Mockery, as by a test running beside
    /// this one), the executable's GOT slot that Swift reads `getenv`'s address from holds
    /// Impostor's dispatcher: the typed form still finds the symbol behind it, and names it.
    @Test func theTypedFormOfAFunctionAlreadyInterposedFindsItsName() {
        typealias ImportedGetEnv = @convention(c) (UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
        let other = Mockery("getenv by name")
        _ = other.interpose("getenv", as: GetEnv.self)
        let mockery = Mockery("getenv, typed")
        var typed: ImportedGetEnv?
        let failures = captureFailures { typed = mockery.interpose(getenv as ImportedGetEnv) }
        #expect(failures.isEmpty, "\(failures)")
        guard let typed else { return }
        mockery.withCurrent {
            stub(typed(cString("IMPOSTOR_TYPED_WHILE_INTERPOSED"))).with { Self.mocked }
            #expect(InterpositionTestSupport.text(ct_interpose_getenv("IMPOSTOR_TYPED_WHILE_INTERPOSED")) == "from the mock")
        }
        let unmet = captureFailures { mockery.withCurrent { verify(typed(cString("IMPOSTOR_NEVER_READ"))) } }
        #expect(unmet.first?.message.hasPrefix("Expected getenv to receive getenv(") == true, "\(unmet)")
        withExtendedLifetime((other, mockery)) {}
    }
}
