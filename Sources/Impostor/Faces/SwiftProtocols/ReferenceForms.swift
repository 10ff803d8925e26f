// The matcher form of stub, verify and expectations for Swift mocks: the reference and one
// `Matcher` per argument, for every argument type, including those no placeholder can be made
// for (classes, closures, structs holding references). Overloads of their own, not defaulted
// parameters: a defaulted mode before a parameter pack could not be skipped.

extension SwiftCallPattern {
    /// The pattern for `reference` with `matchers`, one per argument.
    static func of<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
        site: SourceSite
    ) -> SwiftCallPattern {
        var arguments: [SwiftArgumentMatcher] = []
        repeat arguments.append(SwiftArgumentMatcher(each matchers))
        MatcherRecorder.reportLeftovers()
        return SwiftCallPattern(member: reference.member, arguments: arguments, site: site)
    }
}

/// Starts a stub for the calls of a Swift mock's member that `matchers` accept, one matcher
/// per argument.
///
/// The form for arguments of any type, such as classes matched by identity:
///
/// ```swift
/// stub(albums.saveRef, identical(album)).with { album in album.title == "Blue" }
/// stub(converter.convertRef, any()).with { text in text.uppercased() }   // text: String
/// ```
///
/// The block's parameter types, the values and the errors are the member's: a block of another
/// shape does not compile (see ``SwiftStubbing``).
public func stub<each Argument, Result, Failure: Error>(
    _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> SwiftStubbing<repeat each Argument, Result, Failure> {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    FailureReporter.flush(reference.member.pendingFailures)
    return SwiftStubbing(Stubbing(patterns: [SwiftCallPattern.of(reference, repeat each matchers, site: site)]))
}

/// Verifies that a Swift mock's member received at least one call that `matchers` accept.
///
/// ```swift
/// verify(printer.printRef, eq("Hello!"))
/// ```
public func verify<each Argument, Result, Failure: Error>(
    _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    FailureReporter.flush(reference.member.pendingFailures)
    Verifier.verify([SwiftCallPattern.of(reference, repeat each matchers, site: site)], mode: .atLeastOnce, timeout: nil, site: site)
}

/// Verifies how many calls that `matchers` accept a Swift mock's member received.
///
/// ```swift
/// verify(.times(2), printer.printRef, any())
/// ```
public func verify<each Argument, Result, Failure: Error>(
    _ mode: VerificationMode, _ reference: MockReference<repeat each Argument, Result, Failure>,
    _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    FailureReporter.flush(reference.member.pendingFailures)
    Verifier.verify([SwiftCallPattern.of(reference, repeat each matchers, site: site)], mode: mode, timeout: nil, site: site)
}

/// Verifies, waiting up to `timeout` for calls from other threads, that a Swift mock's member
/// received at least one call that `matchers` accept.
///
/// It blocks the calling thread while it waits, as `verify(within:_:)` explains.
public func verify<each Argument, Result, Failure: Error>(
    within timeout: Duration, _ reference: MockReference<repeat each Argument, Result, Failure>,
    _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    verify(within: timeout, .atLeastOnce, reference, repeat each matchers, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The calls a Swift mock's member received, oldest first, as ``Invocation``s: the free form of
/// the mock's own `invocations(of:)`.
///
/// ```swift
/// let calls = invocations(of: converter.convertRef)
/// ```
public func invocations<each Argument, Result, Failure: Error>(
    of reference: MockReference<repeat each Argument, Result, Failure>
) -> [Invocation] {
    reference.member.invocations()
}

/// Verifies, waiting up to `timeout` for calls from other threads, how many calls that
/// `matchers` accept a Swift mock's member received.
///
/// It blocks the calling thread while it waits, as `verify(within:_:)` explains.
public func verify<each Argument, Result, Failure: Error>(
    within timeout: Duration, _ mode: VerificationMode, _ reference: MockReference<repeat each Argument, Result, Failure>,
    _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    FailureReporter.flush(reference.member.pendingFailures)
    Verifier.verify([SwiftCallPattern.of(reference, repeat each matchers, site: site)], mode: mode, timeout: timeout, site: site)
}

extension MockReference {
    /// This member's calls that `matchers` accept, as a step of `verifyInOrder { }` or a
    /// grouped `stub { }` / `verify { }`: the matcher form inside a block.
    ///
    /// ```swift
    /// verifyInOrder {
    ///     albums.saveRef.called(identical(album))
    ///     callback(1, 2)
    /// }
    /// ```
    ///
    /// Outside such a block it does nothing but report where it was written.
    public func called(
        _ matchers: repeat Matcher<each Argument>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let recorder = PrototypeRecorder.active else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.calledOutsideBlock(member.name), site: site))
            return
        }
        recorder.capture(SwiftCallPattern.of(self, repeat each matchers, site: site))
    }
}

/// Expects exactly one call of a Swift mock's member that `matchers` accept (jMock's `oneOf`),
/// inside `checking { }`.
///
/// ```swift
/// context.checking {
///     oneOf(albums.saveRef, identical(album)).will(returnValue(true))
/// }
/// ```
@discardableResult
public func oneOf<each Argument, Result, Failure: Error>(
    _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .expected(Cardinality(minimum: 1, maximum: 1, spelling: "oneOf")), purpose: "oneOf", reference, repeat each matchers,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Allows any number of calls of a Swift mock's member that `matchers` accept, none included.
@discardableResult
public func allowing<each Argument, Result, Failure: Error>(
    _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .allowed, purpose: "allowing", reference, repeat each matchers,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Forbids calls of a Swift mock's member that `matchers` accept.
@discardableResult
public func never<each Argument, Result, Failure: Error>(
    _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .forbidden, purpose: "never", reference, repeat each matchers,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension Cardinality {
    /// Expects calls of a Swift mock's member that `matchers` accept, this many times:
    /// `exactly(2).of(printer.printRef, any())`.
    @discardableResult
    public func of<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ExpectationBuilder<Result> {
        ExpectationDraft.declare(
            .expected(self), purpose: spelling + ".of", reference, repeat each matchers,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension ExpectationDraft {
    /// Declares an expectation on a reference with matchers.
    static func declare<each Argument, Result, Failure: Error>(
        _ kind: Expectation.Kind, purpose: String, _ reference: MockReference<repeat each Argument, Result, Failure>,
        _ matchers: repeat Matcher<each Argument>, site: SourceSite
    ) -> ExpectationBuilder<Result> {
        guard let draft = open(kind, purpose: purpose, site: site) else { return ExpectationBuilder(nil) }
        let pattern = SwiftCallPattern.of(reference, repeat each matchers, site: site)
        return declare(kind, on: (pattern.member, .pattern(pattern)), in: draft, purpose: purpose, site: site)
    }
}
