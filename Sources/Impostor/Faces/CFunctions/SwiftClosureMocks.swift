// Swift closure types cannot be mocked: only C function pointers pass through libffi. These
// overloads report that at the line that asked, as the others do, and hand out a closure that
// can be called safely: each call reports and returns a default value.

/// Reports that a Swift closure type cannot be mocked, at this line, and returns a closure
/// that reports each call and returns a default value.
///
/// Impostor mocks C function pointers. This overload is chosen when the type asked for is a
/// Swift function type, so that the mistake is a located failure rather than a crash:
///
/// ```swift
/// let callback: (Int32) -> Int32 = mockFunction(named: "callback")   // reported here
/// callback(1)   // reported again, returns 0
/// ```
///
/// The closure returns `nil` for an Optional result, the zero value of a plain-data result
/// (numbers, `Bool`, C structs, `Void`), and an empty string, array or dictionary. For any
/// other result type no value can be made up, so a call stops the test process with a message
/// naming the mock. Throwing and `@Sendable` closure types take this overload too; see
/// ``Mockery/mock(of:named:capturing:fileID:filePath:line:column:)-5mtz2`` for those that do not.
@_disfavoredOverload
public func mockFunction<each Argument, Result>(
    of type: ((repeat each Argument) -> Result).Type = ((repeat each Argument) -> Result).self, named name: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> @Sendable (repeat each Argument) -> Result {
    Mockery.current.mock(of: type, named: name, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports that an `async` Swift closure type cannot be mocked, at this line, and returns a
/// closure that reports each call and returns a default value.
///
/// The `async` form of ``mockFunction(of:named:fileID:filePath:line:column:)-89gdd``.
@_disfavoredOverload
public func mockFunction<each Argument, Result>(
    of type: ((repeat each Argument) async -> Result).Type = ((repeat each Argument) async -> Result).self,
    named name: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> @Sendable (repeat each Argument) async -> Result {
    Mockery.current.mock(of: type, named: name, fileID: fileID, filePath: filePath, line: line, column: column)
}

extension Mockery {
    /// Reports that a Swift closure type cannot be mocked, at the calling line, and returns a
    /// closure that reports each call and returns a default value.
    ///
    /// See ``mockFunction(of:named:fileID:filePath:line:column:)-89gdd`` for the default values.
    @_disfavoredOverload
    public func mock<each Argument, Result>(
        of type: ((repeat each Argument) -> Result).Type = ((repeat each Argument) -> Result).self, named name: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) -> Result {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        reportSwiftClosure(type, site: site)
        return { (_: repeat each Argument) -> Result in FailedClosureMock.answer(Result.self, mock: name, site: site) }
    }

    /// Reports that an `async` Swift closure type cannot be mocked, at the calling line, and
    /// returns a closure that reports each call and returns a default value.
    @_disfavoredOverload
    public func mock<each Argument, Result>(
        of type: ((repeat each Argument) async -> Result).Type = ((repeat each Argument) async -> Result).self,
        named name: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) async -> Result {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        reportSwiftClosure(type, site: site)
        return { (_: repeat each Argument) async -> Result in FailedClosureMock.answer(Result.self, mock: name, site: site) }
    }

    /// Reports, at `site`, why `type` cannot be mocked (the same text any other entry point gives).
    private func reportSwiftClosure<F>(_ type: F.Type, site: SourceSite) {
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        FailureReporter.flush(.global)
        do {
            _ = try SignatureCache.signature(of: F.self)
        } catch {
            FailureReporter.report(ImpostorFailure(message: error.description, site: site))
        }
    }
}
