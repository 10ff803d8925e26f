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
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return record(has(keyPath, matcher, fileID: fileID, filePath: filePath, line: line, column: column) as Matcher<Root>, site)
}

/// A matcher of values whose property at `keyPath` satisfies `matcher`, shown as
/// `has(\Album.id, eq(5))`.
///
/// Messages show the path as written, with its root type: `has(\.title.count, gt(3))` on an
/// `Album` shows as `has(\Album.title.count, gt(3))`. Swift names stored properties itself;
/// computed properties and subscripts have no name at run time, so their spelling is read from
/// this call's line in the test's source file (`#filePath`, `#line`, `#column`). When that file
/// cannot be read, they show as `<computed Int>`.
public func has<Root, Value>(
    _ keyPath: KeyPath<Root, Value>, _ matcher: Matcher<Value>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Matcher<Root> {
    let described = ValueFormatter.withoutModuleNames(String(describing: keyPath), of: [Root.self])
    let path = KeyPathText.describe(
        described, rootName: TypeMetadata.name(of: Root.self),
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return Matcher("has(\(path), \(matcher))") { matcher.matches($0[keyPath: keyPath]) }
}
