/// A C function's mock as every stage sees it: arguments in a call frame or a record, answers
/// written to the result buffer, calls in the mock's record log.
extension CallPattern: BoundPattern {
    var mockName: String { interceptor.name }
    var mock: ObjectIdentifier { ObjectIdentifier(interceptor) }
    var isMockReleased: Bool { interceptor.isReleased }
    var pendingFailures: PendingFailures { interceptor.pendingFailures }
    var resultType: Any.Type { interceptor.signature.result?.swiftType ?? Void.self }

    // MARK: Stubbing

    func blockProblem(_ blockTypes: [Any.Type], swift _: SwiftAnswer, throwing _: (any Error)?) -> String? {
        guard !blockTypes.isEmpty else { return nil }
        let parameters = interceptor.signature.parameters
        guard blockTypes.count != parameters.count || !zip(blockTypes, parameters).allSatisfy({ $0 == $1.swiftType }) else { return nil }
        return FailureMessages.stubBlockParameters(
            block: blockTypes.map(TypeMetadata.name(of:)), mock: interceptor.name, parameters: parameters.map(\.name))
    }

    func missingAnswerProblem(_ answer: StubAnswer?) -> String? {
        answer == nil ? FailureMessages.swiftOnlyAnswer(mock: interceptor.name) : nil
    }

    func throwProblem(_: any Error) -> String? { FailureMessages.swiftOnlyAnswer(mock: interceptor.name) }

    func install(answer: StubAnswer?, swift _: SwiftAnswer, site: SourceSite) -> (any InstalledStub)? {
        guard let answer else { return nil }
        let stub = Stub(pattern: self, answer: answer)
        guard interceptor.addStub(stub) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.tooManyStubs(mock: interceptor.name, maximum: StubTable<Stub>.capacity), site: site))
            return nil
        }
        return stub
    }

    func install<Result>(invocationBlock body: @escaping (Invocation) -> Result, site: SourceSite) -> (any InstalledStub)? {
        install(answer: StubAnswer.block(mockName: interceptor.name, body), swift: SwiftAnswer { _ in () }, site: site)
    }

    func groupAnswers<Result>(_ body: @escaping () -> Result, site: SourceSite) -> (answer: StubAnswer?, swift: SwiftAnswer)? {
        guard let answer = ResultConversion.answer(for: self, site: site, body) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.stubResultType(
                    block: TypeMetadata.name(of: Result.self), mock: interceptor.name, result: interceptor.signature.result?.name ?? "Void"),
                site: site))
            return nil
        }
        return (answer, SwiftAnswer { _ in body() })
    }

    var originalAnswer: StubAnswer? { interceptor.face?.originalAnswer }

    func faultProblem(_: FaultSchedule) -> String? { nil }

    func installFailing(_ state: FaultState, answer failing: StubAnswer, site: SourceSite) -> Bool {
        let interceptor = self.interceptor
        // The stub's own answer needs the stub (to hand the calls it lets through to the older
        // ones); it is set once, before the stub is published.
        let own = OwnStub()
        let answer = StubAnswer { frame, stamp in
            guard state.takeCall() else {
                // Sound: set below before any call can reach the stub.
                return interceptor.answerAsIfAbsent(frame, below: own.stub.unsafelyUnwrapped, stamp: stamp)
            }
            failing.run(frame, stamp)
            FaultLog.mark(ObjectIdentifier(interceptor), stamp: stamp, InjectedFault(errno: state.errno))
            state.noteFailed(stamp: stamp)
            // In an isolated sweep's child, said at once: the caller may crash on it.
            if FaultSweepChild.isChild {
                let record = frame.recordWithResult(stamp: stamp, thread: CallingThread.currentID)
                FaultSweepChild.announce(Invocation(
                    mockName: interceptor.name, signature: interceptor.signature, record: record,
                    fault: InjectedFault(errno: state.errno)).description)
            }
            // Last, as `setErrno` does: nothing after it in the answer changes errno.
            if let errno = state.errno { ThreadState.setErrno(errno) }
        }
        // Never a stub key: every call must reach the schedule, which counts in Swift.
        let stub = Stub(pattern: self, answer: answer, keyable: false)
        own.stub = stub
        guard interceptor.addStub(stub) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.tooManyStubs(mock: interceptor.name, maximum: StubTable<Stub>.capacity), site: site))
            return false
        }
        return true
    }

    // MARK: Verification

    func checkCalls() -> any CallCheck { RecordCheck(self) }

    /// Counted by InvocationStore+Counting: the calls counted are marked, as the copying path
    /// would mark them. A failing count is left to the copy, which words the failure (it lists
    /// the calls, so the copy is needed then anyway).
    func verifiedInPlace(mode: VerificationMode) -> Bool {
        guard let tests = InvocationStore.recordTests(for: self),
              let count = interceptor.store.countInPlace(tests, markingIf: mode.accepts)
        else { return false }
        return mode.accepts(count)
    }

    func earliestCall(after: UInt64, cache: OrderSearchCache) -> OrderedCall? {
        let check = cache.calls(of: mock) { RecordCheck(self) }
        let store = interceptor.store
        return (0..<check.batch.count)
            .map { check.batch.view($0) }
            .filter { $0.stamp > after && matches($0) }
            .min { $0.stamp < $1.stamp }
            .map { view in OrderedCall(stamp: view.stamp) { store.markVerified([view.index], in: check.batch) } }
    }

    func reportUnreadable() {
        guard !pointerReaders.isEmpty else { return }
        RecordCheck(self).reportUnreadable()
    }

    func invocations() -> [Invocation] { interceptor.invocations() }

    // MARK: Expectations

    var expectedMock: any ExpectedMock { interceptor }
}

extension Stub: InstalledStub {
    var bound: any BoundPattern { pattern }
    func append(answer: StubAnswer?, swift _: SwiftAnswer) {
        if let answer { append(answer) }
    }
}

/// A failing stub, as its own answer sees it.
private final class OwnStub: @unchecked Sendable {
    // @unchecked: written once before the stub is published (the stub table's release store),
    // read only by calls that found the stub there (its acquire load), so never concurrently.
    var stub: Stub?
}
