import Synchronization

/// Finds the interceptor behind a function pointer, for `invocations(of:)` and verification.
///
/// Keyed by code address; addresses are never reused because trampolines are never freed.
/// The registry is also what keeps every trampoline (and so every interceptor and tombstone)
/// alive and reachable for the life of the process: libffi's closures and the static
/// trampolines' data pages point at them from memory that leak checkers do not scan.
enum MockRegistry {
    private static let trampolines = Locked<[UInt: Trampoline]>([:])

    static func register(_ trampoline: Trampoline) {
        trampolines.withLock { $0[UInt(bitPattern: trampoline.code)] = trampoline }
    }

    /// The interceptor of a mock function pointer, or nil when `function` is not a mock.
    static func interceptor<F>(of function: F) -> Interceptor? {
        guard let address = Trampoline.address(of: function) else { return nil }
        return trampolines.withLock { $0[address]?.interceptor }
    }

    /// The mock behind `value` taken whole: a Swift mock object's core (with the members it
    /// has stubbed but not called yet found in its properties), a function pointer's
    /// interceptor, or nil when `value` is not a mock.
    static func wholeMock<Value>(of value: Value) -> (any WholeMock)? {
        if let swiftMock = value as? any Mocking {
            ReferenceDiscovery.adoptReferences(of: swiftMock)
            return swiftMock.mockCore
        }
        return interceptor(of: value)
    }
}
