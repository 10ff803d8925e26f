/// A stub of a Swift member just made: add answers, typed by the member, for the calls after
/// the first.
///
/// ```swift
/// stub(service.$fetch(id: any(), name: any())).with { id, _ in id }.then { id, _ in id * 2 }.thenReturning(0)
/// ```
public struct SwiftStubChain<each Argument, Result, Failure: Error> {
    /// The engine's chain, which holds the stubs made.
    @usableFromInline let untyped: StubChain<Result>

    @usableFromInline
    init(_ untyped: StubChain<Result>) { self.untyped = untyped }

    /// Answers the next call with a block of the member's arguments, whose types the compiler
    /// infers.
    @inlinable @discardableResult
    public func then(_ body: @escaping (repeat each Argument) throws -> Result
    ) -> Self {
        untyped.append(swift: SwiftTypedAnswers.answer(body))
        return self
    }

    /// Answers the next call with a block that takes no arguments.
    @inlinable @discardableResult @_disfavoredOverload
    public func then(_ body: @escaping () throws -> Result
    ) -> Self {
        untyped.append(swift: SwiftAnswer(typed: body) { _ in try body() })
        return self
    }

    /// Answers the next call with an `async` block of the member's arguments: for `async`
    /// members.
    ///
    /// ```swift
    /// stub(albums.$getAlbum(id: any())).with { id async in .draft(id) }.then { id async in await library.album(id) }
    /// ```
    ///
    /// Refused, with nothing added, for a member that is not `async`.
    @inlinable @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) async throws -> Result
    ) -> Self {
        untyped.append(
            checked: SwiftTypedAnswers.asyncAnswer(body), blockTypes: SwiftTypedAnswers.types(repeat (each Argument).self),
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return self
    }

    /// Answers the next call with an `async` block that takes no arguments: for `async`
    /// members.
    @inlinable @discardableResult @_disfavoredOverload
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () async throws -> Result
    ) -> Self {
        untyped.append(
            checked: SwiftAnswer(asyncTyped: body) { _ in try await body() }, blockTypes: [],
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return self
    }

    /// Answers the next calls with `values` in turn; the last repeats.
    @inlinable @discardableResult
    public func thenReturning(_ values: Result...) -> Self {
        for value in values { untyped.append(swift: SwiftAnswer.constant(value)) }
        return self
    }

    /// Answers the next call by throwing `error`, of the member's error type.
    @discardableResult
    public func thenThrowing(
        _ error: Failure, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        untyped.thenThrowing(error, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}
