import CImpostorTestSupport
import Impostor
#if canImport(Glibc)
import Glibc
#endif

typealias GetEnv = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
typealias GetPid = @convention(c) () -> pid_t

/// What the interposition tests need to know about the process they run in.
enum InterpositionTestSupport {
    /// The sanitizer runtime linked into the test executable, if any.
    static var sanitizer: String? {
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil { return "AddressSanitizer" }
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil { return "ThreadSanitizer" }
        return nil
    }

    /// Whether a sanitizer runtime linked into the executable intercepts `symbol`.
    static func sanitizerIntercepts(_ symbol: String) -> Bool {
        sanitizer != nil && dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__interceptor_\(symbol)") != nil
    }

    /// A C string that lives as long as the process, for stubs to return.
    static func immortalCString(_ text: String) -> UnsafeMutablePointer<CChar> { strdup(text)! }

    /// The text `getenv` returned, or nil.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
    static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
}

/// Runs `body` on a new POSIX thread (one with no Swift task) and returns its result.
func onNewThread(_ body: @escaping @Sendable () -> String?) -> String? {
    final class Work: @unchecked Sendable {
        // @unchecked: `result` is written by the thread before pthread_join returns, and read after.
        let body: @Sendable () -> String?
        var result: String?
        init(_ body: @escaping @Sendable () -> String?) { self.body = body }
    }
    let work = Work(body)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(work).toOpaque()
    pthread_create(&thread, nil, { raw in
        let work = Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue()
        work.result = work.body()
        return nil
    }, context)
    pthread_join(thread, nil)
    return work.result
}

extension InterpositionTestSupport {
    /// The sanitizer whose runtime, linked into the test executable itself, intercepts `symbol`.
    static func sanitizerInExecutable(intercepting symbol: String) -> String? {
        guard let sanitizer, let interceptor = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__interceptor_\(symbol)") else { return nil }
        return impostor_got_object_base(interceptor, nil) == impostor_got_executable_base() ? sanitizer : nil
    }

    /// Does what another interposing tool would: points the main executable's slot for
    /// `symbol` at the real function, whatever it held.
    static func rebindMainExecutableSlot(of symbol: String) {
        let slots = UnsafeMutablePointer<ct_got_slot>.allocate(capacity: 8)
        defer { slots.deallocate() }
        let count = ct_main_executable_got_slots(symbol, slots, 8)
        let real = dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol)
        for slot in UnsafeBufferPointer(start: slots, count: min(count, 8)) {
            var found: UnsafeMutableRawPointer?
            _ = impostor_got_swap(slot.address, slot.value, real, &found)
        }
    }
}
