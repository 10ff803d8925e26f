import Foundation

/// What the machine was doing, printed with the figures: timings on a shared or busy machine
/// read higher, and the load average says how busy it was.
enum Machine {
    /// Processors the scheduler can use.
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// The 1, 5 and 15 minute load averages, `0.31 0.40 0.52`, from /proc/loadavg.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
