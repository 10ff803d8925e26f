/// Rebinds the variadic C symbol `symbol` to a new mock of its va_list form `F`, in
/// ``Mockery/current``, until that Mockery is released.
///
/// `F` declares the fixed arguments, then the va_list for the variable ones as an
/// `OpaquePointer?`, as the function's `v` sibling has them (`snprintf` as `vsnprintf`; Swift
/// cannot put `CVaListPointer` in a `@convention(c)` type). Each call arrives with a va_list
/// built from the caller's registers and stack, which a stub block hands on with ``vaList(_:)``:
///
/// ```swift
/// typealias VSNPrintf = @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, OpaquePointer?) -> Int32
///
/// let snprintfMock = interpose("snprintf", asVariadic: VSNPrintf.self)
/// stub(snprintfMock(any(), any(), any(), any())).with { (buffer: UnsafeMutablePointer<CChar>?, size: Int, _: UnsafePointer<CChar>?, arguments: OpaquePointer?) in
///     vsnprintf(buffer, size, "[%d %.1f %s]", vaList(arguments))
/// }
/// verify(snprintfMock(any(), 32, cString("%d %.1f %s"), any()))
/// ```
///
/// Stubs, verification and captures work on the fixed arguments; the va_list is valid only
/// while the call is answered. `callingOriginal()` passes the call on untouched: the real
/// function gets the caller's registers and stack as they were, and its result goes to the
/// caller. Everything else is as for ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``
/// (GOT slots or the function's patched entry, scopes, whose calls are answered).
///
/// The fixed arguments must be integers, pointers, `float` or `double`: at most five of the
/// first kinds (the va_list's address goes in the register after them) and eight of the others.
/// Built for x86-64; elsewhere the failure says so at this line.
public func interpose<F: BitwiseCopyable>(
    _ symbol: String, asVariadic type: F.Type, in scope: InterpositionScope = .allObjects,
    answering callers: InterposedCallers = .thisTest, capturing: [Int: PointerCapture] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    Mockery.current.interpose(
        symbol, asVariadic: type, in: scope, answering: callers, capturing: capturing, fileID: fileID, filePath: filePath,
        line: line, column: column)
}

extension Mockery {
    /// Rebinds the variadic C symbol `symbol` to a new mock of its va_list form `F` owned by this
    /// Mockery; see ``interpose(_:asVariadic:in:answering:capturing:fileID:filePath:line:column:)``.
    ///
    /// A failure is reported at the calling line; the value returned is then a mock that
    /// receives no calls.
    public func interpose<F: BitwiseCopyable>(
        _ symbol: String, asVariadic type: F.Type, in scope: InterpositionScope = .allObjects,
        answering callers: InterposedCallers = .thisTest, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> F {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return interposeReportingFailure(
            symbol, as: type, in: scope, answering: callers, capturing: capturing, site: site, variadic: true)
    }

    /// Rebinds the variadic C symbol `symbol` to a new mock of its va_list form `F`, throwing
    /// when it cannot; see ``interpose(_:asVariadic:in:answering:capturing:fileID:filePath:line:column:)``.
    ///
    /// - Throws: ``InterpositionError`` saying what was found, why, and what to do.
    public func makeInterposition<F: BitwiseCopyable>(
        _ symbol: String, asVariadic type: F.Type, in scope: InterpositionScope = .allObjects,
        answering callers: InterposedCallers = .thisTest, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(InterpositionError) -> F {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return try interposition(symbol, as: type, in: scope, answering: callers, capturing: capturing, site: site, variadic: true)
    }
}
