// Mocka's spellings, as thin aliases of the generic matchers, so Mocka users feel at home.

/// Mocka's `anyInt()`: any integer argument (`any()`).
public func anyInt<T: FixedWidthInteger>(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    any(fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `anyFloat()`: any `float` argument.
public func anyFloat(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Float {
    any(fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `anyDouble()`: any `double` argument.
public func anyDouble(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Double {
    any(fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `anyBool()`: any `bool` argument.
public func anyBool(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Bool {
    any(fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `anyPointer()`: any pointer argument, NULL included.
public func anyPointer<T>(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    any(fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `anyStruct(Type)`: any struct argument of type `type`.
public func anyStruct<T>(
    _ type: T.Type, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    any(fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `intArg(v)`: an integer argument equal to `value` (`eq(value)`).
public func intArg<T: FixedWidthInteger>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    record(Matcher(test: .value { $0 == value }, description: "intArg(\(value))", literal: LiteralValue(value)),
           SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Mocka's `structArg(v)`: a struct argument equal to `value` field by field.
public func structArg<T>(
    _ value: T, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    eq(value, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Mocka's `intMatching { }`: an integer argument for which `predicate` returns true.
public func intMatching<T: FixedWidthInteger>(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ predicate: @escaping (T) -> Bool
) -> T {
    record(Matcher("intMatching { … }", predicate), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Mocka's `structMatching(Type) { }`: a struct argument for which `predicate` returns true.
public func structMatching<T>(
    _ type: T.Type,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ predicate: @escaping (T) -> Bool
) -> T {
    record(Matcher("structMatching(\(TypeMetadata.name(of: T.self))) { … }", predicate),
           SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Mocka's `intThat(m)`: an integer argument accepted by `matcher`.
public func intThat<T: FixedWidthInteger>(
    _ matcher: Matcher<T>, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    that(matcher, fileID: fileID, filePath: filePath, line: line, column: column)
}
