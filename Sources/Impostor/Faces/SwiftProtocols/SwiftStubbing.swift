// The stub of a Swift member written with its `$member(...)` prototype or its reference: the
// compiler knows the member's types there, so blocks are checked against them as they are
// written. The Mocka-style form, `stub(mock.member(any()))`, keeps `Stubbing`: its argument
// types are known only when the prototype runs.

/// The calls of a Swift mock's member that a stub is about to answer, typed by the member: say
/// what they return with `with`, `returning`, `throwing` or their consecutive forms.
///
/// Made by `stub(mock.$member(...))`, `stub(mock.memberRef, matchers...)` and
/// `when(mock.$member(...))`. `Argument`, `Result` and `Failure` are the member's, so a block's
/// parameter types are inferred from the member, and a block of another shape or a value of
/// another type does not compile:
///
/// ```swift
/// stub(service.$fetch(id: any(), name: any())).with { id, name in id * 2 }   // (Int, String) inferred
/// stub(loader.$load(path: eq("a.txt"))).throwing(LoadError.missing)
/// ```
///
/// A block may also take no arguments, or the whole ``Invocation``. Two things stay checked at
/// run time, because they are not part of the member's type as Swift 6.3 can use it here: an
/// `async` block on a member that is not `async` is refused, with nothing stubbed, when the stub
/// is made; and an error a block throws that the member cannot throw is reported at the call,
/// which then returns the default value. (Blocks take `throws`, not `throws(Failure)`: Swift
/// 6.3 crashes compiling a block with a closure parameter for a member that throws `any Error`
/// when the block's type is written with typed throws.) ``throwing(_:fileID:filePath:line:column:)``
/// takes the member's `Failure`; given another error Swift falls back to the untyped
/// `stub(_:)` forms, which report the mistake when the stub is made.
public struct SwiftStubbing<each Argument, Result, Failure: Error> {
    /// The engine's stubbing, which installs the answers built here.
    @usableFromInline let untyped: Stubbing<Result>

    init(_ untyped: Stubbing<Result>) { self.untyped = untyped }

    /// Answers with a block of the member's arguments, whose types the compiler infers.
    ///
    /// ```swift
    /// stub(service.$fetch(id: any(), name: any())).with { id, name in id * 2 }
    /// ```
    ///
    /// Inlinable so that the arguments are read by code specialized for the member's types.
    @inlinable @discardableResult
    public func with(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.install(
            nil, swift: SwiftTypedAnswers.answer(body), blockTypes: SwiftTypedAnswers.types(repeat (each Argument).self),
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Answers with a block that takes no arguments.
    ///
    /// ```swift
    /// stub(service.$fetch(id: any(), name: any())).with { 7 }
    /// ```
    @inlinable @discardableResult @_disfavoredOverload
    public func with(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.install(
            nil, swift: SwiftAnswer(typed: body) { _ in try body() }, blockTypes: [],
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Answers with an `async` block of the member's arguments: for `async` members.
    ///
    /// ```swift
    /// stub(albums.$getAlbum(id: any())).with { id async in await library.album(id) }
    /// ```
    ///
    /// Refused, with nothing stubbed, for a member that is not `async`.
    @inlinable @discardableResult
    public func with(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) async throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.install(
            nil, swift: SwiftTypedAnswers.asyncAnswer(body), blockTypes: SwiftTypedAnswers.types(repeat (each Argument).self),
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Answers with an `async` block that takes no arguments: for `async` members.
    @inlinable @discardableResult @_disfavoredOverload
    public func with(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () async throws -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.install(
            nil, swift: SwiftAnswer(asyncTyped: body) { _ in try await body() }, blockTypes: [],
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Answers with a block that takes the whole ``Invocation``.
    ///
    /// ```swift
    /// stub(converter.$convert(any())).with { (call: Invocation) in call.argument(0, as: String.self) }
    /// ```
    @discardableResult @_disfavoredOverload
    public func with(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (Invocation) -> Result
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.with(fileID: fileID, filePath: filePath, line: line, column: column, body))
    }

    /// Answers with `values` in turn, one per call; the last repeats.
    ///
    /// ```swift
    /// stub(albums.$title.get).returning("Blue", "Kind of Blue")
    /// ```
    @inlinable @discardableResult
    public func returning(
        _ values: Result...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.returning(values, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Answers by throwing `error`, of the member's error type (none for a member that does not
    /// throw: Swift then picks the untyped form, which reports the mistake).
    ///
    /// ```swift
    /// stub(albums.$getAlbum(id: eq(missing))).throwing(AlbumError.notFound)
    /// ```
    @discardableResult
    public func throwing(
        _ error: Failure,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> SwiftStubChain<repeat each Argument, Result, Failure> {
        SwiftStubChain(untyped.throwing(error, fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
