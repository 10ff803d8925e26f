#if canImport(Glibc)
import Glibc
#endif

/// Checks that calls happened in a given order, across mocks and threads, by their ordering
/// stamps (see ``CallStamp``). Other calls may come in between.
enum OrderVerifier {
    /// How far the calls recorded so far follow the expected order.
    private struct Search {
        /// The call found for each pattern, in order, up to the first one missing.
        var found: [(pattern: any BoundPattern, call: OrderedCall)] = []
        /// The first pattern with no matching call after the previous one; nil when all were found.
        var missing: (any BoundPattern)?
    }

    /// Verifies the order, waiting up to `timeout` for calls from other threads to complete it
    /// (checking about every millisecond, as a timed verify does). When the whole order holds,
    /// the calls found are marked verified; a failed order marks nothing, as a failed count
    /// does, so that `verifyNoMoreInvocations` still lists the calls it found.
    static func verify(_ patterns: [any BoundPattern], timeout: Duration? = nil, site: SourceSite) {
        if let timeout, timeout < .zero {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.negativeTimeout("verifyInOrder(within:)", timeout: timeout), site: site))
            return
        }
        var search = self.search(patterns)
        if let timeout {
            var first = true
            RealTimeWait.poll(for: timeout) {
                if !first { search = self.search(patterns) }
                first = false
                return search.missing == nil
            }
        }
        // A matcher that could not read a call's argument is reported, once per pattern, as a
        // verify reports it: the order may have failed for want of that call.
        for pattern in patterns { pattern.reportUnreadable() }
        guard let missing = search.missing else {
            for step in search.found { step.call.markVerified() }
            return
        }
        let found = search.found.map { ($0.pattern, $0.call.stamp) }
        let calls = involvedCalls(patterns)
        FailureReporter.report(ImpostorFailure(
            message: timeout.map {
                FailureMessages.orderFailed(expected: patterns, found: found, missing: missing, calls: calls, within: $0)
            } ?? FailureMessages.orderFailed(expected: patterns, found: found, missing: missing, calls: calls),
            site: site))
    }

    /// Looks for each pattern's earliest matching call after the previous pattern's.
    private static func search(_ patterns: [any BoundPattern]) -> Search {
        // Each mock's calls are read once per search.
        let cache = OrderSearchCache()
        var result = Search()
        var after: UInt64 = 0
        for pattern in patterns {
            guard let next = pattern.earliestCall(after: after, cache: cache) else {
                result.missing = pattern
                return result
            }
            after = next.stamp
            result.found.append((pattern, next))
        }
        return result
    }

    /// Every call to the mocks involved, in global order.
    private static func involvedCalls(_ patterns: [any BoundPattern]) -> [Invocation] {
        var seen = Set<ObjectIdentifier>()
        var calls: [Invocation] = []
        for pattern in patterns where seen.insert(pattern.mock).inserted { calls += pattern.invocations() }
        return calls.sorted { $0.stamp < $1.stamp }
    }
}
