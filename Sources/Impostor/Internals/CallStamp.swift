import CImpostor
#if canImport(Glibc)
import Glibc
#endif

/// The order of calls across every mock, C and Swift: each call takes a stamp when it arrives,
/// so in-order verification can compare calls to different mocks.
///
/// Stamps increase for calls the program orders: calls on one thread, and calls on threads
/// synchronized by a lock, a join, a queue or any other happens-before edge. Calls that race
/// get either order. While one thread only has recorded, a stamp is that thread's own count;
/// after that, taking a stamp writes nothing shared where the processor has an invariant
/// time-stamp counter the kernel trusts (see `impostor_next_stamp`), and elsewhere it is one
/// shared counter. Stamps are not consecutive: messages number calls by position.
enum CallStamp {
    @inline(__always)
    static func next() -> UInt64 { impostor_next_stamp() }

    /// Where stamps come from in this process, for the benchmarks' report.
    static var source: String { String(cString: impostor_stamp_source()) }
    /// Warns once, on standard error, when `IMPOSTOR_CALL_ORDER` holds a value the C layer
    /// ignores: a misspelt setting must not pass for the one asked for (an empty one is no
    /// setting). Evaluated when the first C mock is made.
    static let settingChecked: Void = {
        guard let raw = getenv("IMPOSTOR_CALL_ORDER"), raw.pointee != 0 else { return }
        let value = String(cString: raw)
        guard value != "counter", value != "clock" else { return }
        StandardError.write("Impostor warning: " + FailureMessages.unknownCallOrder(value, inUse: source) + "\n")
    }()

    /// How a clear reaches threads that are recording, for the benchmarks' report.
    static var clearBarrier: String { String(cString: impostor_records_barrier()) }
}
