/// The calls of a grouped stub, `stub { a(1); b(2) }`, about to be answered alike.
///
/// Swift cannot carry the group's result type out of the braces, so the block's result is
/// checked against each mock when the stub is made, and number literals are converted:
/// `stub { add(1, 1); add(2, 2) }.with { 0 }` returns an `Int32` zero from `add`. A value that
/// does not fit the mock's return type is reported at the call, which then returns zero.
public struct GroupStubbing {
    let bound: [BoundPattern]
    var patterns: [CallPattern] { bound.compactMap(\.c) }

    init(patterns: [BoundPattern]) { bound = patterns }

    /// Answers every call of the group with `body`.
    @discardableResult
    public func with<Result>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () -> Result
    ) -> GroupStubChain {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // Every answer first, so a block that fits no mock installs no stub at all.
        guard let answers = GroupStubChain.answers(for: patterns, site: site, body),
              GroupStubChain.fit(bound.compactMap(\.swift), Result.self, site: site)
        else { return GroupStubChain(stubs: [], site: site) }
        let stubs = zip(patterns, answers).compactMap { Stubbing<Result>.install($1, for: $0, site: site) }
        let swiftStubs = bound.compactMap(\.swift).map { pattern in
            let stub = SwiftStub(pattern: pattern, answer: SwiftAnswer { _ in body() })
            pattern.member.install(stub)
            return stub
        }
        return GroupStubChain(stubs: stubs, site: site, swiftStubs: swiftStubs)
    }

    /// Answers every call of the group with `values` in turn; the last repeats.
    @discardableResult
    public func returning<Result>(
        _ values: Result...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> GroupStubChain {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let first = values.first else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.noConsecutiveValues(purpose: "returning(...)"), site: site))
            return GroupStubChain(stubs: [], site: site)
        }
        let chain = with(fileID: fileID, filePath: filePath, line: line, column: column) { first }
        for value in values.dropFirst() { chain.append { value } }
        return chain
    }
}

/// A grouped stub just made: add answers for the calls after the first, converted to each
/// mock's return type like the first.
public struct GroupStubChain {
    let stubs: [Stub]
    let site: SourceSite
    var swiftStubs: [SwiftStub] = []

    /// True when every Swift member returns `Result` exactly; reports the first that does not.
    static func fit<Result>(_ patterns: [SwiftCallPattern], _: Result.Type, site: SourceSite) -> Bool {
        guard let misfit = patterns.first(where: { $0.member.resultType != Result.self }) else { return true }
        FailureReporter.report(ImpostorFailure(
            message: FailureMessages.stubResultType(
                block: TypeMetadata.name(of: Result.self), mock: misfit.member.name, result: TypeMetadata.name(of: misfit.member.resultType)),
            site: site))
        return false
    }

    /// Answers the next call to each mock of the group with `body`.
    @discardableResult
    public func then<Result>(_ body: @escaping () -> Result) -> GroupStubChain {
        append(body)
        return self
    }

    /// Answers the next calls to each mock of the group with `values` in turn; the last repeats.
    @discardableResult
    public func thenReturning<Result>(_ values: Result...) -> GroupStubChain {
        for value in values { append { value } }
        return self
    }

    fileprivate func append<Result>(_ body: @escaping () -> Result) {
        guard let answers = Self.answers(for: stubs.map(\.pattern), site: site, body),
              Self.fit(swiftStubs.map(\.pattern), Result.self, site: site)
        else { return }
        for (stub, answer) in zip(stubs, answers) { stub.append(answer) }
        for stub in swiftStubs { stub.append(SwiftAnswer { _ in body() }) }
    }

    /// One answer per pattern, or nil after reporting the first mock whose return type the
    /// block's result cannot be converted to.
    static func answers<Result>(for patterns: [CallPattern], site: SourceSite, _ body: @escaping () -> Result) -> [StubAnswer]? {
        var answers: [StubAnswer] = []
        for pattern in patterns {
            guard let answer = ResultConversion.answer(for: pattern, site: site, body) else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.stubResultType(
                        block: TypeMetadata.name(of: Result.self), mock: pattern.interceptor.name,
                        result: pattern.interceptor.signature.result?.name ?? "Void"),
                    site: site))
                return nil
            }
            answers.append(answer)
        }
        return answers
    }
}

/// Converts a grouped stub's result to each mock's return type.
enum ResultConversion {
    /// An answer writing `body()`'s value as `pattern`'s return type, or nil when the types
    /// cannot be converted.
    static func answer<Result>(for pattern: CallPattern, site: SourceSite, _ body: @escaping () -> Result) -> StubAnswer? {
        let target = pattern.interceptor.signature.result?.swiftType ?? Void.self
        if target == Result.self { return .block(body) }
        if let integer = target as? any BinaryInteger.Type, Result.self is any BinaryInteger.Type {
            return converting(body, site: site, mock: pattern.interceptor.name) { convert($0 as! any BinaryInteger, to: integer) }
        }
        if let floating = target as? any BinaryFloatingPoint.Type,
           Result.self is any BinaryFloatingPoint.Type || Result.self is any BinaryInteger.Type {
            return converting(body, site: site, mock: pattern.interceptor.name) { convert($0, to: floating) }
        }
        return nil
    }

    private static func converting<Result>(
        _ body: @escaping () -> Result, site: SourceSite, mock: String, _ convert: @escaping (Result) -> Any?
    ) -> StubAnswer {
        StubAnswer { frame, _ in
            let value = body()
            guard let converted = convert(value) else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.resultDoesNotFit("\(value)", mock: mock, type: frame.signature.result?.name ?? "Void"),
                    site: site))
                frame.writeZeroResult()
                return
            }
            func write<T>(_ value: T) { StubAnswer.write(value, to: frame) }
            write(converted)
        }
    }

    private static func convert<T: BinaryInteger>(_ value: any BinaryInteger, to type: T.Type) -> Any? {
        T(exactly: value)
    }

    private static func convert<Result, T: BinaryFloatingPoint>(_ value: Result, to type: T.Type) -> Any? {
        if let floating = value as? any BinaryFloatingPoint { return T(floating) }
        if let integer = value as? any BinaryInteger { return T(exactly: integer) }
        return nil
    }
}
