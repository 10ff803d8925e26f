/// The real function behind a mock made by ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``:
/// calling it skips the mock.
///
/// ```swift
/// let getenvMock = interpose("getenv", as: GetEnv.self)
/// let realHome = original(of: getenvMock)("HOME")
/// ```
///
/// For a mock that was not made by `interpose`, reports a failure at this line and returns
/// the mock itself.
public func original<F>(
    of mock: F, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    guard let face = MockRegistry.interceptor(of: mock)?.face as? InterposedSymbolFace, face.original != 0 else {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let name = MockRegistry.interceptor(of: mock)?.name ?? "\(F.self)"
        FailureReporter.report(ImpostorFailure(message: FailureMessages.originalOfOrdinaryMock(name), site: site))
        return mock
    }
    // Sound: `mock` is a C function pointer (the registry knows it), one word, and the
    // original has the same C type.
    return unsafeBitCast(face.original, to: F.self)
}
