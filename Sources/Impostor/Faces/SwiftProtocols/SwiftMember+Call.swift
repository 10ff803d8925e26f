// The per-call path of a Swift mock: `call(ref, args:)` lands here. Never traps: a failure is
// reported at the mock's call site (or, on a thread without a test, on the test's thread
// later), and a value is returned whenever one can be made.
extension SwiftMember {
    /// What a call was answered with, before the answer runs.
    enum Decision {
        case answer(SwiftAnswer, ActionCall?)
        /// Nothing answers: the default value is returned.
        case none
    }

    /// Handles a call of a synchronous member.
    ///
    /// `record` keeps the finished call in the member's typed log (see ``MockReference``).
    @usableFromInline
    func call<Result, Failure: Error>(
        _ arguments: [Any], returning: Result.Type, throwing: Failure.Type, site: SourceSite,
        record: (SwiftCall, Result?) -> Void
    ) throws(Failure) -> Result {
        var call = SwiftCall(stamp: CallStamp.next(), thread: CallingThread.currentID, arguments: arguments)
        let (decision, movedState) = decide(&call, site: site)
        // After the call is recorded: a waiter wakes only once the call that moved a state is done.
        defer { if movedState { book.finish(movedState: true) } }
        switch decision {
        case .answer(let answer, _):
            guard case .sync(let body) = answer.body else {
                // Refused when stubbed: an async answer is never installed on a sync member.
                return finish(&call, with: nil, site: site, record: record)
            }
            let produced: Any
            do {
                produced = try pendingFailures.whileAnsweringSwift { try body(call) }
            } catch {
                return try rethrow(error, &call, Failure.self, site: site, record: record)
            }
            return finish(&call, with: produced, site: site, record: record)
        case .none:
            return finish(&call, with: nil, site: site, record: record)
        }
    }

    /// Handles a call of an `async` member.
    @usableFromInline
    func callAsync<Result, Failure: Error>(
        _ arguments: [Any], returning: Result.Type, throwing: Failure.Type, site: SourceSite,
        record: (SwiftCall, Result?) -> Void
    ) async throws(Failure) -> Result {
        var call = SwiftCall(stamp: CallStamp.next(), thread: CallingThread.currentID, arguments: arguments)
        let (decision, movedState) = decide(&call, site: site)
        // After the call is recorded: a waiter wakes only once the call that moved a state is done.
        defer { if movedState { book.finish(movedState: true) } }
        switch decision {
        case .answer(let answer, _):
            let produced: Any
            do {
                switch answer.body {
                case .sync(let body): produced = try body(call)
                case .async(let body): produced = try await body(call)
                }
            } catch {
                return try rethrow(error, &call, Failure.self, site: site, record: record)
            }
            return finish(&call, with: produced, site: site, record: record)
        case .none:
            return finish(&call, with: nil, site: site, record: record)
        }
    }

    /// Decides who answers: expectations first (when any names this member), then the newest
    /// matching stub, then the registered result.
    private func decide(_ call: inout SwiftCall, site: SourceSite) -> (Decision, movedState: Bool) {
        // One lock for everything the decision reads.
        let (released, stubs, registered, book) = state.withLock { ($0.released, $0.stubs, $0.registered, $0.book) }
        if released {
            // Released after the check in `call`: counted all the same.
            countLateCall(site: site)
            return (.none, false)
        }
        // A prototype outside stub/verify: placeholders for arguments, answered by default only.
        if MatcherRecorder.reportLeftovers() { return (.none, false) }
        if isExpected { return decideExpected(&call, site: site) }
        if let answer = answer(for: call.arguments, stubs: stubs, registered: registered) { return (.answer(answer, nil), false) }
        switch book.strictness {
        case .nice: break
        case .naggy:
            FailureReporter.report(book.uninterestingSwiftWarning(self, call, site: site), pending: pendingFailures)
        case .strict:
            FailureReporter.report(book.unexpectedSwiftCall(self, call, forbiddenBy: nil, uninteresting: true, site: site), pending: pendingFailures)
        }
        return (.none, false)
    }

    /// The answer's value as the member's result, or the default value; records the call.
    private func finish<Result>(
        _ call: inout SwiftCall, with produced: Any?, site: SourceSite, record: (SwiftCall, Result?) -> Void
    ) -> Result {
        if let produced, !(produced is NoValue) {
            if let value = produced as? Result {
                record(call, value)
                return value
            }
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.swiftAnswerTypeMismatch(
                    mock: name, produced: TypeMetadata.name(of: type(of: produced)), result: TypeMetadata.name(of: Result.self)),
                site: site), pending: pendingFailures)
        }
        guard let value = makeDefault?() as? Result else {
            record(call, nil)
            FailedClosureMock.stop(FailureMessages.noSwiftDefault(mock: name, result: TypeMetadata.name(of: Result.self)), site: site)
        }
        record(call, value)
        return value
    }

    /// A call after the release: counted (the first reported) and answered with the default
    /// value, without a lock, a stamp or a record.
    @usableFromInline
    func lateCall<Result>(site: SourceSite) -> Result {
        countLateCall(site: site)
        guard let value = makeDefault?() as? Result else {
            FailedClosureMock.stop(FailureMessages.noSwiftDefault(mock: name, result: TypeMetadata.name(of: Result.self)), site: site)
        }
        return value
    }

    /// Throws the answer's error when the member can throw it; reports it otherwise.
    private func rethrow<Result, Failure: Error>(
        _ error: any Error, _ call: inout SwiftCall, _: Failure.Type, site: SourceSite, record: (SwiftCall, Result?) -> Void
    ) throws(Failure) -> Result {
        call.error = error
        if let typed = error as? Failure {
            record(call, nil)
            throw typed
        }
        FailureReporter.report(ImpostorFailure(
            message: FailureMessages.swiftErrorNotThrowable(
                mock: name, error: ValueFormatter.describeSwiftValue(error), failure: TypeMetadata.name(of: Failure.self)),
            site: site), pending: pendingFailures)
        call.error = nil
        return finish(&call, with: nil, site: site, record: record)
    }

    /// Inside `stub(...)`, `verify(...)` or `checking { }`: hands the call to the prototype
    /// recorder and returns a placeholder result; nil outside a prototype.
    @usableFromInline
    func prototypeAnswer<Result>(_ arguments: [Any], _: Result.Type, site: SourceSite) -> Result {
        PrototypeRecorder.active?.capture(self, arguments)
        if let value = SwiftDefaults.value(Result.self) { return value }
        FailedClosureMock.stop(FailureMessages.noSwiftPrototypeResult(mock: name, result: TypeMetadata.name(of: Result.self)), site: site)
    }
}

extension PendingFailures {
    /// `whileAnswering` for a Swift answer, which may throw.
    func whileAnsweringSwift<R>(_ body: () throws -> R) throws -> R {
        var outcome: Result<R, any Error>!
        whileAnswering { outcome = Result { try body() } }
        return try outcome.get()
    }
}
