/// `--json`: the same figures as the table, one object per row.
///
/// ```json
/// {"mode": "full", "baseline_ns": 21.3, "cores": 2, "load_average_at_start": "0.12 0.30 0.41", …, "rows": [
///   {"id": "5", "name": "...", "median_ns": 40.1, "p90_ns": 41.0, "ratio": 1.88, "baseline_alongside_ns": 21.3,
///    "value": null, "unit": "ns", "target": "≤2.0× row 2", "holds": true,
///    "status": "measured", "notes": ["..."]}
/// ]}
/// ```
///
/// `ratio` divides by `baseline_alongside_ns`, row 2's loop timed between the row's own
/// samples, where there is one (rows 3 to 7s), and by `baseline_ns` elsewhere.
/// `median_ns`, `p90_ns` and `ratio` are null for rows not measured in time; `value` and
/// `unit` carry the figure of the others (`bytes/call`, `allocations/call`). A skipped row
/// has `status` "skipped" and its reason in `notes`, and no figure at all.
enum JSON {
    static func render(_ report: Report) -> String {
        let baseline = report.baseline
        let rows = report.rows.map { row -> String in
            var value: Double?
            var unit = "ns"
            var status = "measured"
            var notes = row.notes
            switch row.value {
            case .time: break
            case .bytesPerCall(let bytes): value = bytes; unit = "bytes/call"
            case .bytesPerMock(let bytes): value = bytes; unit = "bytes/mock"
            case .allocationsPerCall(let count): value = count; unit = "allocations/call"
            case .throughput(let ratio): value = ratio; unit = "× one thread"
            case .skipped(let reason): status = "skipped"; unit = ""; notes.insert(reason, at: 0)
            }
            let fields: [(String, String)] = [
                ("id", string(row.id)),
                ("name", string(row.name)),
                ("median_ns", number(row.medianNanoseconds)),
                ("p90_ns", number(row.p90Nanoseconds)),
                ("ratio", number(row.ratio(toBaseline: baseline))),
                ("baseline_alongside_ns", number(row.baselineAlongside?.median)),
                ("value", number(value)),
                ("unit", string(unit)),
                ("target", row.target.map { string($0.text) } ?? "null"),
                ("holds", row.target?.holds.map { $0 ? "true" : "false" } ?? "null"),
                ("status", string(status)),
                ("notes", "[" + notes.map(string).joined(separator: ", ") + "]"),
            ]
            return "    {" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        return """
            {
              "mode": \(string(report.plan.isQuick ? "quick" : "full")),
              "baseline_ns": \(number(baseline)),
              "cores": \(Machine.cores),
              "load_average_at_start": \(string(report.loadAtStart)),
              "load_average_at_end": \(string(report.loadAtEnd)),
              "rows": [
            \(rows.joined(separator: ",\n"))
              ]
            }

            """
    }

    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return "\(value)"
    }

    private static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
