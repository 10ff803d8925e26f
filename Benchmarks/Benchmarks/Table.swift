/// The human-readable report: an aligned table, the notes of each row, and how to read them.
enum Table {
    static func render(_ report: Report) -> String {
        let baseline = report.baseline
        let header = ["#", "row", "median", "p90", "× row 2", "target", "holds"]
        // A skipped row's reason spans the three figure columns, which it replaces.
        var lines: [(cells: [String], skipped: Bool)] = []
        for row in report.rows {
            let target = row.target?.text ?? ""
            let holds = row.target.map(holds) ?? ""
            if case .skipped(let reason) = row.value {
                lines.append(([row.id, row.name, reason, "", "", target, holds], true))
            } else {
                lines.append(([
                    row.id, row.name, median(row), p90(row),
                    row.ratio(toBaseline: baseline).map(Format.ratio) ?? "—", target, holds,
                ], false))
            }
        }
        let figures = 2...4
        var widths = header.map(\.count)
        for line in lines {
            for (column, cell) in line.cells.enumerated() where !(line.skipped && figures.contains(column)) {
                widths[column] = max(widths[column], cell.count)
            }
        }
        // A reason longer than the span pushes the rest of its own line right, and no column.
        let separator = "  "
        func format(_ cells: [String], skipped: Bool = false) -> String {
            var parts: [String] = []
            for (column, cell) in cells.enumerated() {
                if skipped, figures.contains(column) {
                    guard column == figures.lowerBound else { continue }
                    let span = figures.map { widths[$0] }.reduce(0, +) + separator.count * (figures.count - 1)
                    parts.append(cell.padded(to: span))
                } else if figures.contains(column) {
                    parts.append(cell.padded(to: widths[column], right: true))
                } else {
                    parts.append(cell.padded(to: widths[column]))
                }
            }
            return parts.joined(separator: separator).trimmingTrailingSpaces()
        }

        var text = "Impostor benchmark (\(report.plan.isQuick ? "--quick" : "full run")): time per call unless marked\n"
        text += "machine: \(Machine.cores) cores; load average \(report.loadAtStart) at start, \(report.loadAtEnd) at end\n\n"
        text += format(header) + "\n"
        text += format(widths.map { String(repeating: "─", count: $0) }) + "\n"
        for line in lines { text += format(line.cells, skipped: line.skipped) + "\n" }
        text += "\nNotes\n"
        for row in report.rows where !row.notes.isEmpty {
            text += wrapped("\(row.id) \(row.name): \(row.notes.joined(separator: "; "))", indent: "  ", hanging: "      ")
        }
        text += "\n" + wrapped(howToRead, indent: "", hanging: "")
        return text
    }

    /// `text` broken into lines of at most 100 columns at spaces.
    private static func wrapped(_ text: String, indent: String, hanging: String) -> String {
        var result = ""
        var line = indent
        for word in text.split(separator: " ") {
            let start = line == indent || line == hanging
            if !start, line.count + 1 + word.count > 100 {
                result += line + "\n"
                line = hanging
            }
            line += (line == indent || line == hanging ? "" : " ") + word
        }
        return result + line + "\n"
    }

    static let howToRead = """
        How to read this: every per-call row but 12 is timed by a C loop calling a function pointer, \
        so it is what a C library pays per call. "median" and "p90" are over samples of many \
        calls each (the 90th percentile shows noise and outliers: compare medians). "× row 2" \
        divides by the empty libffi closure, the cost no libffi-based mock can go below; rows 3 \
        to 7s divide by that closure's loop timed between their own samples (its median is in \
        their notes), so that a machine whose speed drifts moves both alike. Row 1 is a plain \
        call, for scale. Rows 3 to 6 add Impostor's work on top of that trampoline: \
        recording, stub lookup, matchers, the with { } block. Row 7 is wall time per call with \
        two threads' throughput over one thread's on the same mock, measured in the same way. Rows 8 and 9 are \
        one-off operations in their own units; row 10 is memory and allocations per recorded \
        call, and whether calls get slower as millions are recorded. Row 12 is a Swift \
        protocol mock called by a Swift loop, next to a hand-written fake: its ratios to the fake \
        (12a) are in its notes, and its "× row 2" compares unlike loops. A "—" or "skipped" means \
        not measured, never zero. The targets are goals, reported only: nothing fails.
        """

    private static func median(_ row: Row) -> String {
        switch row.value {
        case .time(let statistics): Format.nanoseconds(statistics.median)
        case .bytesPerCall(let bytes): "\(Format.fixed(bytes, 1)) B/call"
        case .bytesPerMock(let bytes): "\(Format.fixed(bytes, 0)) B/mock"
        case .allocationsPerCall(let count): "\(Format.fixed(count, 4)) /call"
        case .throughput(let ratio): "\(Format.ratio(ratio)) one thread"
        case .skipped(let reason): reason
        }
    }

    private static func p90(_ row: Row) -> String {
        row.p90Nanoseconds.map(Format.nanoseconds) ?? "—"
    }

    private static func holds(_ target: Target) -> String {
        switch target.holds {
        case true?: "yes"
        case false?: "NO"
        case nil: "—"
        }
    }
}

extension String {
    fileprivate func padded(to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - count))
        return right ? padding + self : self + padding
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
