import Synchronization

extension Stubbing {
    /// Makes the calls `schedule` picks fail: they return `value` and set `errno`; every other
    /// call goes on as if this stub were not there.
    ///
    /// ```swift
    /// let write = interpose("write", as: Write.self, in: "libsqlite3")
    /// stub(write(any(), any(), any())).failing(.onCall(3), returning: -1, errno: ENOSPC)
    /// ```
    ///
    /// Calls are counted over those the prototype's matchers select. A call the schedule lets
    /// through reaches the older stubs that match it, else the real function for a mock made by
    /// ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``, else zero.
    /// `errno` is set as the action `setErrno` sets it, after everything else the answer does. A
    /// failed call is listed with the fault (``Invocation/injectedFault``). Only C functions fail
    /// this way: a Swift member's prototype is refused (a Swift member fails by throwing).
    @discardableResult
    public func failing(
        _ schedule: FaultSchedule, returning value: Result, errno: Int32? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> FaultInjection {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return FaultInjection(states: installFailing(schedule, value: value, errno: errno, site: site) ?? [])
    }

    /// The failing stubs' states, or nil after reporting why none could be added.
    func installFailing(_ schedule: FaultSchedule, value: Result, errno: Int32?, site: SourceSite) -> [FaultState]? {
        if let problem = schedule.problem {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.invalidFaultSchedule(schedule.description, problem), site: site))
            return nil
        }
        for pattern in bound {
            guard let problem = pattern.faultProblem(schedule) else { continue }
            FailureReporter.report(ImpostorFailure(message: problem, site: site))
            return nil
        }
        var states: [FaultState] = []
        for pattern in bound {
            let state = FaultState(schedule: schedule, errno: errno, description: pattern.description)
            guard pattern.installFailing(state, answer: StubAnswer { frame, _ in StubAnswer.write(value, to: frame) }, site: site)
            else { return nil }
            states.append(state)
        }
        return states
    }
}

/// The failing stubs `failing` added: how many calls they selected and which they failed.
public struct FaultInjection: Sendable {
    let states: [FaultState]

    /// How many calls the stubs' matchers selected so far, failed or not.
    public var selectedCalls: Int { states.reduce(0) { $0 + $1.selectedCalls } }

    /// How many of them were failed.
    public var failedCalls: Int { states.reduce(0) { $0 + $1.failedCalls } }

    /// Stops failing: later calls go on as if the stubs were not there.
    public func stop() { for state in states { state.deactivate() } }
}

/// A fault a schedule injected into a call: it returned the failing value, with `errno` set
/// when one was given.
public struct InjectedFault: Sendable, Equatable {
    /// The `errno` the call set, if the stub gave one.
    public let errno: Int32?

    /// A fault that set `errno` (nil: none), to compare with ``Invocation/injectedFault``.
    public init(errno: Int32?) { self.errno = errno }
}

/// One failing stub's state: its schedule and count, whether it still fails, the calls it failed.
final class FaultState: @unchecked Sendable {
    // @unchecked: the schedule and counts are touched only under their lock, the flag is
    // atomic, the rest is immutable.
    private struct Counts {
        var schedule: FaultSchedule
        var counter: FaultCounter
        var failed = 0
        var lastFailedStamp: UInt64?
    }

    let errno: Int32?
    /// The prototype, for reports: `write(any(), any(), any())`.
    let description: String
    private let counts: Locked<Counts>
    private let active = Atomic<Bool>(true)

    init(schedule: FaultSchedule, errno: Int32?, description: String) {
        self.errno = errno
        self.description = description
        counts = Locked(Counts(schedule: schedule, counter: FaultCounter(schedule)))
    }

    /// Counts a call the stub selected; true when the schedule fails it. A stopped stub counts
    /// nothing and fails nothing.
    func takeCall() -> Bool {
        guard active.load(ordering: .acquiring) else { return false }
        return counts.withLock { counts in
            let fails = counts.counter.next(counts.schedule)
            if fails { counts.failed += 1 }
            return fails
        }
    }

    /// Notes the stamp of a call the schedule failed.
    func noteFailed(stamp: UInt64) { counts.withLock { $0.lastFailedStamp = stamp } }

    /// Starts over with `schedule`: a sweep's next run.
    func restart(_ schedule: FaultSchedule) {
        counts.withLock { $0 = Counts(schedule: schedule, counter: FaultCounter(schedule)) }
        active.store(true, ordering: .releasing)
    }

    var selectedCalls: Int { counts.withLock { $0.counter.calls } }
    var failedCalls: Int { counts.withLock { $0.failed } }
    var lastFailedStamp: UInt64? { counts.withLock { $0.lastFailedStamp } }
    func deactivate() { active.store(false, ordering: .releasing) }
}

/// Which recorded calls a schedule failed, per mock: read when calls are listed. Empty (one
/// atomic load) unless some stub ever failed a call.
enum FaultLog {
    private static let used = Atomic<Bool>(false)
    private static let marks = Locked<[ObjectIdentifier: [UInt64: InjectedFault]]>([:])

    static func mark(_ mock: ObjectIdentifier, stamp: UInt64, _ fault: InjectedFault) {
        marks.withLock { $0[mock, default: [:]][stamp] = fault }
        used.store(true, ordering: .releasing)
    }

    static func fault(_ mock: ObjectIdentifier, stamp: UInt64) -> InjectedFault? {
        guard used.load(ordering: .acquiring) else { return nil }
        return marks.withLock { $0[mock]?[stamp] }
    }

    /// Forgets a released mock's marks.
    static func forget(_ mock: ObjectIdentifier) {
        guard used.load(ordering: .acquiring) else { return }
        marks.withLock { $0[mock] = nil }
    }
}
