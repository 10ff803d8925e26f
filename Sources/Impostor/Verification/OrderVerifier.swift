/// Checks that calls happened in a given order, across mocks, by their global sequence
/// numbers. Other calls may come in between.
enum OrderVerifier {
    static func verify(_ patterns: [CallPattern], site: SourceSite) {
        var checks: [ObjectIdentifier: Verifier.Check] = [:]
        var after: UInt64 = 0
        var found: [(pattern: CallPattern, sequence: UInt64)] = []
        for pattern in patterns {
            let key = ObjectIdentifier(pattern.interceptor)
            let check = checks[key] ?? Verifier.check(pattern)
            checks[key] = check
            // The earliest matching call after the previous one in the order.
            let next = (0..<check.batch.count)
                .map { check.batch.view($0) }
                .filter { $0.sequence > after && pattern.matches($0) }
                .min { $0.sequence < $1.sequence }
            guard let next else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.orderFailed(
                        expected: patterns, found: found.map { ($0.pattern, $0.sequence) }, missing: pattern,
                        calls: involvedCalls(patterns)),
                    site: site))
                return
            }
            after = next.sequence
            found.append((pattern, next.sequence))
            pattern.interceptor.store.markVerified([next.index])
        }
    }

    /// Every call to the mocks involved, in global order.
    private static func involvedCalls(_ patterns: [CallPattern]) -> [Invocation] {
        var seen = Set<ObjectIdentifier>()
        var calls: [Invocation] = []
        for pattern in patterns where seen.insert(ObjectIdentifier(pattern.interceptor)).inserted {
            calls += pattern.interceptor.invocations()
        }
        return calls.sorted { $0.sequenceNumber < $1.sequenceNumber }
    }
}
