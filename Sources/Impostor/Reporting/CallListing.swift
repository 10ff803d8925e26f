/// Lists actual calls under a failed verification: each call with the arguments that differ
/// from the expected pattern marked, nearest match first.
enum CallListing {
    /// How many calls a message lists before summarising the rest.
    static let limit = 10

    struct Entry {
        /// The call's place among the mock's calls, from 1, oldest first: what `call #N` shows.
        let position: Int
        let stamp: UInt64
        let text: String
        let mismatches: [String]
    }

    /// Every call in `batch` against `pattern`, nearest first (fewest differing arguments,
    /// then oldest).
    static func entries(_ batch: RecordBatch, against pattern: CallPattern) -> [Entry] {
        (0..<batch.count).map { index in
            let view = batch.view(index)
            let invocation = Invocation(
                mockName: pattern.interceptor.name, signature: batch.signature, record: view.record(),
                fault: FaultLog.fault(ObjectIdentifier(pattern.interceptor), stamp: view.stamp))
            let formatted = invocation.formattedArguments
            var arguments = formatted
            for (position, matcher) in pattern.arguments.enumerated() where !matcher.matches(view.slot(position)) {
                arguments[position] = "«" + arguments[position] + "»"
            }
            let mismatches = Self.mismatches(pattern, slot: view.slot, formatted: formatted)
            let text = "\(invocation.mockName)(\(arguments.joined(separator: ", ")))" + invocation.resultSuffix
            return Entry(position: index + 1, stamp: view.stamp, text: text, mismatches: mismatches)
        }
        .sorted { ($0.mismatches.count, $0.stamp) < ($1.mismatches.count, $1.stamp) }
    }

    /// The listing text: one line per call, then `… and N more`.
    static func render(_ entries: [Entry], header: String) -> String {
        guard !entries.isEmpty else { return "" }
        var lines = [header]
        for entry in entries.prefix(limit) {
            let verdict = entry.mismatches.isEmpty ? "matches" : entry.mismatches.joined(separator: "; ")
            lines.append("  \(entry.text)  (call #\(entry.position)): \(verdict)")
        }
        if entries.count > limit { lines.append("  … and \(entries.count - limit) more") }
        return lines.joined(separator: "\n")
    }

    /// `argument 2: expected 5, got 6` for each argument of a call that `pattern` does not
    /// accept; `slot` reads the call's arguments and `formatted` is how they print.
    static func mismatches(_ pattern: CallPattern, slot: (Int) -> ArgumentView, formatted: [String]) -> [String] {
        pattern.arguments.enumerated().compactMap { position, matcher in
            matcher.matches(slot(position)) ? nil : explain(matcher, slot: slot(position), position: position, actual: formatted[position])
        }
    }

    /// `argument 2: expected 5, got 6`, with struct fields named when a struct literal differs.
    private static func explain(_ matcher: ArgumentMatcher, slot: ArgumentView, position: Int, actual: String) -> String {
        if case .test(let recorded) = matcher, let reading = recorded.pointerReading {
            return "argument \(position + 1): expected \(matcher.description), got \(reading.describe(slot))"
        }
        guard case .literal(let expected, let leaves, let text) = matcher, leaves.count > 1 else {
            return "argument \(position + 1): expected \(matcher.description), got \(actual)"
        }
        let fields = leaves.filter { !slot.isEqual(to: expected, leaves: [$0]) }.map { leaf in
            "field \(leaf.name) expected \(LeafFormatter.format(leaf, in: expected)), got \(LeafFormatter.format(leaf, in: slot.bytes(count: expected.count)))"
        }
        return "argument \(position + 1) (expected \(text)): " + fields.joined(separator: ", ")
    }
}

/// Formats one field of a C value held as bytes.
enum LeafFormatter {
    static func format(_ leaf: ValueLeaf, in bytes: [UInt8]) -> String {
        let record = CallRecord(stamp: 0, thread: 0, payload: bytes)
        guard let type = leaf.swiftType else {
            return bytes[leaf.offset..<(leaf.offset + leaf.size)].map { Hex.byte($0) }.joined(separator: " ")
        }
        func open<T>(_: T.Type) -> String { String(describing: record.value(at: leaf.offset, as: T.self)) }
        return open(type)
    }
}
