/// The calls a stub is about to answer; say what they return with `with`, `returning` or
/// their consecutive forms.
///
/// Made by ``stub(_:fileID:filePath:line:column:)->Stubbing<Result>`` and its several-prototype and grouped forms.
/// The compiler checks the block's return type against the mock's through `Result`; the
/// block's parameter types are checked against the mock's when the stub is made (the
/// prototype's argument types are known only when it runs). A Swift member's `$member(...)`
/// prototype or reference gives a ``SwiftStubbing`` instead, checked by the compiler.
public struct Stubbing<Result> {
    /// Empty after a reported failure, so the builders below do nothing more.
    let bound: [any BoundPattern]

    init(patterns: [any BoundPattern]) { self.bound = patterns }

    /// Answers with a block that takes the mock's arguments, in order and with their exact
    /// types, or no arguments at all.
    ///
    /// ```swift
    /// stub(add(anyInt(), 5)).with { (a: Int32, b: Int32) in a * b }
    /// stub(add(1, 2)).with { 42 }
    /// ```
    ///
    /// Inlinable so that the code decoding arguments for the block is specialized for their
    /// types in the test's module: generic decoding cost about a thousand instructions a call.
    @inlinable @discardableResult
    public func with<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) -> Result
    ) -> StubChain<Result> {
        var blockTypes: [Any.Type] = []
        repeat blockTypes.append((each Argument).self)
        let answer = StubAnswer { frame, _ in
            var cursor = 0
            StubAnswer.write(body(repeat StubAnswer.argument((each Argument).self, of: frame, at: &cursor)), to: frame)
        }
        let swift = SwiftAnswer(typed: body) { call in
            var cursor = 0
            return body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        }
        return install(answer, swift: swift, blockTypes: blockTypes, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers with a block of one argument: the same as the variadic form above, which the
    /// compiler picks for other counts. The fixed count lets the block's arguments be decoded by
    /// code specialized for their types (the variadic form walks its parameter pack at run time).
    @inlinable @discardableResult
    public func with<A>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (A) -> Result
    ) -> StubChain<Result> {
        let answer = StubAnswer { frame, _ in
            StubAnswer.write(body(StubAnswer.argument(A.self, of: frame, index: 0)), to: frame)
        }
        let swift = SwiftAnswer(typed: body) { call in
            var cursor = 0
            return body(SwiftAnswer.argument(A.self, of: call, at: &cursor))
        }
        return install(answer, swift: swift, blockTypes: [A.self], site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers with a block of two arguments: the same as the variadic form above, which the
    /// compiler picks for other counts. The fixed count lets the block's arguments be decoded by
    /// code specialized for their types (the variadic form walks its parameter pack at run time).
    @inlinable @discardableResult
    public func with<A, B>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (A, B) -> Result
    ) -> StubChain<Result> {
        let answer = StubAnswer { frame, _ in
            StubAnswer.write(body(StubAnswer.argument(A.self, of: frame, index: 0), StubAnswer.argument(B.self, of: frame, index: 1)), to: frame)
        }
        let swift = SwiftAnswer(typed: body) { call in
            var cursor = 0
            return body(SwiftAnswer.argument(A.self, of: call, at: &cursor), SwiftAnswer.argument(B.self, of: call, at: &cursor))
        }
        return install(answer, swift: swift, blockTypes: [A.self, B.self], site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers with a block of three arguments: the same as the variadic form above, which the
    /// compiler picks for other counts. The fixed count lets the block's arguments be decoded by
    /// code specialized for their types (the variadic form walks its parameter pack at run time).
    @inlinable @discardableResult
    public func with<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (A, B, C) -> Result
    ) -> StubChain<Result> {
        let answer = StubAnswer { frame, _ in
            StubAnswer.write(body(StubAnswer.argument(A.self, of: frame, index: 0), StubAnswer.argument(B.self, of: frame, index: 1), StubAnswer.argument(C.self, of: frame, index: 2)), to: frame)
        }
        let swift = SwiftAnswer(typed: body) { call in
            var cursor = 0
            return body(SwiftAnswer.argument(A.self, of: call, at: &cursor), SwiftAnswer.argument(B.self, of: call, at: &cursor), SwiftAnswer.argument(C.self, of: call, at: &cursor))
        }
        return install(answer, swift: swift, blockTypes: [A.self, B.self, C.self], site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers with a block of four arguments: the same as the variadic form above, which the
    /// compiler picks for other counts. The fixed count lets the block's arguments be decoded by
    /// code specialized for their types (the variadic form walks its parameter pack at run time).
    @inlinable @discardableResult
    public func with<A, B, C, D>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (A, B, C, D) -> Result
    ) -> StubChain<Result> {
        let answer = StubAnswer { frame, _ in
            StubAnswer.write(body(StubAnswer.argument(A.self, of: frame, index: 0), StubAnswer.argument(B.self, of: frame, index: 1), StubAnswer.argument(C.self, of: frame, index: 2), StubAnswer.argument(D.self, of: frame, index: 3)), to: frame)
        }
        let swift = SwiftAnswer(typed: body) { call in
            var cursor = 0
            return body(SwiftAnswer.argument(A.self, of: call, at: &cursor), SwiftAnswer.argument(B.self, of: call, at: &cursor), SwiftAnswer.argument(C.self, of: call, at: &cursor), SwiftAnswer.argument(D.self, of: call, at: &cursor))
        }
        return install(answer, swift: swift, blockTypes: [A.self, B.self, C.self, D.self], site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers with an `async` block that takes the mock's arguments, or none: for `async`
    /// members of Swift mocks.
    ///
    /// ```swift
    /// stub(albums.getAlbumRef, any()).with { (id: UUID) async in Album(id: id, title: "Blue") }
    /// ```
    @discardableResult
    public func with<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) async throws -> Result
    ) -> StubChain<Result> {
        var blockTypes: [Any.Type] = []
        repeat blockTypes.append((each Argument).self)
        let swift = SwiftAnswer(asyncTyped: body, { call in
            var cursor = 0
            return try await body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        })
        return install(nil, swift: swift, blockTypes: blockTypes, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers with a block that may throw, for throwing members of Swift mocks.
    ///
    /// ```swift
    /// stub(loader.loadRef, any()).with { (path: String) throws in try Data(contentsOf: URL(filePath: path)) }
    /// ```
    @discardableResult @_disfavoredOverload
    public func with<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) throws -> Result
    ) -> StubChain<Result> {
        var blockTypes: [Any.Type] = []
        repeat blockTypes.append((each Argument).self)
        let swift = SwiftAnswer(typed: body) { call in
            var cursor = 0
            return try body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        }
        return install(nil, swift: swift, blockTypes: blockTypes, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers by throwing `error`: for throwing members of Swift mocks (SwiftMock's `thenThrow`).
    ///
    /// ```swift
    /// stub(albums.getAlbumRef, any()).throwing(AlbumError.notFound)
    /// ```
    @discardableResult
    public func throwing(
        _ error: any Error,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> StubChain<Result> {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return install(nil, swift: SwiftAnswer.throwing(error, as: Result.self), blockTypes: [], site: site, throwing: error)
    }

    /// Checks the block against each mock, then installs the stubs: C mocks answer with
    /// `answer` (nil: the block cannot answer a C call), Swift members with `swift`. The first
    /// problem is reported and no stub is added.
    @usableFromInline
    func install(
        _ answer: StubAnswer?, swift: SwiftAnswer, blockTypes: [Any.Type], site: SourceSite, throwing error: (any Error)? = nil
    ) -> StubChain<Result> {
        for pattern in bound {
            guard let problem = pattern.missingAnswerProblem(answer) ?? pattern.blockProblem(blockTypes, swift: swift, throwing: error)
            else { continue }
            FailureReporter.report(ImpostorFailure(message: problem, site: site))
            return StubChain(stubs: [])
        }
        return StubChain(stubs: bound.compactMap { $0.install(answer: answer, swift: swift, site: site) })
    }

    /// Answers with a block that takes the whole ``Invocation`` (Mocka's full argument list).
    ///
    /// ```swift
    /// stub(add(any(), any())).with { (call: Invocation) -> Int32 in
    ///     call.argument(0, as: Int32.self) + 1
    /// }
    /// ```
    @discardableResult
    public func with(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (Invocation) -> Result
    ) -> StubChain<Result> {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return StubChain(stubs: bound.compactMap { $0.install(invocationBlock: body, site: site) })
    }

    /// Answers with `values` in turn, one per call; the last repeats.
    ///
    /// ```swift
    /// stub(add(any(), any())).returning(1, 2, 3)
    /// ```
    @inlinable @discardableResult
    public func returning(
        _ values: Result...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> StubChain<Result> {
        returning(values, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// `returning` and `thenReturn`: an answer per value, for C and Swift mocks alike.
    @inlinable
    func returning(_ values: [Result], site: SourceSite) -> StubChain<Result> {
        let answers = values.map { value in StubAnswer { frame, _ in StubAnswer.write(value, to: frame) } }
        let swift = values.map { value in SwiftAnswer.constant(value) }
        return install(consecutive: answers, swift: swift, site: site)
    }

    /// Installs the first answer and queues the others; reports an empty list.
    @usableFromInline
    func install(consecutive answers: [StubAnswer], swift: [SwiftAnswer], site: SourceSite) -> StubChain<Result> {
        guard let first = answers.first, let firstSwift = swift.first else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.noConsecutiveValues(purpose: "returning(...)"), site: site))
            return StubChain(stubs: [])
        }
        let chain = install(first, swift: firstSwift, blockTypes: [], site: site)
        for (answer, swift) in zip(answers, swift).dropFirst() { chain.append(answer, swift: swift) }
        return chain
    }
}

/// A stub just made: add answers for the calls after the first.
///
/// ```swift
/// stub(nextID()).with { 1 }.then { 2 }.thenReturning(3, 4)
/// ```
public struct StubChain<Result> {
    let stubs: [any InstalledStub]

    init(stubs: [any InstalledStub]) { self.stubs = stubs }

    @usableFromInline
    func append(_ answer: StubAnswer, swift: SwiftAnswer) {
        for stub in stubs { stub.append(answer: answer, swift: swift) }
    }

    /// Adds an answer only a Swift member can give (a ``SwiftStubChain`` is never on a C mock).
    @usableFromInline
    func append(swift: SwiftAnswer) {
        for stub in stubs { stub.append(answer: nil, swift: swift) }
    }

    /// The same for an answer each member must first accept (an `async` block: only an `async`
    /// member's); the first problem is reported and nothing is added.
    @usableFromInline
    func append(checked swift: SwiftAnswer, blockTypes: [Any.Type], site: SourceSite) {
        for stub in stubs {
            guard let problem = stub.bound.blockProblem(blockTypes, swift: swift, throwing: nil) else { continue }
            FailureReporter.report(ImpostorFailure(message: FailureMessages.laterAnswerRefused(problem), site: site))
            return
        }
        append(swift: swift)
    }

    /// Answers the next call with `body`, which takes the mock's arguments or none.
    @inlinable @discardableResult
    public func then<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping (repeat each Argument) -> Result
    ) -> StubChain {
        var blockTypes: [Any.Type] = []
        repeat blockTypes.append((each Argument).self)
        guard accepts(blockTypes: blockTypes, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)) else {
            return self
        }
        append(StubAnswer { frame, _ in
            var cursor = 0
            StubAnswer.write(body(repeat StubAnswer.argument((each Argument).self, of: frame, at: &cursor)), to: frame)
        }, swift: SwiftAnswer(typed: body) { call in
            var cursor = 0
            return body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        })
        return self
    }

    /// Answers the next call by throwing `error` (Swift mocks' throwing members).
    ///
    /// Refused, with nothing added, when a stub in the chain is on a C function or on a member
    /// that cannot throw `error`.
    @discardableResult
    public func thenThrowing(
        _ error: any Error, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> StubChain {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for stub in stubs {
            guard let problem = stub.bound.throwProblem(error) else { continue }
            FailureReporter.report(ImpostorFailure(message: FailureMessages.laterAnswerRefused(problem), site: site))
            return self
        }
        for stub in stubs { stub.append(answer: nil, swift: SwiftAnswer.throwing(error, as: Result.self)) }
        return self
    }

    /// True when a block taking `blockTypes` can answer every stub in the chain; reports the
    /// first it cannot, so that no later call reads its arguments as other types.
    @usableFromInline
    func accepts(blockTypes: [Any.Type], site: SourceSite) -> Bool {
        guard !blockTypes.isEmpty else { return true }
        for stub in stubs {
            guard let problem = stub.bound.blockProblem(blockTypes, swift: SwiftAnswer { _ in () }, throwing: nil) else { continue }
            FailureReporter.report(ImpostorFailure(message: FailureMessages.laterAnswerRefused(problem), site: site))
            return false
        }
        return true
    }

    /// Answers the next calls with `values` in turn; the last repeats.
    @inlinable @discardableResult
    public func thenReturning(_ values: Result...) -> StubChain {
        for value in values { append(StubAnswer { frame, _ in StubAnswer.write(value, to: frame) }, swift: SwiftAnswer.constant(value)) }
        return self
    }
}
