/// A Swift mock's member as every stage sees it: arguments kept as values, answers returned by
/// the member's code, calls in the member's own log.
extension SwiftCallPattern: BoundPattern {
    var mockName: String { member.name }
    var mock: ObjectIdentifier { ObjectIdentifier(member) }
    var isMockReleased: Bool { member.isReleased }
    var pendingFailures: PendingFailures { member.pendingFailures }
    var resultType: Any.Type { member.resultType }

    // MARK: Stubbing

    func blockProblem(_ blockTypes: [Any.Type], swift: SwiftAnswer, throwing error: (any Error)?) -> String? {
        SwiftStubCheck.problem(member, answer: swift, blockTypes: blockTypes, throwing: error)
    }

    func missingAnswerProblem(_: StubAnswer?) -> String? { nil }

    func throwProblem(_ error: any Error) -> String? {
        guard !SwiftStubCheck.canThrow(error, member) else { return nil }
        return FailureMessages.swiftThrowOnNonThrowingMember(
            "stub", mock: member.name, error: ValueFormatter.describeSwiftValue(error), failure: TypeMetadata.name(of: member.failureType))
    }

    func install(answer _: StubAnswer?, swift: SwiftAnswer, site _: SourceSite) -> (any InstalledStub)? {
        let stub = SwiftStub(pattern: self, answer: swift)
        member.install(stub)
        return stub
    }

    func install<Result>(invocationBlock body: @escaping (Invocation) -> Result, site: SourceSite) -> (any InstalledStub)? {
        let member = self.member
        return install(answer: nil, swift: SwiftAnswer { call in
            body(Invocation(mockName: member.name, parameterTypes: member.parameterTypes, resultType: member.resultType, swift: call))
        }, site: site)
    }

    func groupAnswers<Result>(_ body: @escaping () -> Result, site: SourceSite) -> (answer: StubAnswer?, swift: SwiftAnswer)? {
        // Swift values are not converted: the member must return `Result` exactly.
        guard member.resultType == Result.self else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.stubResultType(
                    block: TypeMetadata.name(of: Result.self), mock: member.name, result: TypeMetadata.name(of: member.resultType)),
                site: site))
            return nil
        }
        return (nil, SwiftAnswer(typed: body) { _ in body() })
    }

    var originalAnswer: StubAnswer? { nil }

    func faultProblem(_ schedule: FaultSchedule) -> String? {
        FailureMessages.faultOnSwiftMember(member.name, schedule: schedule.description)
    }

    func installFailing(_: FaultState, answer _: StubAnswer, site _: SourceSite) -> Bool { false }

    // MARK: Verification

    func verify(mode: VerificationMode, timeout: Duration?, site: SourceSite) {
        Verifier.verify(self, mode: mode, timeout: timeout, site: site)
    }

    func earliestCall(after: UInt64, cache: OrderSearchCache) -> OrderedCall? {
        let snapshot = cache.swiftCalls[mock] ?? { let s = member.snapshot(); return (s.calls, s.generation) }()
        cache.swiftCalls[mock] = snapshot
        let calls = snapshot.calls
        return calls.indices
            .filter { calls[$0].stamp > after && matches(calls[$0].arguments) }
            .min { calls[$0].stamp < calls[$1].stamp }
            .map { OrderedCall(stamp: calls[$0].stamp, index: $0, generation: snapshot.generation, batch: nil, mark: calls[$0].mark) }
    }

    func markVerified(_ call: OrderedCall) { member.markVerified([call.mark], generation: call.generation) }

    func reportUnreadable() {}

    func invocations() -> [Invocation] { member.invocations() }

    // MARK: Expectations

    var expectedMock: any ExpectedMock { member }
}

extension SwiftStub: InstalledStub {
    var bound: any BoundPattern { pattern }
    func append(answer _: StubAnswer?, swift: SwiftAnswer) { append(swift) }
}
