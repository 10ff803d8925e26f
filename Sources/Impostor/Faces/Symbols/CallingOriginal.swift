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
        var answers: [(pattern: any BoundPattern, answer: StubAnswer)] = []
        for pattern in bound {
            guard let answer = pattern.originalAnswer else {
                FailureReporter.report(ImpostorFailure(message: FailureMessages.callingOriginalOfOrdinaryMock(pattern.mockName), site: site))
                return StubChain(stubs: [])
            }
            answers.append((pattern, answer))
        }
        return StubChain(stubs: answers.compactMap { $0.pattern.install(answer: $0.answer, swift: SwiftAnswer { _ in () }, site: site) })
    }
}
