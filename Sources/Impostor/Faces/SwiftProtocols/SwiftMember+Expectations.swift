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
            action.swiftTypes = (parameterTypes, resultType)
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
