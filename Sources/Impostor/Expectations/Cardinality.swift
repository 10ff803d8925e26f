/// How many times an expectation must be met: `exactly(2)`, `atLeast(1)`, `atMost(3)`,
/// `between(1...3)`. Say which call with ``Cardinality/of(_:fileID:filePath:line:column:)-(()->Result,_,_,_,_)``:
///
/// ```swift
/// context.checking {
///     exactly(2).of(add(anyInt(), 5)).will(returnValue(7))
///     atLeast(1).of(add(1, 2))
/// }
/// ```
///
/// A call beyond the upper bound is not taken by this expectation: it goes on to the next
/// expectation that matches, then to stubs, and otherwise fails as unexpected.
public struct Cardinality: Sendable, Equatable, CustomStringConvertible {
    /// The fewest calls that satisfy the expectation.
    public let minimum: Int
    /// The most calls the expectation accepts; nil for no bound.
    public let maximum: Int?
    /// `exactly(2)`: how the cardinality was written, for messages.
    let spelling: String

    init(minimum: Int, maximum: Int?, spelling: String) {
        self.minimum = minimum
        self.maximum = maximum
        self.spelling = spelling
    }

    /// True when the bounds make sense: not negative, and the upper not below the lower.
    var isValid: Bool { minimum >= 0 && (maximum.map { $0 >= minimum } ?? true) }

    /// `exactly once`, `at least 2 times`, `between 1 and 3 times`.
    public var description: String {
        switch (minimum, maximum) {
        case (let low, let high?) where low == high: "exactly \(Self.times(low))"
        case (0, nil): "any number of times"
        case (let low, nil): "at least \(Self.times(low))"
        case (0, let high?): "at most \(Self.times(high))"
        case (let low, let high?): "between \(low) and \(high) times"
        }
    }

    /// `once`, `2 times`.
    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    /// Equal when the bounds are: `exactly(1)` equals what `oneOf` expects.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum }

    /// Expects the call `prototype` describes as many times as this cardinality says.
    ///
    /// `prototype` is written as for ``stub(_:fileID:filePath:line:column:)->Stubbing<Result>``: literals,
    /// matchers, or both. Only inside ``Mockery/checking(fileID:filePath:line:column:_:)``.
    @discardableResult
    public func of<Result>(
        _ prototype: @autoclosure () throws -> Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ExpectationBuilder<Result> {
        ExpectationDraft.declare(
            .expected(self), purpose: spelling + ".of",
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), prototype)
    }
}

/// Exactly `count` calls: `exactly(2).of(add(1, 2))`.
public func exactly(_ count: Int) -> Cardinality {
    Cardinality(minimum: count, maximum: count, spelling: "exactly(\(count))")
}

/// At least `count` calls: `atLeast(1).of(add(1, 2))`.
public func atLeast(_ count: Int) -> Cardinality {
    Cardinality(minimum: count, maximum: nil, spelling: "atLeast(\(count))")
}

/// At most `count` calls, none included: `atMost(3).of(add(any(), any()))`.
public func atMost(_ count: Int) -> Cardinality {
    Cardinality(minimum: 0, maximum: count, spelling: "atMost(\(count))")
}

/// Between `range.lowerBound` and `range.upperBound` calls: `between(1...3).of(add(any(), any()))`.
///
/// Beside the `between` matcher: as a cardinality it takes an `Int` range and is followed by
/// `.of(...)`.
public func between(_ range: ClosedRange<Int>) -> Cardinality {
    Cardinality(minimum: range.lowerBound, maximum: range.upperBound, spelling: "between(\(range))")
}

/// Expects the call `prototype` describes exactly once.
///
/// ```swift
/// context.checking {
///     oneOf(subscriber(any(), cString("hello")))
/// }
/// ```
@discardableResult
public func oneOf<Result>(
    _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .expected(Cardinality(minimum: 1, maximum: 1, spelling: "oneOf")), purpose: "oneOf",
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), prototype)
}

/// Allows the call `prototype` describes any number of times, none included.
///
/// ```swift
/// allowing(query(any())).will(returnValue(7))
/// ```
@discardableResult
public func allowing<Result>(
    _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .allowed, purpose: "allowing", site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), prototype)
}

/// Forbids the call `prototype` describes: such a call fails as unexpected.
///
/// Expectations are tried in declaration order and the first that matches decides, so a
/// `never` declared before a broader `allowing` still forbids its call, and one declared after
/// it does not.
///
/// ```swift
/// never(close(any()))
/// ```
@discardableResult
public func never<Result>(
    _ prototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .forbidden, purpose: "never", site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), prototype)
}

/// Ignores every call to `mock`, or every call `prototype` describes: any number of times,
/// zero returned.
///
/// ```swift
/// ignoring(logger)             // the mock itself: every call to it
/// ignoring(logger(any(), 0))   // only these calls
/// ```
@discardableResult
public func ignoring<Result>(
    _ mockOrPrototype: @autoclosure () throws -> Result,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ExpectationBuilder<Result> {
    ExpectationDraft.declare(
        .ignored, purpose: "ignoring", site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
        mockOrPrototype)
}
