/// Verifying where the records lie: a pattern of literals and `any()` is counted by the C
/// walk over the lanes, and the calls it counted are marked there, without the copy of every
/// record that ``InvocationStore/snapshot()`` makes for matchers that run code (40 to 60 ms
/// for a million calls, against about 2 for the two walks: Benchmarks/README.md, row 9).
extension InvocationStore {
    /// The pattern as tests of a record's bytes, when its calls can be counted in place: every
    /// matcher `any()` or a literal of 1, 2, 4 or 8 bytes, no captor (a captor is fed the
    /// matching calls' arguments) and nothing read through a pointer (whose misreads are
    /// reported call by call). Nil otherwise.
    static func recordTests(for pattern: CallPattern) -> [RecordLog.Test]? {
        guard !pattern.hasCaptors, pattern.pointerReaders.isEmpty, let tests = pattern.keyTests, tests.memory.isEmpty else { return nil }
        let offsets = pattern.interceptor.signature.argumentOffsets
        return tests.scalars.map {
            RecordLog.test(offset: headerSize + offsets[Int($0.argument)], size: Int($0.size), bits: $0.bits)
        }
    }

    /// Counts the recorded calls that hold `tests` and, when `accepts` takes the count, marks
    /// exactly those calls verified, all under the store's locks: a call recorded meanwhile
    /// by another thread is neither counted nor marked, and no clear comes between the count
    /// and the marks. A rejected count marks nothing. Nil when memory ran out.
    func countInPlace(_ tests: [RecordLog.Test], markingIf accepts: (Int) -> Bool) -> Int? {
        withRecordsHeld { log in log.count(tests, markingIf: accepts) }
    }
}
