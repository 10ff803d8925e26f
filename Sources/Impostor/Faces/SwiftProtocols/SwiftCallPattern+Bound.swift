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

    func install(answer _: StubAnswer?, swift: SwiftAnswer, site: SourceSite) -> (any InstalledStub)? {
        let stub = SwiftStub(pattern: self, answer: swift)
        guard member.install(stub) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.tooManyStubs(mock: member.name, maximum: MemberStubs.capacity), site: site))
            return nil
        }
        return stub
    }

    func install<Result>(invocationBlock body: @escaping (Invocation) -> Result, site: SourceSite) -> (any InstalledStub)? {
        let member = self.member
        return install(answer: nil, swift: SwiftAnswer { call in
            body(Invocation(member: member, swift: call))
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

    func checkCalls() -> any CallCheck { MemberCallCheck(self) }

    func verifiedInPlace(mode _: VerificationMode) -> Bool { false }

    func earliestCall(after: UInt64, cache: OrderSearchCache) -> OrderedCall? {
        let member = self.member
        let (calls, generation) = cache.calls(of: mock) { () -> ([SwiftCall], Int) in
            let snapshot = member.snapshot()
            return (snapshot.calls, snapshot.generation)
        }
        return calls
            .filter { $0.stamp > after && matches($0.arguments) }
            .min { $0.stamp < $1.stamp }
            .map { call in OrderedCall(stamp: call.stamp) { member.markVerified([call.mark], generation: generation) } }
    }

    func reportUnreadable() {}

    func invocations() -> [Invocation] { member.invocations() }

    // MARK: Expectations

    var expectedMock: any ExpectedMock { member }
}

extension SwiftStub: InstalledStub {
    var bound: any BoundPattern { pattern }
    func append(answer _: StubAnswer?, swift: SwiftAnswer) { append(swift) }
}

/// A member's calls the pattern matches, named by their records in its log, where they lie: a
/// failure's listing reads the calls again.
struct MemberCallCheck: CallCheck {
    let pattern: SwiftCallPattern
    let matching: [UInt]
    /// The member's reset count when its calls were read.
    let generation: Int

    init(_ pattern: SwiftCallPattern) {
        self.pattern = pattern
        (matching, generation) = pattern.member.log.positions(matching: pattern)
    }

    var matchingCount: Int { matching.count }

    func markMatching() { pattern.member.markVerified(matching, generation: generation) }

    /// A Swift member's arguments are kept as values: every matcher can read them.
    func reportUnreadable() {}

    func failureListing() -> (name: String, entries: [CallListing.Entry], noCallsNote: String?) {
        (SwiftCallText.member(pattern.member.name, accessor: pattern.member.accessor), CallListing.entries(pattern.member.snapshot().calls, against: pattern), nil)
    }
}
