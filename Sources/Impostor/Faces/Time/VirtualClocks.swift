#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FoundationEssentials

/// The C clock functions rebound to a timeline: `clock_gettime`, `gettimeofday` and `time`, in
/// Foundation and the Swift runtime (whose `Date()` and clocks call them), in the libraries the
/// test names and in the test executable.
enum VirtualClocks {
    typealias ClockGetTime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32
    typealias GetTimeOfDay = @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32
    typealias Time = @convention(c) (UnsafeMutablePointer<time_t>?) -> time_t

    /// Where a timeline starts unless the test says: 2023-11-14 22:13:20 UTC.
    static let defaultStart = Date(timeIntervalSince1970: 1_700_000_000)

    /// The clock functions, by name.
    static let clockSymbols = ["clock_gettime", "gettimeofday", "time"]
    /// Every function rebound to the timeline: the clocks, the sleeps and the descriptor waits'
    /// timeouts.
    static let symbols = clockSymbols + VirtualSleeps.symbols + VirtualTimeouts.symbols
    /// What Foundation and the Swift runtime have rebound: their clocks and sleeps. Their
    /// descriptor waits (a run loop's, a file handle's) stay real.
    static let swiftSymbols = clockSymbols + VirtualSleeps.symbols
    /// The libraries whose calls carry `Date()`, `ContinuousClock.now`, `SuspendingClock.now`
    /// (Foundation's essentials and the Swift runtime) and `Thread.sleep` (Foundation).
    static let swiftLibraries = ["libFoundationEssentials", "libswift_Concurrency", "libFoundation"]

    /// How long a sleep on a manually advanced timeline waits in real time for an advance
    /// before it is reported and returns. Task-local, read when a timeline begins, so that a
    /// test of manual advances on a loaded machine can lengthen it for its own timeline only.
    @TaskLocal static var manualWaitLimit = Duration.seconds(10)

