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
    Matcher(test: .value { $0 == value }, description: "eq(\(value))", literal: LiteralValue(value))
}

/// Matches C values equal to `value` field by field, as C compares them: floating-point
/// fields by value, padding never.
///
/// This is the form for imported C structs, which are not `Equatable` in Swift.
public func eq<T>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(fieldwiseMatcher(value), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of C values equal to `value` field by field.
public func eq<T>(_ value: T) -> Matcher<T> { fieldwiseMatcher(value) }

private func fieldwiseMatcher<T>(_ value: T) -> Matcher<T> {
    let leaves = SignatureCache.leaves(of: T.self) ?? [ValueLeaf(offset: 0, size: MemoryLayout<T>.size, kind: .bytes)]
    let bytes = Sentinel.bytes(of: value)
    let text = String(describing: value).replacing("__C.", with: "")
    return Matcher(
        test: .slot { $0.isEqual(to: bytes, leaves: leaves) }, description: "eq(\(text))",
        literal: LiteralValue(bytes: bytes, leaves: leaves))
}

// MARK: Order

/// Matches arguments greater than `value`.
public func gt<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(gt(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values greater than `value`.
public func gt<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("gt(\(value))") { $0 > value } }

/// Matches arguments greater than or equal to `value`.
public func ge<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(ge(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values greater than or equal to `value`.
public func ge<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("ge(\(value))") { $0 >= value } }

/// Matches arguments less than `value`.
public func lt<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(lt(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values less than `value`.
public func lt<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("lt(\(value))") { $0 < value } }

/// Matches arguments less than or equal to `value`.
public func le<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(le(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values less than or equal to `value`.
public func le<T: Comparable>(_ value: T) -> Matcher<T> { Matcher("le(\(value))") { $0 <= value } }

/// Matches arguments inside `range`.
public func between<T: Comparable>(
    _ range: ClosedRange<T>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(between(range) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values inside `range`.
public func between<T: Comparable>(_ range: ClosedRange<T>) -> Matcher<T> {
    Matcher("between(\(range))") { range.contains($0) }
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
