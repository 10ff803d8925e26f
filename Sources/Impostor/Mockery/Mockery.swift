import Synchronization

/// Owns mocks and scopes their life: when a Mockery is released, its mocks are released too.
///
/// ``mockFunction(of:named:capturing:fileID:filePath:line:column:)-4r3mp`` creates mocks in
/// ``Mockery/current``, a process-wide default unless a scope sets another:
///
/// ```swift
/// let context = Mockery("publisher test")
/// context.withCurrent {
///     let callback: @convention(c) (Int32) -> Void = mockFunction(named: "callback")
///     // ...
/// }
/// ```
///
/// A released mock's function pointer stays callable, because a C library may call it late,
/// but each call returns zero and is counted; the first is reported as a failure ("Call to
/// released mock NAME: 3 calls after its Mockery was released, …"), with the count when the
/// failure is delivered, and the run's last lines give the total if more calls follow.
public final class Mockery: Sendable {
    /// The name used in messages.
    public let name: String
    /// What the Mockery does with calls that no expectation mentions and no stub answers.
    public let strictness: Strictness
    let pendingFailures: PendingFailures
    /// Its expectations, states and sequences.
    let book: ExpectationBook
    private let trampolines = Locked<[Trampoline]>([])
    /// What each face keeps here (its mocks, its rebound symbols), in the order first used:
    /// released with the Mockery.
    private let attachments = Locked<[any MockeryAttachment]>([])
    /// The made-up test this Mockery belongs to, which owns its interpositions whatever test
    /// runs; nil for every Mockery made by the public initializer.
    let standIn: TestIdentity?

    /// Creates an empty Mockery.
    ///
    /// `strictness` says what happens to an uninteresting call: a call to a mock that no
    /// expectation mentions and no stub answers (see ``Strictness``).
    public init(_ name: String = "Mockery", strictness: Strictness = .nice) {
        self.name = name
        self.strictness = strictness
        pendingFailures = PendingFailures(mockeryName: name, owner: TestIdentity.current, parent: Mockery.scoped?.pendingFailures)
        book = ExpectationBook(mockeryName: name, strictness: strictness)
        standIn = nil
    }

    /// A Mockery that belongs to a made-up test named `testName`, whoever runs: its
    /// interpositions answer only that test (threads claimed by its `withCurrent`), as a
    /// Mockery of another test running meanwhile would. For Impostor's own tests and
    /// benchmarks, which need a second test inside one, or a test where none runs.
    package init(_ name: String, standingInForTest testName: String) {
        let owner = TestIdentity.standingIn(for: testName)
        self.name = name
        strictness = .nice
        pendingFailures = PendingFailures(mockeryName: name, owner: owner, parent: Mockery.scoped?.pendingFailures)
        book = ExpectationBook(mockeryName: name, strictness: .nice)
        standIn = owner
    }

    deinit {
        // Faces first (a rebound slot is put back), so that no call reaches a mock being
        // released.
        let attached = attachments.withLock { $0 }
        for attachment in attached { attachment.detach(reportingTo: pendingFailures) }
        // Like gMock at a mock's destruction: expectations still unsatisfied fail the test
        // (unless assertIsSatisfied already reported them).
        for failure in book.unsatisfied() { FailureReporter.report(failure, pending: pendingFailures) }
        for trampoline in trampolines.withLock({ $0 }) { trampoline.interceptor.release() }
        for attachment in attached { attachment.release() }
        book.tearDown()
        pendingFailures.orphan()
        FailureReporter.flush(pendingFailures)
    }

    /// The attachment of type `A` this Mockery keeps for a face, made empty on first use.
    func attachment<A: MockeryAttachment>(_ type: A.Type) -> A {
        attachments.withLock { attached in
            for attachment in attached { if let found = attachment as? A { return found } }
            let made = A()
            attached.append(made)
            return made
        }
    }

    /// The process-wide default Mockery, which lives as long as the process.
    public static let processDefault = Mockery("default Mockery")

    @TaskLocal static var scoped: Mockery?

    /// The Mockery new mocks go to: the one a `withCurrent` scope set on this task, else
    /// ``processDefault``.
    public static var current: Mockery { scoped ?? processDefault }

    /// Runs `body` with this Mockery as ``current``.
    ///
    /// The current thread also counts as the Mockery's test while `body` runs: a thread that
    /// a test starts reaches the test's interposed symbols (see ``InterposedCallers/thisTest``)
    /// from inside this call. The result may be ignored: `withCurrent { stub(f(1)).returning(2) }`
    /// returns the stub's chain.
    @discardableResult
    public func withCurrent<R>(_ body: () throws -> R) rethrows -> R {
        try ThreadClaim.while(claimedBy: pendingFailures.owner) {
            try Mockery.$scoped.withValue(self, operation: body)
        }
    }

    /// Runs `body` with this Mockery as ``current``, across suspension points.
    @discardableResult
    public func withCurrent<R>(_ body: () async throws -> R) async rethrows -> R {
        try await Mockery.$scoped.withValue(self, operation: body)
    }

