#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The count of a released mock's late calls: what an ``Interceptor`` or a ``SwiftMember``
/// keeps, so that a late call costs one atomic add and nothing else.
///
/// A C library that keeps calling a mock after its Mockery was released (four threads in a
/// loop) makes hundreds of thousands of late calls a second. Reported one failure each, they
/// filled tens of megabytes of output and buried the first report and everything else the run
/// printed. So a released mock reports once, at its first late call, and every later call only
/// adds one to this count.
struct LateCallCount: ~Copyable, Sendable {
    private let calls = Atomic<Int>(0)
    /// When the mock was released (monotonic nanoseconds), for the first call's delay.
    private let releasedAt = Atomic<UInt64>(0)

    /// Notes the release time; before the mock's released flag is set (releasing), so that a
    /// late call that reads the flag acquiring reads this too.
    func markReleased() { releasedAt.store(MonotonicTime.now, ordering: .relaxed) }

    /// Counts one late call; true for the first, which the caller reports.
    @inline(__always)
    func countOne() -> Bool { calls.wrappingAdd(1, ordering: .relaxed).oldValue == 0 }

    var value: Int { calls.load(ordering: .relaxed) }

    /// How long after the release this is.
    var sinceRelease: UInt64 {
        let released = releasedAt.load(ordering: .relaxed)
        let now = MonotonicTime.now
        return now > released ? now - released : 0
    }
}

/// What owns a ``LateCallCount``: the report reads the count when it is delivered, and again at exit.
protocol LateCallCounting: AnyObject, Sendable {
    var lateCallCount: Int { get }
}

/// The one report of a released mock's late calls.
///
/// Made at the first late call, on the calling thread. Its text is written when it is delivered
/// (see ``PendingFailure``): to a test's store of waiting failures, that is when the test's
/// thread collects it, often after the calling threads are done, so it gives their number. If
/// calls come after it was delivered, ``LateCallLedger`` gives their final number when the
/// process exits.
final class LateCallReport: Sendable {
    enum Kind: Sendable {
        case cFunction
        case swiftMember
    }

    private let counter: any LateCallCounting
    let mockName: String
    let site: SourceSite
    let kind: Kind
    /// The thread of the first late call, as `Invocation.thread` names threads.
    let firstThread: CallingThread
    /// Nanoseconds between the release and the first late call.
    let firstDelay: UInt64
    /// The count the delivered text gave; 0 until it is delivered.
    private let delivered = Atomic<Int>(0)

    init(counter: any LateCallCounting, mockName: String, site: SourceSite, kind: Kind, firstDelay: UInt64) {
        self.counter = counter
        self.mockName = mockName
        self.site = site
        self.kind = kind
        self.firstThread = .current
        self.firstDelay = firstDelay
    }

    /// The count now.
    var count: Int { counter.lateCallCount }

    /// The count the delivered report gave, 0 if it never was.
    var deliveredCount: Int { delivered.load(ordering: .relaxed) }

    /// The failure, with the count as it is now; the report counts as delivered with that count.
    func failure() -> ImpostorFailure {
        let count = max(self.count, 1)
        _ = delivered.max(count, ordering: .relaxed)
        return ImpostorFailure(
            message: FailureMessages.callsToReleasedMock(
                mockName, kind: kind, count: count, firstThread: firstThread, delay: firstDelay),
            site: site)
    }
}

/// Every released mock that was called late, for the totals at exit: only its first late call
/// was reported, so if calls came after the report was delivered, the run's last lines give
/// their final number.
enum LateCallLedger {
    private static let reports = Locked<[LateCallReport]>([])

    /// How many mocks the exit summary names; the rest are counted in one more line.
    static let summaryLimit = 10

    static func register(_ report: LateCallReport) {
        reports.withLock { $0.append(report) }
        ExitCheck.arm()
    }

    /// The summary's lines (none when every report gave its final count), and how many reports
    /// were never delivered (still waiting in the store of a Mockery that outlived the run).
    static func summary() -> (lines: [String], undelivered: Int) {
        let grown = reports.withLock { $0 }.filter { $0.count > $0.deliveredCount }
        guard !grown.isEmpty else { return ([], 0) }
        var lines = [FailureMessages.lateCallSummaryHeading]
        for report in grown.prefix(summaryLimit) {
            lines.append(FailureMessages.lateCallSummaryLine(
                report.mockName, count: report.count, delivered: report.deliveredCount))
        }
        if grown.count > summaryLimit { lines.append(FailureMessages.lateCallSummaryMore(grown.count - summaryLimit)) }
        return (lines, grown.count(where: { $0.deliveredCount == 0 }))
    }
}

/// Monotonic nanoseconds, for delays.
enum MonotonicTime {
    static var now: UInt64 {
        var time = timespec()
        GOT.asOwnCode { _ = clock_gettime(CLOCK_MONOTONIC, &time) }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
