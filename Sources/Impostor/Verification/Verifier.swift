#if canImport(Glibc)
import Glibc
#endif

/// Counts the recorded calls that match a pattern and reports a failed expectation: one flow
/// for every kind of mock, which each pattern serves with a ``CallCheck`` of its calls.
enum Verifier {
    /// Verifies each pattern against `mode`, waiting up to `timeout` for calls from other
    /// threads. Matching calls are marked verified and fed to captors.
    static func verify(_ patterns: [any BoundPattern], mode: VerificationMode, timeout: Duration?, site: SourceSite) {
        guard mode.isValid else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.invalidMode(mode), site: site))
            return
        }
        if let timeout, timeout < .zero {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.negativeTimeout("verify(within:)", timeout: timeout), site: site))
            return
        }
        for pattern in patterns {
            if pattern.isMockReleased {
                FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(pattern.mockName), site: site))
                continue
            }
            if timeout == nil, pattern.verifiedInPlace(mode: mode) { continue }
            let check = wait(for: pattern, mode: mode, timeout: timeout)
            check.reportUnreadable()
            guard mode.accepts(check.matchingCount) else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.verificationFailed(pattern.description, mode: mode, check: check, timeout: timeout),
                    site: site))
                continue
            }
            check.markMatching()
        }
    }

    /// Checks until `mode` is satisfied or the time is up; modes that can only fail later
    /// (`.never`, `.atMost`) are watched for the whole duration, as Mockito's `after` does.
    private static func wait(for pattern: any BoundPattern, mode: VerificationMode, timeout: Duration?) -> any CallCheck {
        var check = pattern.checkCalls()
        guard let timeout else { return check }
        var first = true
        RealTimeWait.poll(for: timeout) {
            if !first { check = pattern.checkCalls() }
            first = false
            return mode.waitsWholeDuration != mode.accepts(check.matchingCount)
        }
        return check
    }
}

/// One look at a mock's calls for a pattern: how many match, and what a verify does with them
/// next. A C mock's is a copy of its records (``RecordCheck``); a Swift member's names the
/// records of its log where they lie.
protocol CallCheck {
    /// How many of the calls the pattern matches.
    var matchingCount: Int { get }
    /// Marks the matching calls verified and hands their arguments to the pattern's captors
    /// (calls reset since the look are left alone).
    func markMatching()
    /// Reports each call a matcher could not read an argument of (the count leaves that call
    /// out, and says nothing of why).
    func reportUnreadable()
    /// What a failed verify shows: the mock's name, its calls listed against the pattern, and
    /// what it adds when it lists none.
    func failureListing() -> (name: String, entries: [CallListing.Entry], noCallsNote: String?)
}

/// A C mock's calls, copied, and those the pattern matches: by index into the copy.
struct RecordCheck: CallCheck {
    let pattern: CallPattern
    let batch: RecordBatch
    let matching: [Int]

    init(_ pattern: CallPattern) {
        self.pattern = pattern
        batch = pattern.interceptor.store.snapshot()
        var matching: [Int] = []
        for index in 0..<batch.count where pattern.matches(batch.view(index)) { matching.append(index) }
        self.matching = matching
    }

    var matchingCount: Int { matching.count }

    func markMatching() {
        pattern.interceptor.store.markVerified(matching, in: batch)
        if pattern.hasCaptors {
            for index in matching { pattern.capture(batch.view(index).slot) }
        }
    }

    /// See CallPattern+Unreadable.
    func reportUnreadable() {
        guard !pattern.pointerReaders.isEmpty else { return }
        let matching = Set(self.matching)
        for index in 0..<batch.count where !matching.contains(index) {
            for reading in pattern.unreadableReadings(batch.view(index).slot) {
                FailureReporter.report(pattern.failure(reading, call: index + 1))
            }
        }
    }

    func failureListing() -> (name: String, entries: [CallListing.Entry], noCallsNote: String?) {
        let name = pattern.interceptor.name
        return (name, CallListing.entries(batch, against: pattern), pattern.interceptor.face?.noCallsNote(mockName: name))
    }
}
