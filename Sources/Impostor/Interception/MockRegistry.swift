import Synchronization

/// Finds the interceptor behind a function pointer, for `invocations(of:)` and verification.
///
/// Keyed by code address; addresses are never reused because trampolines are never freed.
enum MockRegistry {
    private static let interceptors = Mutex<[UInt: Interceptor]>([:])

    static func register(_ trampoline: Trampoline) {
        interceptors.withLock { $0[UInt(bitPattern: trampoline.code)] = trampoline.interceptor }
    }

    /// The interceptor of a mock function pointer, or nil when `function` is not a mock.
    static func interceptor<F>(of function: F) -> Interceptor? {
        guard let address = Trampoline.address(of: function) else { return nil }
        return interceptors.withLock { $0[address] }
    }
}
