#if canImport(Glibc)
import Glibc
#endif

// Verification of Swift mocks' members: the same modes, timeouts and texts as C mocks, over
// the member's kept calls.
extension Verifier {
    /// Verifies patterns on C mocks and Swift members alike.
    static func verify(_ patterns: [any BoundPattern], mode: VerificationMode, timeout: Duration?, site: SourceSite) {
        for pattern in patterns { pattern.verify(mode: mode, timeout: timeout, site: site) }
    }

    /// The records of the member's kept calls that match. The calls are read where they lie in
    /// the typed log, never copied out: a failure's message reads them again.
    static func check(_ pattern: SwiftCallPattern) -> (matching: [UInt], generation: Int) {
        let (positions, generation) = pattern.member.log.positions(matching: pattern)
        return (positions, generation)
    }

    static func verify(_ pattern: SwiftCallPattern, mode: VerificationMode, timeout: Duration?, site: SourceSite) {
        guard mode.isValid else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.invalidMode(mode), site: site))
            return
        }
        if pattern.member.isReleased {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(pattern.member.name), site: site))
            return
        }
        var result = check(pattern)
        if let timeout {
            var first = true
            RealTimeWait.poll(for: timeout) {
                if !first { result = check(pattern) }
                first = false
                return mode.waitsWholeDuration != mode.accepts(result.matching.count)
            }
        }
        guard mode.accepts(result.matching.count) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.verificationFailed(
                    pattern: pattern, mode: mode, calls: pattern.member.snapshot().calls, matching: result.matching.count, timeout: timeout),
                site: site))
            return
        }
        pattern.member.markVerified(result.matching, generation: result.generation)
    }
}

extension Verification {
    /// `verifyNoMoreInvocations` / `verifyZeroInvocations` on a Swift mock: every member it
    /// has called or been queried about.
    static func checkUnverified(_ core: MockCore, allCalls: Bool, site: SourceSite) {
        FailureReporter.flush(core.pendingFailures)
        if core.isReleased {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(core.name), site: site))
            return
        }
        // Every call to the mock, oldest first, so that each listed call shows its place.
        var all: [(call: Invocation, offends: Bool)] = []
        for member in core.knownMembers {
            let (calls, verified, _) = member.snapshot()
            for (position, call) in calls.enumerated() {
                all.append((Invocation(member: member, swift: call), allCalls || !verified.contains(position)))
            }
        }
        all.sort { $0.call.stamp < $1.call.stamp }
        let offending = all.enumerated().filter(\.element.offends).map { (position: $0.offset + 1, call: $0.element.call) }
        guard !offending.isEmpty else { return }
        FailureReporter.report(ImpostorFailure(
            message: allCalls
                ? FailureMessages.unexpectedCalls(mock: core.name, calls: offending)
                : FailureMessages.unverifiedCalls(mock: core.name, calls: offending),
            site: site))
    }
}
