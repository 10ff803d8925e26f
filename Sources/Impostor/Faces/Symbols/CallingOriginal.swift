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
            // The saved original, called directly. Calling the symbol through its rebound slot
            // instead would reach the same function (a thread answering the symbol is marked,
            // and the dispatcher sends its calls to the original), so the two are equivalent
            // and no test can tell them apart; the direct call skips the dispatcher.
            return Self.install(StubAnswer { frame, _ in PassThrough.call(original, frame) }, for: pattern, site: site)
        })
    }
}
