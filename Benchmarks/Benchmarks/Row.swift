/// One line of the report.
struct Row: Sendable {
    /// What the row measured.
    enum Value: Sendable {
        /// Nanoseconds (per call, or per creation or release).
        case time(Statistics)
        /// Bytes per recorded call.
        case bytesPerCall(Double)
        /// Bytes per mock made.
        case bytesPerMock(Double)
        /// Heap allocations per call.
        case allocationsPerCall(Double)
        /// Calls per second of several threads over one thread's, same harness, same run.
        case throughput(Double)
        /// Not measured, and why: never shown as a number.
        case skipped(String)
    }

    /// The row's number in the specification ("5", "8a", "peer").
    let id: String
    let name: String
    let value: Value
    let target: Target?
    var notes: [String]
    /// Row 2's loop timed between this row's samples, when it was: the row's ratio divides by
    /// its median instead of row 2's.
    let baselineAlongside: Statistics?

    init(_ id: String, _ name: String, _ value: Value, target: Target? = nil, notes: [String] = [],
         baselineAlongside: Statistics? = nil) {
        self.id = id
        self.name = name
        self.value = value
        self.target = target
        self.notes = notes
        self.baselineAlongside = baselineAlongside
    }

    var medianNanoseconds: Double? {
        if case .time(let statistics) = value { statistics.median } else { nil }
    }

    var p90Nanoseconds: Double? {
        if case .time(let statistics) = value { statistics.p90 } else { nil }
    }

    /// The median over the baseline's median, for rows measured in time: the baseline timed
    /// alongside this row when it was, else row 2's (`baseline`).
    func ratio(toBaseline baseline: Double?) -> Double? {
        medianNanoseconds.flatMap { Self.ratio($0, alongside: baselineAlongside, baseline: baseline) }
    }

    /// `median` over the median of the baseline timed `alongside` it, else over `baseline`;
    /// nil without a positive baseline. The one rule for every ratio to row 2, targets included.
    static func ratio(_ median: Double, alongside: Statistics?, baseline: Double?) -> Double? {
        guard let baseline = alongside?.median ?? baseline, baseline > 0 else { return nil }
        return median / baseline
    }
}

/// A goal a row is compared with. The benchmark reports whether it holds; it never fails.
struct Target: Sendable {
    /// "≤2.0× row 2", "< 10 µs".
    let text: String
    /// Nil when it cannot be told (the row was skipped or its figure is invalid).
    let holds: Bool?

    /// A per-call median at most `limit` times the baseline's.
    static func ratio(_ measured: Double?, atMost limit: Double, of what: String) -> Target {
        Target(text: "≤\(Format.ratio(limit)) \(what)", holds: measured.map { $0 <= limit })
    }

    /// A throughput ratio of at least `limit`.
    static func throughput(_ measured: Double?, atLeast limit: Double) -> Target {
        Target(text: "≥\(Format.ratio(limit)) one thread", holds: measured.map { $0 >= limit })
    }

    /// A median below `limit` nanoseconds.
    static func time(_ median: Double?, below limit: Double) -> Target {
        Target(text: "< \(Format.nanoseconds(limit))", holds: median.map { $0 < limit })
    }
}
