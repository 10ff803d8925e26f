// The per-call path of a mock that expectations name, and of uninteresting calls to a mock of a
// naggy or strict Mockery. Kept out of line: plain stub/verify mocks pay one load for it.
extension Interceptor {
    /// Answers a call to a mock that some expectation names: the first expectation that takes
    /// it, else the newest matching stub, else an unexpected call (zero returned). Records it
    /// before answering and closes the record after, then, if it moved a state, wakes whoever
    /// waits on the Mockery's states.
    @inline(never)
    func answerExpected(_ frame: CallFrame) {
        let stamp = CallStamp.next()
        // In the log before any action or stub block runs, which may leave with `longjmp`; the
        // expectations count the call below, so the log and the counts agree either way.
        let call = store.open(stamp: stamp, frame: frame)
        var movedState = false
        var errno: Int32?
        // Without the monitor while no expectation of the mock involves a state or a sequence.
        let dispatch = roster.dispatchWithoutMonitor { $0.matches(frame) } ?? book.dispatch(self, frame)
        switch dispatch {
        case .answered(let expectation, let index, let moved):
            movedState = moved
            frame.writeZeroResult()
            if let pattern = expectation.pattern, pattern.hasCaptors { pattern.capture(frame.slot) }
            if let actions = expectation.actions {
                if actions.readsCall {
                    let call = ActionCall(stamp: stamp, index: index, expectation: expectation)
                    pendingFailures.whileAnswering { actions.run(frame, call) }
                    errno = call.errno
                } else {
                    pendingFailures.whileAnswering { actions.run(frame, .unread) }
                }
            }
        case .forbidden(let expectation):
            frame.writeZeroResult()
            reportUnexpected(frame, stamp: stamp, forbiddenBy: expectation, uninteresting: false)
        case .unmatched:
            if let stub = newestMatchingStub(frame) {
                answer(frame, with: stub, stamp: stamp)
            } else {
                frame.writeZeroResult()
                reportUnexpected(frame, stamp: stamp, forbiddenBy: nil, uninteresting: false)
            }
        }
        store.close(call, frame: frame)
        // Waiters wait for states, so only a call that moved one can wake them.
        if movedState { book.finish(movedState: true) }
        // Last, so nothing Impostor does after the actions (locks, allocation) can change it.
        // Closing the record above sets no errno today, so writing it before `store.close`
        // would behave the same and no test can tell; it stays last so that no change to
        // recording can ever overwrite what the action set.
        if let errno { ThreadState.setErrno(errno) }
    }

    /// Runs the actions of the expectation whose key took a call at the mock's entry point
    /// (which counted it, recorded it and routes failures to the Mockery meanwhile): what
    /// `answerExpected` does for a call an expectation answers, and nothing else.
    func answerFromExpectationKey(_ frame: CallFrame, expectation: Unmanaged<Expectation>, stamp: UInt64) {
        frame.writeZeroResult()
        expectation._withUnsafeGuaranteedRef { expectation in
            expectation.publishedActions?._withUnsafeGuaranteedRef { actions in
                guard actions.readsCall else { return actions.run(frame, .unread) }
                let call = ActionCall(stamp: stamp, index: ExpectationKeys.callIndex, keptByPublishedList: expectation)
                actions.run(frame, call)
                // Last in Swift; the entry point then only closes the record, which sets no errno.
                if let errno = call.errno { ThreadState.setErrno(errno) }
            }
        }
    }

    /// An uninteresting call to a mock of a naggy (warned) or strict (failed) Mockery.
    @inline(never)
    func answerUninteresting(_ frame: CallFrame, stamp: UInt64) {
        switch book.strictness {
        case .nice: return
        case .naggy: FailureReporter.report(book.uninterestingWarning(self, frame, stamp: stamp), pending: pendingFailures)
        case .strict: reportUnexpected(frame, stamp: stamp, forbiddenBy: nil, uninteresting: true)
        }
    }

    private func reportUnexpected(_ frame: CallFrame, stamp: UInt64, forbiddenBy: Expectation?, uninteresting: Bool) {
        let failure = book.unexpectedCall(self, frame, stamp: stamp, forbiddenBy: forbiddenBy, uninteresting: uninteresting)
        FailureReporter.report(failure, pending: pendingFailures)
    }
}
