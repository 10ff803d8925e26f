/// What `mockFunction` returns after it reported that a type cannot be mocked, so the test
/// goes on to report its other failures instead of crashing.
enum FailedMock {
    /// A function pointer that reports each call and returns zero, when `F` is a C function
    /// type (or an Optional of one); the zero bits of `F` otherwise (`nil` for an Optional
    /// Swift closure). Stops the process for a Swift closure type: its zero bits are a closure
    /// that crashes whoever calls it. (The common closure types never get here: overloads of
    /// `mockFunction` hand out a closure that reports, see `FailedClosureMock`.)
    static func value<F>(of type: F.Type, named name: String, site: SourceSite) -> F {
        if TypeMetadata.isFunctionPointer(F.self), let code = deadClosure(named: name, site: site) {
            // Sound: F is a C function pointer (or an Optional of one), one word.
            return unsafeBitCast(code, to: F.self)
        }
        if TypeMetadata.kind(of: F.self) == .function {
            FailedClosureMock.stop(FailureMessages.noPlaceholderForSwiftClosure(name, type: TypeMetadata.name(of: F.self)), site: site)
        }
        return withUnsafeTemporaryAllocation(byteCount: max(MemoryLayout<F>.size, 1), alignment: MemoryLayout<F>.alignment) { buffer in
            // Sound for every trivial type. For other types (a Swift class or closure) the
            // value is invalid, which the creation failure already reported says.
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            return buffer.baseAddress!.load(as: F.self)
        }
    }

    /// The call interface `uint64_t (void)`: C callers may pass any arguments (the caller
    /// cleans up on x86-64), and an integer or pointer result reads as zero.
    // nonisolated(unsafe): written once by the lazy initializer (which Swift runs exactly
    // once, thread-safely), then only read by libffi.
    private nonisolated(unsafe) static let cif: UnsafeMutablePointer<FFICallInterface>? =
        try? LibFFI.callInterface(result: LibFFI.uint64(), arguments: []).get()

    /// Every failed mock's target, kept reachable for the life of the process.
    private static let targets = Locked<[Target]>([])

    private final class Target: Sendable {
        let name: String
        let site: SourceSite
        init(name: String, site: SourceSite) { self.name = name; self.site = site }
    }

    private static func deadClosure(named name: String, site: SourceSite) -> UnsafeMutableRawPointer? {
        guard let cif else { return nil }
        // Sound: kept forever in `targets`, like every trampoline in the registry.
        let kept = Target(name: name, site: site)
        targets.withLock { $0.append(kept) }
        return EntryPoints.closure(cif, handler: failedMockHandler, userData: Unmanaged.passUnretained(kept).toOpaque())
    }

    private static let failedMockHandler: EntryPoints.CallHandler = { _, result, _, userData in
        let target = Unmanaged<Target>.fromOpaque(userData!).takeUnretainedValue()
        FailureReporter.report(ImpostorFailure(message: FailureMessages.callToFailedMock(target.name), site: target.site))
        // Sound: the cif returns uint64, so libffi's result buffer holds 8 bytes.
        result?.storeBytes(of: 0, as: UInt64.self)
    }
}