    /// Checks the Mockery's expectations and reports, on this thread, every failure raised on
    /// other threads by its mocks that has not been reported yet (and any raised where no
    /// Mockery was concerned).
    ///
    /// Each expectation not yet satisfied is reported at the line that declared it, in Mocky's
    /// words (`Expected subscriber one to receive subscriber one(any(), "hello") exactly once
    /// but received it 0 times.`). An unexpected call was reported when it was made, and is not
    /// repeated here. A second check does not repeat what the first reported, unless more
    /// calls came in between.
    ///
    /// The ``MockeryTrait`` calls it at the end of each test, and a Mockery checks itself when
    /// it is released. In XCTest, call it in `tearDown`:
    ///
    /// ```swift
    /// override func tearDown() {
    ///     context.assertIsSatisfied()
    ///     super.tearDown()
    /// }
    /// ```
    public func assertIsSatisfied(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        FailureReporter.flush(.global)
        for failure in book.unsatisfied() { FailureReporter.report(failure, pending: pendingFailures) }
    }

    /// The number of mocks this Mockery owns.
    public var mockCount: Int { trampolines.withLock { $0.count } }

    /// Creates a mock of the C function type `F` (or an Optional of one, for vtable fields),
    /// reporting a failure at the calling line when `F` cannot be mocked.
    ///
    /// `capturing` says, by parameter position (from 0), what to copy at call time from the
    /// memory a pointer argument points to, where the defaults do not fit; see
    /// ``PointerCapture``. A declaration that does not fit the function type is reported at this
    /// line and left out; the mock is made all the same.
    ///
    /// After a failure to make the mock, the value returned is a placeholder: when `F` is a C
    /// function type, a function pointer that reports each call (at this line) and returns
    /// zero; otherwise the zero bits of `F`.
    public func mock<F: BitwiseCopyable>(
        of type: F.Type = F.self, named name: String, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> F {
        mockOrPlaceholder(
            type, named: name, capturing: capturing,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports that a type which is not a C function pointer cannot be mocked, at the calling
    /// line, and returns a placeholder.
    ///
    /// Chosen for types that are not `BitwiseCopyable` and that no other overload takes. The
    /// placeholder is the zero bits of `F`: `nil` for an Optional Swift closure, a value that
    /// must not be used otherwise. A Swift closure type the closure overloads do not take (an
    /// actor-isolated one, or one named through `of:` with effects, such as
    /// `(@Sendable (Int32) -> Int32).self`) has no value that could be handed out safely, so the
    /// test process stops with a message naming the type and this line.
    @_disfavoredOverload
    public func mock<F>(
        of type: F.Type = F.self, named name: String, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> F {
        mockOrPlaceholder(
            type, named: name, capturing: capturing,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func mockOrPlaceholder<F>(
        _ type: F.Type, named name: String, capturing: [Int: PointerCapture], site: SourceSite
    ) -> F {
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        FailureReporter.flush(.global)
        do {
            let (mock, problems) = try create(type, named: name, capturing: capturing, site: site)
            for problem in problems {
                FailureReporter.report(ImpostorFailure(message: FailureMessages.captureDeclaration(problem, mock: name), site: site))
            }
            return mock
        } catch {
            FailureReporter.report(ImpostorFailure(message: error.description, site: site))
            return FailedMock.value(of: type, named: name, site: site)
        }
    }

    /// Creates a mock of the C function type `F` (or an Optional of one), throwing when `F`
    /// cannot be mocked or a `capturing` declaration does not fit it.
    ///
    /// - Throws: ``MockCreationError`` naming the offending type and its parameter position.
    public func makeMock<F>(
        of type: F.Type = F.self, named name: String, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(MockCreationError) -> F {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let functionType = TypeMetadata.wrappedType(ofOptional: F.self) ?? F.self
        if !capturing.isEmpty {
            let signature = try SignatureCache.signature(of: functionType)
            if let problem = CapturePlan.declared(capturing, over: signature.parameters).problems.first {
                throw MockCreationError(.invalidCapture(function: signature.typeName, mock: name, problem: problem))
            }
        }
        return try create(type, named: name, capturing: capturing, site: site).mock
    }

    /// Makes a mock; `face` is what the face making it adds to its calls (see ``MockFace``).
    func create<F>(
        _ type: F.Type, named name: String, capturing: [Int: PointerCapture], site: SourceSite, face: (any MockFace)? = nil
    ) throws(MockCreationError) -> (mock: F, problems: [CaptureProblem]) {
        let functionType = TypeMetadata.wrappedType(ofOptional: F.self) ?? F.self
        let signature = try SignatureCache.signature(of: functionType)
        let (plan, problems) = capturing.isEmpty
            ? (signature.defaultCapturePlan, [])
            : CapturePlan.declared(capturing, over: signature.parameters)
        let interceptor = Interceptor(
            name: name, signature: signature, capturePlan: plan, creationSite: site, pendingFailures: pendingFailures,
            book: book, face: face)
        let trampoline = try Trampoline.make(for: interceptor)
        trampolines.withLock { $0.append(trampoline) }
        book.register(interceptor)
        MockRegistry.register(trampoline)
        return (trampoline.functionPointer(as: F.self), problems)
    }
}

