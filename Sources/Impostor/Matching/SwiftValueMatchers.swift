// Matchers for arguments of any Swift type, as the members of Swift protocol mocks take them.
// Like the built-in matchers, each comes in an argument-position form and a plain form.

// MARK: Identity

/// Matches the very instance `object`, compared with `===`.
///
/// The way to match a class instance that is not `Equatable`: another instance with the same
/// contents does not match.
///
/// ```swift
/// verify(player.$play(track: identical(track)))
/// ```
public func identical<T: AnyObject>(
    _ object: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(identical(object) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of the very instance `object`, compared with `===`, shown as
/// `identical(Track)`.
public func identical<T: AnyObject>(_ object: T) -> Matcher<T> {
    Matcher("identical(\(ValueFormatter.describeSwiftValue(object)))") { $0 === object }
}

// MARK: SwiftMock's spellings

/// SwiftMock's `moreThen(v)`: matches arguments greater than `value`, as
/// ``Impostor/gt(_:fileID:filePath:line:column:)`` does.
public func moreThen<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(moreThen(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// SwiftMock's `moreThen(v)`: a matcher of values greater than `value`, shown as `moreThen(5)`.
public func moreThen<T: Comparable>(_ value: T) -> Matcher<T> {
    Matcher("moreThen(\(ValueFormatter.describeSwiftValue(value)))") { $0 > value }
}

/// SwiftMock's `lessThan(v)`: matches arguments less than `value`, as
/// ``Impostor/lt(_:fileID:filePath:line:column:)`` does.
public func lessThan<T: Comparable>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(lessThan(value) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// SwiftMock's `lessThan(v)`: a matcher of values less than `value`, shown as `lessThan(5)`.
public func lessThan<T: Comparable>(_ value: T) -> Matcher<T> {
    Matcher("lessThan(\(ValueFormatter.describeSwiftValue(value)))") { $0 < value }
}

// MARK: Anything, with its type spelled

/// Matches any value of type `type`: `any()` for where Swift cannot infer the type, such as
/// an argument of a generic member.
///
/// ```swift
/// verify(cache.$store(any(of: Album.self)))   // func store<Value>(_ value: Value)
/// ```
public func any<T>(
    of type: T.Type, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(any(of: type) as Matcher<T>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of any value of type `type`, shown as `any(of: Album)`.
public func any<T>(of type: T.Type) -> Matcher<T> {
    Matcher(test: .any, description: "any(of: \(TypeMetadata.name(of: T.self)))")
}
