// Matching a value by one of its properties: the way to match Swift values that are not
// Equatable, or to check only what a test cares about.

/// Matches arguments whose property at `keyPath` satisfies `matcher`.
///
/// Works for any argument type, `Equatable` or not, and composes with `&&` to check several
/// properties:
///
/// ```swift
/// verify(albums.$save(has(\.id, eq(5))))
/// verify(albums.$save(that(has(\Album.id, eq(5)) && has(\.title, eq("Blue")))))
/// ```
public func has<Root, Value>(
    _ keyPath: KeyPath<Root, Value>, _ matcher: Matcher<Value>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Root {
    record(has(keyPath, matcher) as Matcher<Root>, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A matcher of values whose property at `keyPath` satisfies `matcher`, shown as
/// `has(\Album.id, eq(5))`.
public func has<Root, Value>(_ keyPath: KeyPath<Root, Value>, _ matcher: Matcher<Value>) -> Matcher<Root> {
    let path = ValueFormatter.withoutModuleNames(String(describing: keyPath), of: [Root.self])
    return Matcher("has(\(path), \(matcher))") { matcher.matches($0[keyPath: keyPath]) }
}
