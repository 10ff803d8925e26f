#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One line per row on standard error while the benchmark runs, so standard output holds
/// only the table (or the JSON).
struct Progress {
    let enabled: Bool

    func starting(_ name: String) {
        write("measuring \(name)…\n")
    }

    func finished(_ row: Row) {
        switch row.value {
        case .time(let statistics): write("  \(row.id) \(row.name): \(Format.nanoseconds(statistics.median))\n")
        case .skipped(let reason): write("  \(row.id) \(row.name): \(reason)\n")
        case .throughput(let ratio): write("  \(row.id) \(row.name): \(Format.ratio(ratio))\n")
        case .bytesPerCall, .bytesPerMock, .allocationsPerCall: write("  \(row.id) \(row.name): done\n")
        }
    }

    private func write(_ text: String) {
        guard enabled else { return }
        StandardError.write(text)
    }
}

/// Writes to file descriptor 2 (the C `stderr` global is not concurrency-safe in Swift 6).
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