    /// Begins a timeline at `start`: rebinds the clock functions for the current test, in a
    /// Mockery of their own. What cannot follow is reported at `site`.
    static func begin(at start: Date, libraries: [String], executable: Bool, automatic: Bool, site: SourceSite) -> VirtualTime {
        var since1970 = start.timeIntervalSince1970
        // Nanoseconds in 64 bits hold 1677 to 2262: outside that, say so and start at the default.
        if !(abs(since1970) < 9e9) {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.virtualTimeStartOutOfRange(start.description, default: defaultStart.description), site: site))
            since1970 = defaultStart.timeIntervalSince1970
        }
        let seconds = since1970.rounded(.down)
        let wallStart = Int64(seconds) * 1_000_000_000 + Int64(((since1970 - seconds) * 1e9).rounded())
        let timeline = Timeline(wallStart: wallStart)
        let waits = TimelineWaits(timeline: timeline, automatic: automatic, abandonAfter: manualWaitLimit)
        let mockery = Mockery("virtual time")
        var scopes: [(scope: InterpositionScope, named: Bool)] = swiftLibraries.map { (.library($0), false) }
        scopes += libraries.map { (.library($0), true) }
        if executable { scopes.append((.mainExecutable, true)) }
        for (scope, named) in scopes {
            let imported = LoadedObjects.importedNames(named ? symbols : swiftSymbols, in: scope)
            if scope == .mainExecutable {
                // A sanitizer's interceptor takes the executable's calls of what it intercepts
                // before any slot: say which of its clocks stay real.
                let unreached = symbols.filter { !imported.contains($0) && InterpositionDiagnosis.sanitizer(intercepting: $0) != nil }
                if imported.isEmpty || !unreached.isEmpty { reportExecutable(following: imported, unreached: unreached, site: site) }
            } else if imported.isEmpty {
                // Foundation or the Swift runtime not loaded: nothing of theirs to follow.
                if named { report(scope, site: site) }
                continue
            }
            for symbol in imported {
                do throws(InterpositionError) {
                    if VirtualSleeps.symbols.contains(symbol) {
                        try VirtualSleeps.rebind(symbol, in: scope, of: mockery, to: timeline, waits: waits, site: site)
                    } else if VirtualTimeouts.symbols.contains(symbol) {
                        try VirtualTimeouts.rebind(symbol, in: scope, of: mockery, to: timeline, waits: waits, site: site)
                    } else {
                        try rebind(symbol, in: scope, of: mockery, to: timeline, site: site)
                    }
                } catch {
                    FailureReporter.report(ImpostorFailure(message: error.description, site: site))
                }
            }
        }
        do throws(InterpositionError) {
            try VirtualTaskSleeps.rebind(of: mockery, to: timeline, waits: waits, site: site)
        } catch {
            FailureReporter.report(ImpostorFailure(message: error.description, site: site))
        }
        return VirtualTime(timeline: timeline, waits: waits, clocks: mockery, site: site)
    }

    /// Why the library `scope` names has no clock of its own to rebind: not loaded, or no
    /// clock read through a slot.
    private static func report(_ scope: InterpositionScope, site: SourceSite) {
        let message: String
        if case .library(let name) = scope, LoadedObjects.scan(symbols[0], in: scope).objectsMatched == 0 {
            message = FailureMessages.virtualTimeLibraryNotLoaded(name)
        } else {
            message = FailureMessages.virtualTimeNoClock(in: scope.description, symbols: symbols)
        }
        FailureReporter.report(ImpostorFailure(message: message, site: site))
    }

    /// Which of the test executable's own clock calls stay real: those a sanitizer's
    /// interceptor takes, or all when it reads no clock through a slot.
    private static func reportExecutable(following: [String], unreached: [String], site: SourceSite) {
        let runtime = unreached.lazy.compactMap(InterpositionDiagnosis.sanitizer(intercepting:)).first
        let message = FailureMessages.virtualTimeExecutableUnreached(
            sanitizer: runtime, unreached: unreached.isEmpty ? symbols : unreached, following: following)
        FailureReporter.report(ImpostorFailure(message: message, site: site))
    }

    /// Rebinds `symbol` in `scope` to a mock of `mockery` that answers from `timeline`, and
    /// from the real function for a clock the timeline does not move.
    private static func rebind(
        _ symbol: String, in scope: InterpositionScope, of mockery: Mockery, to timeline: Timeline, site: SourceSite
    ) throws(InterpositionError) {
        switch symbol {
        case "clock_gettime":
            let mock = try mockery.interposition(symbol, as: ClockGetTime.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            let real = original(of: mock)
            stub(mock(any(), any())).with { (clock: clockid_t, reading: UnsafeMutablePointer<timespec>?) -> Int32 in
                guard let reading, let nanoseconds = timeline.reading(clock) else { return real(clock, reading) }
                reading.pointee = timespec(tv_sec: time_t(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
                return 0
            }
        case "gettimeofday":
            let mock = try mockery.interposition(symbol, as: GetTimeOfDay.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            stub(mock(any(), any())).with { (reading: UnsafeMutablePointer<timeval>?, zone: UnsafeMutableRawPointer?) -> Int32 in
                let nanoseconds = timeline.wallClock
                reading?.pointee = timeval(tv_sec: time_t(nanoseconds / 1_000_000_000), tv_usec: suseconds_t(nanoseconds % 1_000_000_000 / 1000))
                // The obsolete time zone argument: UTC with no daylight saving, as the kernel answers.
                zone?.initializeMemory(as: Int32.self, repeating: 0, count: 2)
                return 0
            }
        default:
            let mock = try mockery.interposition(symbol, as: Time.self, in: scope, answering: .thisTest, capturing: [:], site: site)
            stub(mock(any())).with { (seconds: UnsafeMutablePointer<time_t>?) -> time_t in
                let now = time_t(timeline.wallClock / 1_000_000_000)
                seconds?.pointee = now
                return now
            }
        }
    }
}
