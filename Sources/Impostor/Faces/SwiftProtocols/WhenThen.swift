// SwiftMock's and Mockito's spelling of a stub: `when(prototype).thenReturn(value)`. The same
// stubbing as `stub(prototype)`, with their verbs.

/// Starts a stub for the calls a generated mock's prototype accepts, in SwiftMock's words.
///
/// ```swift
/// when(albums.$getAlbum(id: any())).thenReturn(album)
/// when(albums.$getAlbum(id: eq(missing))).thenThrow(AlbumError.notFound)
/// when(albums.$getAlbum(id: any())).thenAnswer { id in Album(id: id, title: "Blue") }
/// ```
public func when<each Argument, Result, Failure: Error>(
    _ prototype: CallPrototype<repeat each Argument, Result, Failure>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> SwiftStubbing<repeat each Argument, Result, Failure> {
    stub(prototype, fileID: fileID, filePath: filePath, line: line, column: column)
}

extension SwiftStubbing {
    /// Answers with `values` in turn, one per call; the last repeats (`returning`).
    @inlinable @discardableResult
    public func thenReturn(
        _ values: Result...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.returning(values, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Throws `error`, of the member's error type, from every call (`throwing`).
    @discardableResult
    public func thenThrow(
        _ error: Failure,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        throwing(error, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers with a block of the member's arguments, whose types the compiler infers (`with`).
    @inlinable @discardableResult
    public func thenAnswer(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        with(fileID: fileID, filePath: filePath, line: line, column: column, body)
    }

    /// Answers with a block that takes no arguments (`with`).
    @inlinable @discardableResult @_disfavoredOverload
    public func thenAnswer(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        with(fileID: fileID, filePath: filePath, line: line, column: column, body)
    }

    /// Answers with an `async` block of the member's arguments: for `async` members.
    @inlinable @discardableResult
    public func thenAnswer(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) async throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        with(fileID: fileID, filePath: filePath, line: line, column: column, body)
    }

    /// Answers with an `async` block that takes no arguments: for `async` members.
    @inlinable @discardableResult @_disfavoredOverload
    public func thenAnswer(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () async throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        with(fileID: fileID, filePath: filePath, line: line, column: column, body)
    }
}

extension Stubbing {
    /// Answers with `values` in turn, one per call; the last repeats (`returning`).
    @discardableResult
    public func thenReturn(
        _ values: Result...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> StubChain<Result> {
        returning(values, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Throws `error` from every call (`throwing`); refused for a member that cannot throw it.
    @discardableResult
    public func thenThrow(
        _ error: any Error,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> StubChain<Result> {
        throwing(error, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers with a block that takes the member's arguments, or none (`with`).
    @discardableResult
    public func thenAnswer<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) throws -> Result
    ) -> StubChain<Result> {
        with(fileID: fileID, filePath: filePath, line: line, column: column, body)
    }

    /// Answers with an `async` block that takes the member's arguments, or none.
    @discardableResult
    public func thenAnswer<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) async throws -> Result
    ) -> StubChain<Result> {
        with(fileID: fileID, filePath: filePath, line: line, column: column, body)
    }
}
