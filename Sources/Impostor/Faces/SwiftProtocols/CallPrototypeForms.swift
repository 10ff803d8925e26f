// stub, verify and expectations for a generated mock's `$member(...)` prototypes: the same
// engine as the reference forms in ReferenceForms.swift, with the matchers already given.

/// Starts a stub for the calls a generated mock's prototype accepts, typed by its member.
///
/// ```swift
/// stub(albums.$getAlbum(id: eq(id))).with { id in Album(id: id, title: "Blue") }   // id: UUID
/// stub(albums.$title.get).returning("Kind of Blue")
/// ```
///
/// The block's parameter types, the values and the errors are the member's: a block of another
/// shape does not compile (see ``SwiftStubbing``).
public func stub<each Argument, Result, Failure: Error>(
    _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> SwiftStubbing<repeat each Argument, Result, Failure> {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return SwiftStubbing(Stubbing(patterns: [prototype.bound(at: site)]))
}

/// Verifies that a generated mock received at least one call its prototype accepts.
///
/// ```swift
/// verify(albums.$getAlbum(id: any()))
/// ```
public func verify<each Argument, Result, Failure: Error>(
    _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verifier.verify([prototype.bound(at: site)], mode: .atLeastOnce, timeout: nil, site: site)
}

/// Verifies how many calls a generated mock's prototype accepts: `verify(.once, albums.$getAlbum(id: any()))`.
public func verify<each Argument, Result, Failure: Error>(
    _ mode: VerificationMode, _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verifier.verify([prototype.bound(at: site)], mode: mode, timeout: nil, site: site)
}

/// Verifies, waiting up to `timeout` for calls from other threads, that a generated mock
/// received at least one call its prototype accepts.
///
/// It blocks the calling thread while it waits, as `verify(within:_:)` explains.
public func verify<each Argument, Result, Failure: Error>(
    within timeout: Duration, _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verifier.verify([prototype.bound(at: site)], mode: .atLeastOnce, timeout: timeout, site: site)
}

/// Verifies, waiting up to `timeout` for calls from other threads, how many calls a generated
/// mock's prototype accepts.
///
/// It blocks the calling thread while it waits, as `verify(within:_:)` explains.
public func verify<each Argument, Result, Failure: Error>(
    within timeout: Duration, _ mode: VerificationMode, _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    Verifier.verify([prototype.bound(at: site)], mode: mode, timeout: timeout, site: site)
}

/// Expects exactly one call a generated mock's prototype accepts, inside `checking { }`.
///
/// ```swift
/// context.checking {
///     oneOf(albums.$getAlbum(id: any())).will(returnValue(album))
/// }
/// ```
@discardableResult
public func oneOf<each Argument, Result, Failure: Error>(
    _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .expected(Cardinality(minimum: 1, maximum: 1, spelling: "oneOf")), purpose: "oneOf", prototype,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Allows any number of calls a generated mock's prototype accepts, none included.
@discardableResult
public func allowing<each Argument, Result, Failure: Error>(
    _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .allowed, purpose: "allowing", prototype, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Forbids calls a generated mock's prototype accepts.
@discardableResult
public func never<each Argument, Result, Failure: Error>(
    _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .forbidden, purpose: "never", prototype, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension Cardinality {
    /// Expects calls a generated mock's prototype accepts, this many times:
    /// `exactly(2).of(albums.$getAlbum(id: any()))`.
    @discardableResult
    public func of<each Argument, Result, Failure: Error>(
        _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ExpectationBuilder<Result> {
        ExpectationDraft.declare(
            .expected(self), purpose: spelling + ".of", prototype,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension ExpectationDraft {
    /// Declares an expectation on a generated mock's prototype.
    static func declare<each Argument, Result, Failure: Error>(
        _ kind: Expectation.Kind, purpose: String, _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
        site: SourceSite
    ) -> ExpectationBuilder<Result> {
        guard let draft = open(kind, purpose: purpose, site: site) else { return ExpectationBuilder(nil) }
        let pattern = prototype.pattern(at: site)
        return declare(kind, on: (pattern.member, .pattern(pattern)), in: draft, purpose: purpose, site: site)
    }
}
