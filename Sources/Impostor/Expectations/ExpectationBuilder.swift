/// An expectation being declared inside ``Mockery/checking(fileID:filePath:line:column:_:)``:
/// say what it does and when it applies.
///
/// ```swift
/// oneOf(connect()).when(network.is("up")).then(network.becomes("connected")).will(returnValue(0))
/// ```
///
/// Each method may be used once per expectation (`inSequence` as often as you like), and only
/// until `checking` returns; misuse is reported at its line.
public struct ExpectationBuilder<Result> {
    /// Nil after a reported failure: the methods then do nothing more.
    let expectation: Expectation?

    init(_ expectation: Expectation?) { self.expectation = expectation }

    /// Runs `actions`, in order, on each call the expectation takes. Without `will`, a call
    /// returns zero.
    ///
    /// ```swift
    /// oneOf(open(cString("a.txt"), any())).will(setErrno(ENOENT), returnValue(-1))
    /// ```
    @discardableResult
    public func will(
        _ actions: Action<Result>...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expectation = modifiable("will", site: site) else { return self }
        if expectation.actions != nil {
            return refuse(FailureMessages.clauseGivenTwice("will"), site: site)
        }
        if expectation.isForbidden || expectation.patternDescription == nil {
            return refuse(FailureMessages.actionsNeverRun(expectation: ExpectationText.declaration(expectation)), site: site)
        }
        let step = actions.count == 1 ? actions[0].step : (ActionChecks.sequence(actions.map(\.step)) as Action<Result>).step
        if let problem = expectation.mock.actionProblem(step) { return refuse(problem, site: site) }
        expectation.actions = step
        expectation.actionSite = site
        return self
    }

    /// Takes calls only while `predicate` holds.
    ///
    /// ```swift
    /// oneOf(send(any())).when(network.is("up"))
    /// ```
    @discardableResult
    public func when(
        _ predicate: StatePredicate,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expectation = modifiable("when", site: site) else { return self }
        if expectation.condition != nil { return refuse(FailureMessages.clauseGivenTwice("when"), site: site) }
        guard predicate.states.book === expectation.mock.book else {
            return refuse(FailureMessages.foreignStates(predicate.states.name, mockery: expectation.mock.book.mockeryName), site: site)
        }
        expectation.condition = predicate
        return self
    }

    /// Moves a state on each time the expectation takes a call.
    ///
    /// ```swift
    /// oneOf(connect()).then(network.becomes("connected"))
    /// ```
    @discardableResult
    public func then(
        _ change: StateChange,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expectation = modifiable("then", site: site) else { return self }
        if expectation.change != nil { return refuse(FailureMessages.clauseGivenTwice("then"), site: site) }
        guard change.states.book === expectation.mock.book else {
            return refuse(FailureMessages.foreignStates(change.states.name, mockery: expectation.mock.book.mockeryName), site: site)
        }
        expectation.change = change
        return self
    }

    /// Makes the expectation the next step of each sequence given.
    ///
    /// ```swift
    /// oneOf(login()).inSequence(session)
    /// ```
    @discardableResult
    public func inSequence(
        _ sequences: ExpectationSequence...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expectation = modifiable("inSequence", site: site) else { return self }
        for sequence in sequences {
            guard sequence.book === expectation.mock.book else {
                return refuse(FailureMessages.foreignSequence(sequence.name, mockery: expectation.mock.book.mockeryName), site: site)
            }
            if expectation.sequences.contains(where: { $0 === sequence }) {
                return refuse(FailureMessages.sequenceGivenTwice(sequence.name), site: site)
            }
            expectation.sequences.append(sequence)
        }
        return self
    }

    /// The expectation, if it can still be changed; reports why not otherwise.
    private func modifiable(_ method: String, site: SourceSite) -> Expectation? {
        guard let expectation else { return nil }
        if expectation.isPublished {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.clauseAfterChecking(method), site: site))
            return nil
        }
        return expectation
    }

    private func refuse(_ message: String, site: SourceSite) -> Self {
        FailureReporter.report(ImpostorFailure(message: message, site: site))
        return self
    }
}
