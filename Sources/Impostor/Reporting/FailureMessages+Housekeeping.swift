// Texts for timed in-order verification and for placeholders of Swift closure mocks.

// MARK: Verification

extension FailureMessages {
    /// ``orderFailed(expected:found:missing:calls:)``'s text for `verifyInOrder(within:)`: the
    /// same lines, with the time allowed in the first (`Expected calls in this order within
    /// 0.05 seconds:`).
    static func orderFailed(
        expected: [CallPattern], found: [(CallPattern, UInt64)], missing: CallPattern, calls: [Invocation],
        within timeout: Duration
    ) -> String {
        let text = orderFailed(expected: expected, found: found, missing: missing, calls: calls)
        let rest = text.firstIndex(of: "\n").map { text[$0...] } ?? ""
        return "Expected calls in this order within \(timeout):" + rest
    }
}
