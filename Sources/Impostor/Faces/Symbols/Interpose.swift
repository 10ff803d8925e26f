/// Rebinds the C symbol `symbol` in loaded objects to a new mock of `F` in ``Mockery/current``,
/// until that Mockery is released.
///
/// Code that calls a C function by name (`getenv`, `time`, `fdatasync`) goes through a GOT
/// slot when the function lives in another object; Impostor points those slots at a
/// dispatcher that sends the calls to the mock. Calls no slot carries (a function of your own
/// C target called directly, a library calling its own function, a `static` function) are
/// reached by patching the function's entry with a jump to the same dispatcher on x86-64;
/// ``interpositionMethod(of:)`` says which way was taken. The mock is an ordinary one:
///
/// ```swift
/// typealias GetEnv = @convention(c) (UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
///
/// @Test(.mockery) func readsTheHome() {
///     let getenvMock = interpose("getenv", as: GetEnv.self)
///     stub(getenvMock(any())).callingOriginal()
///     stub(getenvMock("HOME")).with { strdup("/tmp/home") }
///     #expect(String(cString: getenv("HOME")) == "/tmp/home")
///     verify(getenvMock("HOME"))
/// }
/// ```
///
/// An unstubbed call returns zero like any mock's; `callingOriginal()` passes calls on to the
/// real function, and ``original(of:fileID:filePath:line:column:)`` is that function.
///
/// - Parameters:
///   - symbol: the name as it appears in the objects' dynamic symbol tables (`open64`, not
///     `open`, where the headers renamed it: the failure says which name exists), or, for a
///     static function, in an object's symbol table (`"parser.c:parse_header"` when two source
///     files define one of that name).
///   - type: the symbol's C function type, `@convention(c)`.
///   - scope: whose calls are rebound: every loaded object (and those loaded later), the main
///     executable, the shared libraries, or one library by name (`in: "libsqlite3"`).
///   - callers: by default only calls made by this test answer from the mock, so tests running
///     in parallel still reach the real function; see ``InterposedCallers``.
///   - capturing: what to copy from pointer arguments when a call arrives, by parameter
///     position from 0, as for ``mockFunction(of:named:capturing:fileID:filePath:line:column:)-4r3mp``
///     (`[2: .cString]` for a format string followed by an `int`). A declaration that does not
///     fit is reported, and nothing is rebound.
///   - fileID: where failures are reported; leave the default.
///   - filePath: where failures are reported; leave the default.
///   - line: where failures are reported; leave the default.
///   - column: where failures are reported; leave the default.
///
/// While the mock answers a call, that thread's calls of the symbol by name (a stub calling
/// `getenv`) reach the real function, never the mock again.
///
/// When nothing can be rebound (no function of that name anywhere, a renamed import, a
/// sanitizer's interceptor, a refused `mprotect`, an entry too short to patch, a processor
/// other than x86-64 and arm64, which rebinding is not built for), the failure says why at this line and the
/// mock returned receives no calls; ``Mockery/makeInterposition(_:as:in:answering:capturing:fileID:filePath:line:column:)``
/// throws instead.
public func interpose<F: BitwiseCopyable>(
    _ symbol: String, as type: F.Type = F.self, in scope: InterpositionScope = .allObjects,
    answering callers: InterposedCallers = .thisTest, capturing: [Int: PointerCapture] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> F {
    Mockery.current.interpose(
        symbol, as: type, in: scope, answering: callers, capturing: capturing, fileID: fileID, filePath: filePath, line: line,
        column: column)
}

extension Mockery {
    /// Rebinds the C symbol `symbol` to a new mock of `F` owned by this Mockery; see
    /// ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``.
    ///
    /// A failure is reported at the calling line; the value returned is then a mock that
    /// receives no calls (or, when `F` cannot be mocked at all, a placeholder).
    public func interpose<F: BitwiseCopyable>(
        _ symbol: String, as type: F.Type = F.self, in scope: InterpositionScope = .allObjects,
        answering callers: InterposedCallers = .thisTest, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> F {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return interposeReportingFailure(symbol, as: type, in: scope, answering: callers, capturing: capturing, site: site)
    }

    /// `interposition`, its failure reported at `site`: the mock returned then receives no calls
    /// (one of fixed arguments keeps the real function as its original; a va_list form has none
    /// it could call), or, when `F` cannot be mocked at all, is a placeholder.
    func interposeReportingFailure<F>(
        _ symbol: String, as type: F.Type, in scope: InterpositionScope, answering callers: InterposedCallers,
        capturing: [Int: PointerCapture], site: SourceSite, variadic: Bool = false
    ) -> F {
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        do {
            return try interposition(symbol, as: type, in: scope, answering: callers, capturing: capturing, site: site, variadic: variadic)
        } catch {
            FailureReporter.report(ImpostorFailure(message: error.description, site: site))
            let original = variadic ? 0 : LoadedObjects.defaultDefinition(of: symbol).map { UInt(bitPattern: $0) } ?? 0
            // A refused interposition's mock stands for the real function (`callingOriginal()`,
            // `original(of:)`), with no dispatcher.
            let face = InterposedSymbolFace(original: original, dispatcherIndex: -1)
            if let mock = try? create(type, named: symbol, capturing: [:], site: site, face: face).mock { return mock }
            return FailedMock.value(of: type, named: symbol, site: site)
        }
    }

    /// Rebinds the C symbol `symbol` to a new mock of `F` owned by this Mockery, throwing when
    /// no call can be rebound; see ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``.
    ///
    /// Warnings about an interposition that stands (a sanitizer leaving only libraries' calls
    /// rebound, a canonical PLT entry) are reported as failures at this line, not thrown.
    ///
    /// - Throws: ``InterpositionError`` saying what was found, why, and what to do.
    public func makeInterposition<F: BitwiseCopyable>(
        _ symbol: String, as type: F.Type = F.self, in scope: InterpositionScope = .allObjects,
        answering callers: InterposedCallers = .thisTest, capturing: [Int: PointerCapture] = [:],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(InterpositionError) -> F {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return try interposition(symbol, as: type, in: scope, answering: callers, capturing: capturing, site: site)
    }

    func interposition<F>(
        _ symbol: String, as type: F.Type, in scope: InterpositionScope, answering callers: InterposedCallers,
        capturing: [Int: PointerCapture], site: SourceSite, variadic: Bool = false
    ) throws(InterpositionError) -> F {
        if let unsupported = Self.architectureProblem(symbol) { throw unsupported }
        if let problem = Self.captureProblem(capturing, for: F.self, mock: symbol) {
            throw InterpositionError(.cannotMock(symbol: symbol, problem))
        }
        var form: VariadicForm?
        if variadic {
            form = try VariadicForm.of(TypeMetadata.wrappedType(ofOptional: F.self) ?? F.self, symbol: symbol).get()
            #if !arch(x86_64)
            throw InterpositionError(.variadicUnavailable(symbol: symbol, architecture: MachineArchitecture.name))
            #endif
        }
        var mock: F?
        let callsToOriginal = callers == .thisTest || scope != .allObjects ? CallsToOriginal(scope: scope) : nil
        let outcome = InterpositionRegistry.install(
            symbol, scope: scope, callers: callers, owner: standIn ?? TestIdentity.current ?? pendingFailures.owner, site: site,
            pendingFailures: pendingFailures, callsToOriginal: callsToOriginal, variadic: form
        ) { original, dispatcherIndex throws(MockCreationError) in
            let made = try create(
                type, named: symbol, capturing: capturing, site: site,
                face: InterposedSymbolFace(original: original, dispatcherIndex: dispatcherIndex, callsToOriginal: callsToOriginal)
            ).mock
            mock = made
            return Trampoline.address(of: made) ?? 0
        }
        switch outcome {
        case .failure(let error):
            throw error
        case .success(let (layer, warnings)):
            interpositions.append(layer)
            for warning in warnings { FailureReporter.report(ImpostorFailure(message: warning.description, site: site)) }
            return mock!
        }
    }

    /// Why nothing can be rebound in this build at all: CImpostorInterpose's dispatchers are
    /// written for x86-64 and arm64 only, so elsewhere every `interpose` fails at its line
    /// before any slot or dispatcher is touched.
    private static func architectureProblem(_ symbol: String) -> InterpositionError? {
        #if !(arch(x86_64) || arch(arm64))
        return InterpositionError(.unsupportedArchitecture(symbol: symbol, architecture: MachineArchitecture.name))
        #else
        return nil
        #endif
    }

    /// Why `capturing` does not fit `F`, or `F` cannot be mocked at all; checked before any
    /// slot is touched, so a wrong declaration rebinds nothing.
    private static func captureProblem<F>(_ capturing: [Int: PointerCapture], for type: F.Type, mock: String) -> MockCreationError? {
        guard !capturing.isEmpty else { return nil }
        do throws(MockCreationError) {
            let signature = try SignatureCache.signature(of: TypeMetadata.wrappedType(ofOptional: F.self) ?? F.self)
            guard let problem = CapturePlan.declared(capturing, over: signature.parameters).problems.first else { return nil }
            return MockCreationError(.invalidCapture(function: signature.typeName, mock: mock, problem: problem))
        } catch {
            return error
        }
    }
}
