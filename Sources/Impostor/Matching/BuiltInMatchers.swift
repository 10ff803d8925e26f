// The built-in matchers. Each comes in two forms with the same name:
// - in argument position (`stub(add(gt(5), any()))`) it records itself on the thread's matcher
//   stack with the line it was written on, and returns a placeholder of the argument's type;
// - where a `Matcher` is expected (`that(gt(5) && lt(10))`, `pointee(eq(p))`) it is a plain
//   value. Swift picks the form from the context.

// MARK: Anything

/// Matches any value of the argument's type.
///
/// ```swift
/// stub(add(any(), any())).with { 7 }
/// ```
public func any<T>(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(Matcher<T>(test: .any, description: "any()"), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of any value.
public func any<T>() -> Matcher<T> { Matcher(test: .any, description: "any()") }

// MARK: Equality

/// Matches arguments equal to `value`.
public func eq<T: Equatable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(equalityMatcher(value), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values equal to `value`.
public func eq<T: Equatable>(_ value: T) -> Matcher<T> { equalityMatcher(value) }

private func equalityMatcher<T: Equatable>(_ value: T) -> Matcher<T> {
    var matcher = Matcher(test: .value { $0 == value }, description: "eq(\(ValueFormatter.describeSwiftValue(value)))", literal: LiteralValue(value))
    matcher.equalTo = value
    return matcher
}

/// Matches arguments equal to `value`, when the compiler cannot see that its type is
/// `Equatable`: imported C structs, and values of a generic type `T`.
///
/// What "equal" means is decided by the type at run time: C values (numbers, pointers, enums,
/// structs) compare as C compares them, field by field, floating-point fields by value and
/// padding never; `Equatable` values compare with `==`; other trivial values compare byte by
/// byte. A value with none of these (a class, or a struct holding one, that is not `Equatable`)
/// never matches, and its description says so: match it with
/// ``identical(_:fileID:filePath:line:column:)``, ``has(_:_:fileID:filePath:line:column:)->Root`` or
/// your own ``Matcher``.
///
/// ```swift
/// stub(area(eq(cs_point(x: 3, y: 4)))).with { 12 }
/// ```
public func eq<T>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(genericEqualityMatcher(value), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values equal to `value`, when the compiler cannot see that its type is
/// `Equatable`: C values field by field, `Equatable` values (found at run time) with `==`.
///
/// In generic code this is the `eq` Swift picks, and it still uses the type's `==`:
///
/// ```swift
/// func equalTo<T>(_ value: T) -> Matcher<T> { eq(value) }
/// equalTo("Blue").matches("Blue")   // true
/// ```
///
/// A value that is neither a C value nor `Equatable` nor trivial never matches: its
/// description, shown by a failed verify, says to use ``identical(_:)``, ``has(_:_:fileID:filePath:line:column:)->Matcher<Root>`` or a
/// ``Matcher``.
public func eq<T>(_ value: T) -> Matcher<T> { genericEqualityMatcher(value) }

// MARK: Order

/// Matches arguments greater than `value`.
public func gt<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(gt(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values greater than `value`.
public func gt<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("gt(\(ValueFormatter.describeSwiftValue(value)))") { $0 > value } }

/// Matches arguments greater than or equal to `value`.
public func ge<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(ge(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values greater than or equal to `value`.
public func ge<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("ge(\(ValueFormatter.describeSwiftValue(value)))") { $0 >= value } }

/// Matches arguments less than `value`.
public func lt<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(lt(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values less than `value`.
public func lt<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("lt(\(ValueFormatter.describeSwiftValue(value)))") { $0 < value } }

/// Matches arguments less than or equal to `value`.
public func le<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(le(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values less than or equal to `value`.
public func le<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("le(\(ValueFormatter.describeSwiftValue(value)))") { $0 <= value } }

/// Matches arguments inside `range`.
public func between<T: Comparable>(
    _ range: ClosedRange<T>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(between(range) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values inside `range`.
public func between<T: Comparable>(_ range: ClosedRange<T>) -> Matcher<T> {
    Matcher("between(\(ValueFormatter.describeSwiftValue(range.lowerBound))...\(ValueFormatter.describeSwiftValue(range.upperBound)))") { range.contains($0) }
}

// MARK: Optionals

/// Matches a NULL pointer (or nil function pointer).
public func isNil<T>(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T? {
    record(isNil() as Matcher<T?>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of nil.
public func isNil<T>() -> Matcher<T?> { Matcher("isNil()") { $0 == nil } }

/// Matches any pointer but NULL.
public func isNotNil<T>(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T? {
    record(isNotNil() as Matcher<T?>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of anything but nil.
public func isNotNil<T>() -> Matcher<T?> { Matcher("isNotNil()") { $0 != nil } }

// MARK: Predicates and composed matchers

/// Matches arguments for which `predicate` returns true. Runs at call time, on the calling
/// thread.
///
/// ```swift
/// stub(add(matching { $0 > 3 }, 5)).with { 0 }
/// ```
public func matching<T>(
    _ description: String = "matching { … }",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ predicate: @escaping (T) -> Bool
) -> T {
    record(Matcher(description, predicate), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Matches arguments for which `predicate`, a closure held in a variable or passed in
/// parentheses, returns true: `matching(isEven)`, as `matching { … }` does for a closure
/// written after it. Runs at call time, on the calling thread.
///
/// ```swift
/// let isEven: (Int32) -> Bool = { $0 % 2 == 0 }
/// stub(add(matching(isEven), 1)).with { 1 }
/// ```
///
/// Disfavored, so that `matching { … }` keeps choosing the form above.
@_disfavoredOverload
public func matching<T>(
    _ predicate: @escaping (T) -> Bool,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(Matcher("matching { … }", predicate), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Puts a ``Matcher`` value in place of an argument: the way to use composed and custom
/// matchers.
///
/// ```swift
/// stub(add(that(gt(5) && lt(10)), any())).with { 1 }
/// ```
public func that<T>(
    _ matcher: Matcher<T>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(matcher, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
