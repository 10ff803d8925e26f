/// The calls a stub is about to answer; say what they return with `with`, `returning` or
/// their consecutive forms.
///
/// Made by ``stub(_:fileID:filePath:line:column:)`` and its several-prototype and grouped forms.
/// The compiler checks the block's return type against the mock's through `Result`; the
/// block's parameter types are checked against the mock's when the stub is made.
public struct Stubbing<Result> {
    /// Empty after a reported failure, so the builders below do nothing more.
    let patterns: [CallPattern]

    init(patterns: [CallPattern]) { self.patterns = patterns }

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
        return install(answer, blockTypes: blockTypes, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks the block's parameter types against each mock's, then installs the stubs.
    @usableFromInline
    func install(_ answer: StubAnswer, blockTypes: [Any.Type], site: SourceSite) -> StubChain<Result> {
        for pattern in patterns where !blockTypes.isEmpty {
            let parameterTypes = pattern.interceptor.signature.parameters.map(\.swiftType)
            guard blockTypes.count == parameterTypes.count,
                  zip(blockTypes, parameterTypes).allSatisfy({ $0 == $1 })
            else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.stubBlockParameters(
                        block: blockTypes.map(TypeMetadata.name(of:)), mock: pattern.interceptor.name,
                        parameters: pattern.interceptor.signature.parameters.map(\.name)),
                    site: site))
                return StubChain(stubs: [])
            }
        }
        return install(answer, site: site)
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
        return StubChain(stubs: patterns.compactMap { pattern in
            install(StubAnswer.block(mockName: pattern.interceptor.name, body), for: pattern, site: site)
        })
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
        let answers = values.map { value in StubAnswer { frame, _ in StubAnswer.write(value, to: frame) } }
        return install(consecutive: answers, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Installs the first answer and queues the others; reports an empty list.
    @usableFromInline
    func install(consecutive answers: [StubAnswer], site: SourceSite) -> StubChain<Result> {
        guard let first = answers.first else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.noConsecutiveValues(purpose: "returning(...)"), site: site))
            return StubChain(stubs: [])
        }
        let chain = install(first, site: site)
        for answer in answers.dropFirst() { chain.append(answer) }
        return chain
    }

    private func install(_ answer: StubAnswer, site: SourceSite) -> StubChain<Result> {
        StubChain(stubs: patterns.compactMap { Self.install(answer, for: $0, site: site) })
    }

    private func install(_ answer: StubAnswer, for pattern: CallPattern, site: SourceSite) -> Stub? {
        Self.install(answer, for: pattern, site: site)
    }

    /// Adds a stub answering `pattern`; nil (after reporting) when the mock is full.
    static func install(_ answer: StubAnswer, for pattern: CallPattern, site: SourceSite) -> Stub? {
        let stub = Stub(pattern: pattern, answer: answer)
        guard pattern.interceptor.stubs.append(stub) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.tooManyStubs(mock: pattern.interceptor.name, maximum: StubTable<Stub>.capacity),
                site: site))
            return nil
        }
        return stub
    }
}

/// A stub just made: add answers for the calls after the first.
///
/// ```swift
/// stub(nextID()).with { 1 }.then { 2 }.thenReturning(3, 4)
/// ```
public struct StubChain<Result> {
    let stubs: [Stub]

    init(stubs: [Stub]) { self.stubs = stubs }

    @usableFromInline
    func append(_ answer: StubAnswer) {
        for stub in stubs { stub.append(answer) }
    }

    /// Answers the next call with `body`, which takes the mock's arguments or none.
    @inlinable @discardableResult
    public func then<each Argument>(_ body: @escaping (repeat each Argument) -> Result) -> StubChain {
        append(StubAnswer { frame, _ in
            var cursor = 0
            StubAnswer.write(body(repeat StubAnswer.argument((each Argument).self, of: frame, at: &cursor)), to: frame)
        })
        return self
    }

    /// Answers the next calls with `values` in turn; the last repeats.
    @inlinable @discardableResult
    public func thenReturning(_ values: Result...) -> StubChain {
        for value in values { append(StubAnswer { frame, _ in StubAnswer.write(value, to: frame) }) }
        return self
    }
}
