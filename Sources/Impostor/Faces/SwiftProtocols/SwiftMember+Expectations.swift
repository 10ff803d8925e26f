// A call to a Swift member that some expectation names: the Mockery's expectations first, in
// declaration order, then the newest matching stub, then an unexpected call (the default value
// returned), as for C mocks (`Interceptor.answerExpected`).
extension SwiftMember {
    /// A value an action chose not to give: the call returns the default value.
    struct NoValue {}

    func decideExpected(_ call: inout SwiftCall, site: SourceSite) -> (decision: Decision, movedState: Bool) {
        let book = self.book
        switch book.dispatch(self, call.arguments) {
        case .answered(let expectation, let index, let moved):
            if let pattern = expectation.swiftPattern { pattern.capture(call.arguments) }
            guard let actions = expectation.actions, let swift = actions.swift else { return (.none, moved) }
            let action = ActionCall(stamp: call.stamp, index: index, expectation: expectation)
            return (.answer(SwiftAnswer { call in try swift(call, action) ?? NoValue() }, action), moved)
        case .forbidden(let expectation):
            FailureReporter.report(
                book.unexpectedSwiftCall(self, call, forbiddenBy: expectation, uninteresting: false, site: site), pending: pendingFailures)
            return (.none, false)
        case .unmatched:
            if let answer = answer(for: call.arguments) { return (.answer(answer, nil), false) }
            FailureReporter.report(
                book.unexpectedSwiftCall(self, call, forbiddenBy: nil, uninteresting: false, site: site), pending: pendingFailures)
            return (.none, false)
        }
    }
}

extension SwiftMember {
    /// What the expectations did with a call the typed entry point brought them.
    @usableFromInline
    enum ExpectedAnswer {
        /// Nothing was taken: the engine dispatches the call (an expectation only it can try
        /// came first, or a `never` matched, which it reports).
        case engine
        /// No expectation takes the call: the member's stubs answer it, as any call.
        case unmatched
        /// An expectation took the call: its typed action answers (nil: the default value),
        /// and once the call is recorded `finishMovedState()` is owed if it moved a state.
        case answered(AnyObject?, movedState: Bool)
    }

    /// Dispatches a call, its arguments laid out at `arguments`, to the Mockery's expectations
    /// on this member, as the engine's `decideExpected` does, for an entry point that runs
    /// answers of `kinds`.
    @usableFromInline
    func expectedAnswer(arguments: UnsafeRawPointer, kinds: TypedStubKinds) -> ExpectedAnswer {
        switch book.dispatch(self, typedArguments: arguments, kinds: kinds) {
        case nil, .forbidden: return .engine
        case .unmatched: return .unmatched
        case .answered(let expectation, let index, let moved):
            // Published before this dispatch, inside the monitor it ran in; never changed after.
            let plan = expectation.typedPlan.unsafelyUnwrapped
            return .answered(plan.answer(forCall: index, of: expectation, member: self), movedState: moved)
        }
    }

    /// After a call that moved a state is recorded: wakes whoever waits on the state.
    @usableFromInline
    func finishMovedState() { book.finish(movedState: true) }
}
