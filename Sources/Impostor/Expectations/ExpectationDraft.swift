/// The expectations a `checking { }` block declares, kept until it returns and then
/// published together, so a call from another thread never meets a half-declared one.
final class ExpectationDraft: @unchecked Sendable {
    // @unchecked: a draft is used only by the thread running its `checking` block.

    /// The draft of the `checking` block running on this task.
    @TaskLocal static var current: ExpectationDraft?

    let mockery: Mockery
    let site: SourceSite
    private(set) var expectations: [Expectation] = []
    /// Swift mocks `ignoring` names whole: a member such a mock uses for the first time later
    /// is ignored too (see `ExpectationBook.register(_:of:)`).
    var ignoredCores: [(core: MockCore, site: SourceSite)] = []

    init(mockery: Mockery, site: SourceSite) {
        self.mockery = mockery
        self.site = site
    }

    /// Declares one expectation of the draft running on this task: evaluates `prototype` as
    /// stubs do, or takes a mock itself for `ignoring`.
    static func declare<Result>(
        _ kind: Expectation.Kind, purpose: String, site: SourceSite, _ prototype: () throws -> Result
    ) -> ExpectationBuilder<Result> {
        // Without a draft the prototype is never evaluated, so it makes no call and leaves no matchers.
        guard let draft = open(kind, purpose: purpose, site: site) else { return ExpectationBuilder(nil) }
        let target: (any ExpectedMock, Expectation.Target)
        if case .ignored = kind, let mock = PrototypeEvaluation.wholeMock(prototype) {
            target = (mock, .mock)
        } else if case .ignored = kind, let swiftMock = PrototypeEvaluation.wholeSwiftMock(prototype) {
            // Every member: those the mock has now, and (through its book) those it makes later.
            ReferenceDiscovery.adoptReferences(of: swiftMock)
            let core = swiftMock.mockCore
            draft.ignoredCores.append((core, site))
            for member in core.knownMembers {
                let _: ExpectationBuilder<Result> = declare(kind, on: (member, .mock), in: draft, purpose: purpose, site: site)
            }
            return ExpectationBuilder(nil)
        } else {
            let patterns = PrototypeEvaluation.patterns(count: 1, shape: .oneCallEach, purpose: purpose, site: site) { _ in
                PrototypeRecorder.note(prototype)
            }
            guard let pattern = patterns?.first else { return ExpectationBuilder(nil) }
            guard let bound = declarable(pattern, Result.self, purpose: purpose, site: site) else { return ExpectationBuilder(nil) }
            target = bound
        }
        return declare(kind, on: target, in: draft, purpose: purpose, site: site)
    }

    /// The draft an expectation of `kind` joins, or nil after reporting why there is none: no
    /// `checking` block runs on this task, or the cardinality is negative.
    static func open(_ kind: Expectation.Kind, purpose: String, site: SourceSite) -> ExpectationDraft? {
        guard let draft = current else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.expectationOutsideChecking(purpose), site: site))
            return nil
        }
        if case .expected(let cardinality) = kind, !cardinality.isValid {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.invalidCardinality(cardinality.spelling), site: site))
            return nil
        }
        return draft
    }

    /// The expectation's mock and target for a bound pattern, or nil after reporting that the
    /// prototype's value is not the mock's result (`oneOf(add(1, 2) == 3)` calls the mock but
    /// is a Bool: its actions would write a Bool where C reads an Int32).
    static func declarable<Result>(
        _ pattern: any BoundPattern, _: Result.Type, purpose: String, site: SourceSite
    ) -> (any ExpectedMock, Expectation.Target)? {
        let result = pattern.resultType
        guard Result.self == result else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.prototypeResultMismatch(
                    purpose, mock: pattern.mockName, prototype: TypeMetadata.name(of: Result.self),
                    result: TypeMetadata.name(of: result)),
                site: site))
            return nil
        }
        return (pattern.expectedMock, .pattern(pattern))
    }

    /// Adds the expectation to the draft, after checking its mock belongs to the draft's Mockery.
    static func declare<Result>(
        _ kind: Expectation.Kind, on target: (any ExpectedMock, Expectation.Target), in draft: ExpectationDraft,
        purpose: String, site: SourceSite
    ) -> ExpectationBuilder<Result> {
        let interceptor = target.0
        // Released first: a released mock's Mockery is gone, so no checking could be moved to it.
        if interceptor.isReleased {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(interceptor.name), site: site))
            return ExpectationBuilder(nil)
        }
        (interceptor as? SwiftMember)?.joinIfUnowned(draft.mockery)
        guard interceptor.book === draft.mockery.book else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.expectationOnForeignMock(
                    purpose, mock: interceptor.name, owner: interceptor.book.mockeryName, checking: draft.mockery.name),
                site: site))
            return ExpectationBuilder(nil)
        }
        let expectation = Expectation(kind: kind, target: target.1, mock: interceptor, site: site)
        draft.expectations.append(expectation)
        return ExpectationBuilder(expectation)
    }
}
