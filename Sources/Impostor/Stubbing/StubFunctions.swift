/// Starts a stub for the call `prototype` describes, Mocka-style.
///
/// The prototype is a call to a mock, written with literal arguments, matchers, or both:
///
/// ```swift
/// stub(add(anyInt(), 5)).with { (a: Int32, b: Int32) in a * b }
/// stub(add(1, 2)).with { 42 }
/// stub(add(gt(10), any())).returning(1, 2, 3)
/// ```
///
/// The prototype is evaluated in recording mode, more than once, so keep it free of side
/// effects. The newest matching stub answers each call; unmatched calls return zero.
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func stub<Result>(
    _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Stubbing<Result> {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Stubbing(patterns: StubFunctions.checked(Result.self, StubFunctions.patterns(count: 1, shape: .oneCallEach, site: site) { _ in
        PrototypeRecorder.note(prototype)
    }, site: site))
}

/// Starts one stub for each of several prototypes, answered alike.
///
/// ```swift
/// stub(add(1, 2), add(2, 1)).with { 3 }
/// ```
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func stub<Result>(
    _ first: @autoclosure () throws -> Result, _ second: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Stubbing<Result> {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Stubbing(patterns: StubFunctions.checked(Result.self, StubFunctions.patterns(count: 2, shape: .oneCallEach, site: site) { index in
        PrototypeRecorder.note { index == 0 ? try first() : try second() }
    }, site: site))
}

/// Starts one stub for each of three prototypes, answered alike.
@_disfavoredOverload  // a trailing closure must pick the grouped form, not become the "prototype"
public func stub<Result>(
    _ first: @autoclosure () throws -> Result, _ second: @autoclosure () throws -> Result, _ third: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Stubbing<Result> {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Stubbing(patterns: StubFunctions.checked(Result.self, StubFunctions.patterns(count: 3, shape: .oneCallEach, site: site) { index in
        PrototypeRecorder.note { index == 0 ? try first() : index == 1 ? try second() : try third() }
    }, site: site))
}

/// Starts one stub for each mock call in `group`, answered alike.
///
/// ```swift
/// stub { add(1, 1); add(2, 2) }.with { 0 }
/// ```
///
/// Write the group as a trailing closure. Its parameter has a label (`calls:`) so that a
/// mistake in a single-prototype stub, such as `stub(add(any(), 5)).returning(1.5)`, is
/// diagnosed against the single-prototype form (Double vs Int32) rather than this one.
public func stub(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    @PrototypeList calls group: () -> Void
) -> GroupStubbing {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return GroupStubbing(patterns: StubFunctions.patterns(count: 1, shape: .group, site: site) { _ in group() })
}

enum StubFunctions {
    /// The patterns whose mock returns `Result`; none, after reporting, when a prototype is an
    /// expression built on the call (`stub(add(1, 2) == 3)`), whose answers would write a
    /// `Result` where C reads the mock's return type.
    static func checked<Result>(_: Result.Type, _ patterns: [any BoundPattern], site: SourceSite) -> [any BoundPattern] {
        for pattern in patterns {
            let result = pattern.resultType
            guard Result.self == result else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.prototypeResultMismatch(
                        "stub", mock: pattern.mockName, prototype: TypeMetadata.name(of: Result.self),
                        result: TypeMetadata.name(of: result), consequence: "Nothing was stubbed."),
                    site: site))
                return []
            }
        }
        return patterns
    }

    static func patterns(
        count: Int, shape: PrototypeEvaluation.Shape, site: SourceSite, _ prototype: (Int) -> Void
    ) -> [any BoundPattern] {
        FailureReporter.flush(Mockery.current.pendingFailures)
        FailureReporter.flush(.global)
        let patterns = PrototypeEvaluation.patterns(count: count, shape: shape, purpose: "stub", site: site, prototype) ?? []
        if let released = patterns.first(where: \.isMockReleased) {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(released.mockName), site: site))
            return []
        }
        return patterns
    }
}
