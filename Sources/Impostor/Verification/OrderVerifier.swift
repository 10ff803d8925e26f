#if canImport(Glibc)
import Glibc
#endif

/// Checks that calls happened in a given order, across mocks and threads, by their ordering
/// stamps (see ``CallStamp``). Other calls may come in between.
enum OrderVerifier {
    /// How far the calls recorded so far follow the expected order.
    private struct Search {
        /// The call found for each pattern, in order, up to the first one missing.
        /// (`generation`: the Swift member's reset count when its calls were read; 0 for C.
        /// `batch`: the C mock's records the index points into; nil for Swift.)
        var found: [(pattern: BoundPattern, stamp: UInt64, index: Int, generation: Int, batch: RecordBatch?)] = []
        /// The first pattern with no matching call after the previous one; nil when all were found.
        var missing: BoundPattern?
    }

    /// Verifies the order, waiting up to `timeout` for calls from other threads to complete it
    /// (checking about every millisecond, as a timed verify does). The calls found are marked
    /// verified.
    static func verify(_ patterns: [BoundPattern], timeout: Duration? = nil, site: SourceSite) {
        var search = self.search(patterns)
        if let timeout {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: timeout)
            while search.missing != nil, clock.now < deadline {
                usleep(1_000)
                search = self.search(patterns)
            }
        }
        // A matcher that could not read a call's argument is reported, once per pattern, as a
        // verify reports it: the order may have failed for want of that call.
        for case .c(let pattern) in patterns where !pattern.pointerReaders.isEmpty {
            Verifier.reportUnreadable(pattern, in: Verifier.check(pattern))
        }
        for step in search.found {
            switch step.pattern {
            case .c(let pattern): if let batch = step.batch { pattern.interceptor.store.markVerified([step.index], in: batch) }
            case .swift(let pattern): pattern.member.markVerified([step.index], generation: step.generation)
            }
        }
        guard let missing = search.missing else { return }
        let found = search.found.map { ($0.pattern, $0.stamp) }
        let calls = involvedCalls(patterns)
        FailureReporter.report(ImpostorFailure(
            message: timeout.map {
                FailureMessages.orderFailed(expected: patterns, found: found, missing: missing, calls: calls, within: $0)
            } ?? FailureMessages.orderFailed(expected: patterns, found: found, missing: missing, calls: calls),
            site: site))
    }

    /// Looks for each pattern's earliest matching call after the previous pattern's.
    private static func search(_ patterns: [BoundPattern]) -> Search {
        // Each mock's calls as (position, stamp, matches) are read once per search.
        var checks: [ObjectIdentifier: Verifier.Check] = [:]
        var swiftCalls: [ObjectIdentifier: (calls: [SwiftCall], generation: Int)] = [:]
        var result = Search()
        var after: UInt64 = 0
        for pattern in patterns {
            let key = pattern.mock
            var next: (stamp: UInt64, index: Int)?
            var generation = 0
            var batch: RecordBatch?
            switch pattern {
            case .c(let pattern):
                let check = checks[key] ?? Verifier.check(pattern)
                checks[key] = check
                batch = check.batch
                next = (0..<check.batch.count)
                    .map { check.batch.view($0) }
                    .filter { $0.stamp > after && pattern.matches($0) }
                    .min { $0.stamp < $1.stamp }
                    .map { ($0.stamp, $0.index) }
            case .swift(let pattern):
                let snapshot = swiftCalls[key] ?? { let s = pattern.member.snapshot(); return (s.calls, s.generation) }()
                swiftCalls[key] = snapshot
                let calls = snapshot.calls
                generation = snapshot.generation
                next = calls.indices
                    .filter { calls[$0].stamp > after && pattern.matches(calls[$0].arguments) }
                    .min { calls[$0].stamp < calls[$1].stamp }
                    .map { (calls[$0].stamp, $0) }
            }
            guard let next else {
                result.missing = pattern
                return result
            }
            after = next.stamp
            result.found.append((pattern, next.stamp, next.index, generation, batch))
        }
        return result
    }

    /// Every call to the mocks involved, in global order.
    private static func involvedCalls(_ patterns: [BoundPattern]) -> [Invocation] {
        var seen = Set<ObjectIdentifier>()
        var calls: [Invocation] = []
        for pattern in patterns where seen.insert(pattern.mock).inserted {
            switch pattern {
            case .c(let pattern): calls += pattern.interceptor.invocations()
            case .swift(let pattern): calls += pattern.member.invocations()
            }
        }
        return calls.sorted { $0.stamp < $1.stamp }
    }
}
