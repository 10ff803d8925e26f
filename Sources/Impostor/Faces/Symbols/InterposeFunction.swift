/// Rebinds the C function `function` (a function imported from C, as its `@convention(c)`
/// type) to a new mock in ``Mockery/current``, until that Mockery is released: the typed form
/// of ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``, which takes the
/// function's address from the declaration and finds its name for messages.
///
/// ```swift
/// let parseHeader = interpose(parse_header as ParseHeader)
/// ```
///
/// A function with no name in any symbol table (a pointer made at run time) is reported at this
/// line, and the mock returned receives no calls.
public func interpose<F: BitwiseCopyable>(
    _ function: F, in scope: InterpositionScope = .allObjects, answering callers: InterposedCallers = .thisTest,
    capturing: [Int: PointerCapture] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    Mockery.current.interpose(
        function, in: scope, answering: callers, capturing: capturing, fileID: fileID, filePath: filePath, line: line,
        column: column)
}

extension Mockery {
    /// Rebinds the C function `function` to a new mock owned by this Mockery; see
    /// ``interpose(_:in:answering:capturing:fileID:filePath:line:column:)``.
    public func interpose<F: BitwiseCopyable>(
        _ function: F, in scope: InterpositionScope = .allObjects, answering callers: InterposedCallers = .thisTest,
        capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> F {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let address = Trampoline.address(of: function), address != 0 else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.interposeNotAFunction("\(F.self)"), site: site))
            return FailedMock.value(of: F.self, named: "\(F.self)", site: site)
        }
        // While the function is interposed (by this test or one running beside it), the address
        // Swift read is the GOT slot's: Impostor's dispatcher, which names its symbol.
        guard let name = InterpositionRegistry.symbolName(atDispatcher: address) ?? EntryCode.name(of: address) else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.interposeNameless(address: address), site: site))
            return (try? create(F.self, named: "0x\(String(address, radix: 16))", capturing: [:], site: site).mock)
                ?? FailedMock.value(of: F.self, named: "\(F.self)", site: site)
        }
        return interpose(name, as: F.self, in: scope, answering: callers, capturing: capturing, fileID: fileID,
                         filePath: filePath, line: line, column: column)
    }
}
