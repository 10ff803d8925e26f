// Matchers that look through pointer arguments. They read memory at call time, on the calling
// thread, while the caller's buffers are alive; `cString` in a verify reads the snapshot every
// `const char *` argument gets when the call is recorded.

/// Matches a `const char *` argument whose text is `text`.
///
/// ```swift
/// stub(log(cString("ready"))).with { }
/// ```
public func cString(
    _ text: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafePointer<CChar>? {
    record(cStringMatcher(equalTo: text), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Matches a `const char *` argument whose text satisfies `matcher`.
///
/// ```swift
/// stub(log(cString(Matcher("a warning") { $0.hasPrefix("warning:") }))).with { }
/// ```
public func cString(
    _ matcher: Matcher<String>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafePointer<CChar>? {
    let pointerMatcher = Matcher<UnsafePointer<CChar>?>(
        test: .slot { slot in slot.cString().map(matcher.matches) ?? false }, description: "cString(\(matcher))")
    return record(pointerMatcher, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

func cStringMatcher(equalTo text: String, describedAs description: String? = nil) -> Matcher<UnsafePointer<CChar>?> {
    Matcher(test: .slot { $0.cString() == text }, description: description ?? "cString(\(ValueFormatter.quoted(text)))")
}

/// Matches a pointer argument whose pointee satisfies `matcher`, read at call time.
///
/// ```swift
/// stub(area(pointee(eq(Point(x: 1, y: 2))))).with { 0 }
/// ```
public func pointee<P>(
    _ matcher: Matcher<P>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafePointer<P>? {
    record(pointeeMatcher(matcher), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Matches a mutable pointer argument whose pointee satisfies `matcher`, read at call time.
public func pointee<P>(
    _ matcher: Matcher<P>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafeMutablePointer<P>? {
    record(pointeeMatcher(matcher), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func pointeeMatcher<P, Pointer>(_ matcher: Matcher<P>) -> Matcher<Pointer> {
    Matcher(test: .slot { slot in slot.pointee(as: P.self).map(matcher.matches) ?? false }, description: "pointee(\(matcher))")
}

/// Matches a pointer argument to memory that starts with `expected`, read at call time.
///
/// ```swift
/// stub(write(bytes([0xCA, 0xFE]), 2)).with { 2 }
/// ```
public func bytes<Pointer>(
    _ expected: [UInt8],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Pointer {
    let text = expected.map { Hex.byte($0) }.joined(separator: " ")
    let matcher = Matcher<Pointer>(
        test: .slot { $0.pointedBytes(count: expected.count) == expected }, description: "bytes([\(text)])")
    return record(matcher, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// `eq("text")` for a `const char *` argument: the same as `cString("text")`,
/// compared by text (the pointer Swift makes for a string is a temporary).
public func eq(
    _ text: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafePointer<CChar>? {
    cString(text, fileID: fileID, filePath: filePath, line: line, column: column)
}
