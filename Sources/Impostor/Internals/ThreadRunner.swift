#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs work on a thread of its own, outside Swift's cooperative pool: for waits that block
/// (a child process of an isolated fault sweep) made from `async` code, so that no task's
/// thread is held while they last.
enum ThreadRunner {
    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts a detached thread that runs `body`; false, with `body` not run, when no thread
    /// could be made.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        // Sound: the thread takes the retain made here, once; when no thread starts, it is
        // released here instead.
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { argument in
            Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, work)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
