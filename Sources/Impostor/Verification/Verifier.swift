#if canImport(Glibc)
import Glibc
#endif

/// Counts the recorded calls that match a pattern and reports a failed expectation.
enum Verifier {
    /// The outcome of checking one pattern once.
    struct Check {
        let batch: RecordBatch
        let matching: [Int]
    }

    static func check(_ pattern: CallPattern) -> Check {
        let batch = pattern.interceptor.store.snapshot()
        var matching: [Int] = []
        for index in 0..<batch.count where pattern.matches(batch.view(index)) { matching.append(index) }
        return Check(batch: batch, matching: matching)
    }

    /// Verifies each pattern against `mode`, waiting up to `timeout` for calls from other
    /// threads. Matching calls are marked verified and fed to captors.
    static func verify(_ patterns: [CallPattern], mode: VerificationMode, timeout: Duration?, site: SourceSite) {
        guard mode.isValid else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.invalidMode(mode), site: site))
            return
        }
        for pattern in patterns {
            if pattern.interceptor.isReleased {
                FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(pattern.interceptor.name), site: site))
                continue
            }
            if timeout == nil, verifiedInPlace(pattern, mode: mode) { continue }
            let result = wait(for: pattern, mode: mode, timeout: timeout)
            reportUnreadable(pattern, in: result)
            guard mode.accepts(result.matching.count) else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.verificationFailed(pattern: pattern, mode: mode, check: result, timeout: timeout),
                    site: site))
                continue
            }
            pattern.interceptor.store.markVerified(result.matching, in: result.batch)
            if pattern.hasCaptors {
                for index in result.matching { pattern.capture(result.batch.view(index).slot) }
            }
        }
    }

    /// Verifies `pattern` where its calls are recorded, without copying them, when it can be
    /// counted there (see InvocationStore+Counting) and its count satisfies `mode`: the calls
    /// counted are marked, as the copying path would mark them. False leaves the pattern to
    /// that path, which also words a failure from its copy (a failing verify lists the calls,
    /// so the copy is needed then anyway). A timed verify polls with the copying path.
    private static func verifiedInPlace(_ pattern: CallPattern, mode: VerificationMode) -> Bool {
        guard let tests = InvocationStore.recordTests(for: pattern),
              let count = pattern.interceptor.store.countInPlace(tests, markingIf: mode.accepts)
        else { return false }
        return mode.accepts(count)
    }

    /// Reports each matcher of `pattern` that could not read an argument of a call it did not
    /// match (see CallPattern+Unreadable): the count leaves that call out, and says nothing of why.
    static func reportUnreadable(_ pattern: CallPattern, in check: Check) {
        guard !pattern.pointerReaders.isEmpty else { return }
        let matching = Set(check.matching)
        for index in 0..<check.batch.count where !matching.contains(index) {
            for reading in pattern.unreadableReadings(check.batch.view(index).slot) {
                FailureReporter.report(pattern.failure(reading, call: index + 1))
            }
        }
    }

    /// Checks until `mode` is satisfied or the time is up; modes that can only fail later
    /// (`.never`, `.atMost`) are watched for the whole duration, as Mockito's `after` does.
    private static func wait(for pattern: CallPattern, mode: VerificationMode, timeout: Duration?) -> Check {
        var result = check(pattern)
        guard let timeout else { return result }
        var first = true
        RealTimeWait.poll(for: timeout) {
            if !first { result = check(pattern) }
            first = false
            return mode.waitsWholeDuration != mode.accepts(result.matching.count)
        }
        return result
    }
}
