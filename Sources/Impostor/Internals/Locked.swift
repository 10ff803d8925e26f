import CImpostor

/// A value that threads share, guarded by a pthread mutex.
///
/// Used instead of Swift's `Mutex` everywhere in Impostor: ThreadSanitizer cannot see the
/// futex-based `Mutex` synchronize and reported races on every value it guarded, and `Mutex`
/// spun when threads outnumbered cores (8 threads calling one mock on 2 cores ran ~100×
/// slower). Visible to the package so that ImpostorXCTest guards its state the same way.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched between acquire and release of `lock`.
    private let lock: OpaquePointer
    // Unchecked exclusivity: every access is serialized by `lock` already, and the dynamic
    // check cost a third of recording a call.
    @exclusivity(unchecked) private var value: Value

    package init(_ value: Value) {
        guard let lock = impostor_lock_create() else { fatalError("Impostor: out of memory creating a lock") }
        self.lock = lock
        self.value = value
    }

    deinit { impostor_lock_destroy(lock) }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        impostor_lock_acquire(lock)
        defer { impostor_lock_release(lock) }
        return try body(&value)
    }
}

/// A bare lock for state that inlinable code touches: the mock's module, which specializes
/// that code, sees Impostor's Swift declarations but not its C modules, so the C calls stay
/// behind these two non-inlined methods. The caller pairs every `acquire` with a `release`.
@usableFromInline
final class RawLock: @unchecked Sendable {
    // @unchecked: the handle is immutable; the C lock serializes its holders.
    private let lock: OpaquePointer

    @usableFromInline init() {
        guard let lock = impostor_lock_create() else { fatalError("Impostor: out of memory creating a lock") }
        self.lock = lock
    }

    deinit { impostor_lock_destroy(lock) }

    @usableFromInline func acquire() { impostor_lock_acquire(lock) }
    @usableFromInline func release() { impostor_lock_release(lock) }
}
