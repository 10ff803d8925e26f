/// Creates a mock of a C function pointer type in ``Mockery/current``.
///
/// `F` is any `@convention(c)` function type, or an Optional of one (the type Swift gives
/// function pointer fields of C structs, such as vtables):
///
/// ```swift
/// let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
/// let onEvent: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = mockFunction(named: "onEvent")
/// var ops = file_ops()
/// ops.read = mockFunction(named: "read")
/// let write: @convention(c) (Int32, UnsafeRawPointer?, Int32) -> Int32 = mockFunction(named: "write", capturing: [1: .buffer(count: 2)])
/// ```
///
/// Every call through the returned pointer, from Swift or from C on any thread, is recorded
/// (see ``invocations(of:fileID:filePath:line:column:)``) and returns the zero value of the
/// return type until stubbed. What a pointer argument points to is copied at call time as
/// ``PointerCapture`` describes; `capturing` declares it, by parameter position from 0, where
/// the defaults do not fit.
///
/// A type that cannot pass through libffi (a packed struct with a misaligned field, say) is
/// reported as a failure at this line, naming the type and its parameter position; see
/// ``Mockery/mock(of:named:capturing:fileID:filePath:line:column:)-86jpo`` for what is returned
/// then, and ``Mockery/makeMock(of:named:capturing:fileID:filePath:line:column:)`` for a
/// throwing form.
///
/// C function pointers are `BitwiseCopyable`; other types (`String`, Swift closures) go to the
/// overloads that report them.
public func mockFunction<F: BitwiseCopyable>(
    of type: F.Type = F.self, named name: String, capturing: [Int: PointerCapture] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    Mockery.current.mock(of: type, named: name, capturing: capturing, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports that a type which is not a C function pointer cannot be mocked, at this line.
///
/// Chosen for types that are not `BitwiseCopyable` (`String`, a class, an Optional Swift
/// closure) and that no other overload takes. What it returns is described at
/// ``Mockery/mock(of:named:capturing:fileID:filePath:line:column:)-5mtz2``.
@_disfavoredOverload
public func mockFunction<F>(
    of type: F.Type = F.self, named name: String, capturing: [Int: PointerCapture] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    Mockery.current.mock(of: type, named: name, capturing: capturing, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The calls a mock received, oldest first.
///
/// Each ``Invocation`` holds the arguments as they were at call time (C strings included),
/// the value returned, the calling thread and a global ordering stamp. Passing a function
/// pointer that is not a mock reports a failure at this line and returns no calls.
public func invocations<F>(
    of mock: F,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> [Invocation] {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    MatcherRecorder.reportLeftovers()
    guard let interceptor = MockRegistry.interceptor(of: mock) else {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.notAMock("\(F.self)"), site: site))
        return []
    }
    FailureReporter.flush(interceptor.pendingFailures)
    FailureReporter.flush(.global)
    if interceptor.isReleased {
        FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(interceptor.name), site: site))
        return []
    }
    return interceptor.invocations()
}
