/// A mock of a variadic C function pointer, such as a logging hook a struct holds
/// (`int (*log)(const char *format, ...)`), which Swift imports as `OpaquePointer?`: hand C the
/// `pointer`, and stub and verify `mock`, a mock of the function's va_list form (see
/// ``interpose(_:asVariadic:in:answering:capturing:fileID:filePath:line:column:)``).
///
/// ```swift
/// let log = mockery.mockVariadicFunction(of: VLog.self, named: "log")
/// var hooks = ct_hooks(log: log.pointer)
/// stub(log.mock(any(), any())).with { (format: UnsafePointer<CChar>?, arguments: OpaquePointer?) -> Int32 in
///     vsnprintf(&line, line.count, format, vaList(arguments))
/// }
/// ```
///
/// Every call through the pointer reaches the mock, from any thread; once the Mockery is
/// released, calls return 0. Each such mock holds one of the process's 256 dispatchers for good.
public struct VariadicFunctionMock<F>: @unchecked Sendable {
    // @unchecked: F is a C function pointer type (checked when made), one immutable word.
    /// The function pointer to hand to C code.
    public let pointer: OpaquePointer
    /// The mock of the function's va_list form, for stubs and verification.
    public let mock: F
}

extension Mockery {
    /// Makes a mock of a variadic C function pointer owned by this Mockery; see
    /// ``VariadicFunctionMock``.
    ///
    /// - Parameters:
    ///   - type: the function's va_list form: the fixed arguments, then the va_list's address as
    ///     an `OpaquePointer?`.
    ///   - name: the name failures and call listings give the mock.
    ///   - capturing: what to copy from the fixed pointer arguments, by position from 0.
    ///   - fileID: where failures are reported; leave the default.
    ///   - filePath: where failures are reported; leave the default.
    ///   - line: where failures are reported; leave the default.
    ///   - column: where failures are reported; leave the default.
    ///
    /// A type that is no va_list form, or a machine other than x86-64, is reported at this line;
    /// the pointer then returns 0 to every call.
    public func mockVariadicFunction<F: BitwiseCopyable>(
        of type: F.Type, named name: String, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> VariadicFunctionMock<F> {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        let zero = OpaquePointer(bitPattern: GOT.noOriginal)!
        do throws(InterpositionError) {
            let form = try VariadicForm.of(TypeMetadata.wrappedType(ofOptional: F.self) ?? F.self, symbol: name).get()
            #if !arch(x86_64)
            throw InterpositionError(.variadicUnavailable(symbol: name, architecture: MachineArchitecture.name))
            #else
            var mock: F?
            let made = InterpositionRegistry.variadicPointer(named: name, form: form, site: site, pendingFailures: pendingFailures) {
                dispatcherIndex throws(MockCreationError) in
                let created = try create(
                    type, named: name, capturing: capturing, site: site,
                    face: InterposedSymbolFace(original: 0, dispatcherIndex: dispatcherIndex)).mock
                mock = created
                return Trampoline.address(of: created) ?? 0
            }
            let (layer, pointer) = try made.get()
            interpositions.append(layer)
            return VariadicFunctionMock(pointer: OpaquePointer(bitPattern: pointer)!, mock: mock!)
            #endif
        } catch {
            FailureReporter.report(ImpostorFailure(message: error.description, site: site))
            let mock = (try? create(type, named: name, capturing: [:], site: site).mock) ?? FailedMock.value(of: type, named: name, site: site)
            return VariadicFunctionMock(pointer: zero, mock: mock)
        }
    }
}
