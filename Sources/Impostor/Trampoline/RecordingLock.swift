#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock a mock holds while it appends one call record.
///
/// A `pthread_mutex_t` rather than Swift's `Mutex`: with more calling threads than cores,
/// `Mutex` spun while the holder was descheduled and 8 threads calling one mock on 2 cores
/// ran about 100 times slower; the pthread mutex sleeps in the kernel instead.
final class RecordingLock: @unchecked Sendable {
    // @unchecked: the mutex is only used through pthread calls, which are thread-safe.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        // Sound: the mutex lives at a fixed address for the life of this object.
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
