/// The calls of a grouped stub, `stub { a(1); b(2) }`, about to be answered alike.
///
/// Swift cannot carry the group's result type out of the braces, so the block's result is
/// checked against each mock when the stub is made, and number literals are converted:
/// `stub { add(1, 1); add(2, 2) }.with { 0 }` returns an `Int32` zero from `add`. A value that
/// does not fit the mock's return type is reported at the call, which then returns zero.
public struct GroupStubbing {
    let bound: [any BoundPattern]

    init(patterns: [any BoundPattern]) { bound = patterns }

    /// Answers every call of the group with `body`.
    @discardableResult
    public func with<Result>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping () -> Result
    ) -> GroupStubChain {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // Every answer first, so a block that fits no mock installs no stub at all.
        guard let answers = GroupStubChain.answers(for: bound, site: site, body) else { return GroupStubChain(stubs: [], site: site) }
        let stubs = zip(bound, answers).compactMap { $0.install(answer: $1.answer, swift: $1.swift, site: site) }
        return GroupStubChain(stubs: stubs, site: site)
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
    let stubs: [any InstalledStub]
    let site: SourceSite

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
        guard let answers = Self.answers(for: stubs.map(\.bound), site: site, body) else { return }
        for (stub, answer) in zip(stubs, answers) { stub.append(answer: answer.answer, swift: answer.swift) }
    }

    /// One answer per pattern, or nil after reporting the first mock whose return type the
    /// block's result cannot be converted to.
    static func answers<Result>(
        for patterns: [any BoundPattern], site: SourceSite, _ body: @escaping () -> Result
    ) -> [(answer: StubAnswer?, swift: SwiftAnswer)]? {
        var answers: [(answer: StubAnswer?, swift: SwiftAnswer)] = []
        for pattern in patterns {
            guard let answer = pattern.groupAnswers(body, site: site) else { return nil }
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
