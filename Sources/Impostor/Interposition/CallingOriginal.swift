import CImpostorInterpose

extension Stubbing {
    /// Answers with the real function an interposed symbol was rebound from: pass-through.
    ///
    /// ```swift
    /// let getenvMock = interpose("getenv", as: GetEnv.self)
    /// stub(getenvMock(any())).callingOriginal()          // everything else: the real getenv
    /// stub(getenvMock("HOME")).with { strdup("/tmp/home") }   // newer, so it wins for HOME
    /// ```
    ///
    /// Only mocks made by ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)`` have an
    /// original; for another mock the failure is reported here and no stub is added.
    @discardableResult
    public func callingOriginal(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> StubChain<Result> {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let ordinary = patterns.first(where: { $0.interceptor.originalAddress == 0 }) {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.callingOriginalOfOrdinaryMock(ordinary.interceptor.name), site: site))
            return StubChain(stubs: [])
        }
        return StubChain(stubs: patterns.compactMap { pattern in
            let original = pattern.interceptor.originalAddress
            return Self.install(StubAnswer { frame, _ in PassThrough.call(original, frame) }, for: pattern, site: site)
        })
    }
}

/// Marks the thread while an interposed symbol's mock answers, so that the answer's own calls
/// of the symbol by name reach the real function instead of the mock again.
enum InterposedCall {
    @inline(__always)
    static func answering(_ index: Int32, _ body: () -> Void) {
        let was = impostor_got_set_answering(UInt32(index), 1)
        defer { if was == 0 { impostor_got_set_answering(UInt32(index), 0) } }
        body()
    }
}

/// Calls an interposed symbol's real function with the arguments of a call in flight.
enum PassThrough {
    static func call(_ original: UInt, _ frame: CallFrame) {
        // Sound: `original` is the real function of the symbol the mock was made for, whose C
        // type is the mock's signature, so the cif describes exactly how to call it; the
        // arguments and result buffer are libffi's for this very call.
        impostor_got_call(frame.signature.cif, UnsafeRawPointer(bitPattern: original)!, frame.result, frame.arguments)
    }
}

/// The real function behind a mock made by ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``:
/// calling it skips the mock.
///
/// ```swift
/// let getenvMock = interpose("getenv", as: GetEnv.self)
/// let realHome = original(of: getenvMock)("HOME")
/// ```
///
/// For a mock that was not made by `interpose`, reports a failure at this line and returns
/// the mock itself.
public func original<F>(
    of mock: F, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    guard let interceptor = MockRegistry.interceptor(of: mock), interceptor.originalAddress != 0 else {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let name = MockRegistry.interceptor(of: mock)?.name ?? "\(F.self)"
        FailureReporter.report(ImpostorFailure(message: FailureMessages.originalOfOrdinaryMock(name), site: site))
        return mock
    }
    // Sound: `mock` is a C function pointer (the registry knows it), one word, and the
    // original has the same C type.
    return unsafeBitCast(interceptor.originalAddress, to: F.self)
}
