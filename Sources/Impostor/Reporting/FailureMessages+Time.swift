// Texts for virtual time.

extension FailureMessages {
    /// `advance(by:)` given a negative duration.
    static func negativeAdvance(_ duration: Duration) -> String {
        "advance(by:) was given a negative duration (\(duration)): a timeline only goes forward. "
            + "Give zero or more; the clocks did not move."
    }

    /// `advance(by:)` or `advance(to:)` that would carry a clock past what a `timespec` holds.
    static func advancePastTheEnd(_ duration: Duration) -> String {
        "advance(by: \(duration)) would carry the clocks past the last instant C's timespec holds "
            + "(year 292,277,026,596); the clocks did not move."
    }

    /// `advance(to:)` given an instant before the timeline's.
    static func advanceIntoThePast(to instant: String, now: String) -> String {
        "advance(to: \(instant)) asks for an instant before the timeline's (\(now)): a timeline only goes forward. "
            + "The clocks did not move."
    }

    /// `setWallClock(to:)` given an instant the timeline's nanoseconds cannot hold.
    static func wallClockOutOfRange(_ instant: String) -> String {
        "setWallClock(to: \(instant)) is outside what a timeline holds (the years 1677 to 2262: nanoseconds since 1970 in "
            + "64 bits, as C's clocks count them); the wall clock did not move."
    }

    /// A start the timeline's nanoseconds cannot hold.
    static func virtualTimeStartOutOfRange(_ start: String, default fallback: String) -> String {
        "withVirtualTime(startingAt: \(start)) is outside what a timeline holds (the years 1677 to 2262: nanoseconds "
            + "since 1970 in 64 bits, as C's clocks count them); it starts at \(fallback) instead."
    }

    /// `withVirtualTime` inside another.
    static let virtualTimeInsideVirtualTime =
        "withVirtualTime was called inside another withVirtualTime: a test has one timeline. "
        + "The body ran on the outer timeline; advance that one instead."

    /// A library named to `withVirtualTime(in:)` that is not loaded.
    static func virtualTimeLibraryNotLoaded(_ name: String) -> String {
        "withVirtualTime(in: [\"\(name)\"]): no loaded library is named \(name), so none of its clock reads can follow "
            + "the timeline. Load it first (link it, or call it once), or check the name (\"libsqlite3\" selects "
            + "libsqlite3.so.0). The other clocks follow the timeline."
    }

    /// A scope that reads no clock through a slot.
    static func virtualTimeNoClock(in scope: String, symbols: [String]) -> String {
        "withVirtualTime(in: [\"\(scope)\"]): \(scope) calls none of \(symbols.joined(separator: ", ")) through its "
            + "GOT, so nothing in it can follow the timeline (it may read the clock with a system call of its own, "
            + "or through another library: name that one). The other clocks follow the timeline."
    }

    /// The test executable's own calls of `unreached` cannot follow the timeline: a sanitizer's
    /// interceptor takes them, or the executable reads no clock through a slot. Its calls of
    /// `following` do.
    static func virtualTimeExecutableUnreached(sanitizer: String?, unreached: [String], following: [String]) -> String {
        let names = unreached.joined(separator: ", ")
        let why = sanitizer.map { "\($0)'s interceptors take the test executable's calls of \(names) before any GOT slot" }
            ?? "the test executable calls none of \(names) through its GOT"
        let rest = following.isEmpty ? "" : "; its calls of \(following.joined(separator: ", ")) follow the timeline"
        return "withVirtualTime: \(why), so the test's own C targets call those in real time\(rest). Date(), "
            + "ContinuousClock, SuspendingClock and the libraries named follow the timeline. Pass executable: false "
            + "to say that is enough" + (sanitizer == nil ? "." : ", or run the test without the sanitizer.")
    }

    /// A sleep whose deadline lies past what a `timespec` holds.
    static func sleepPastTheEnd(_ call: String) -> String {
        "\(call) asks to sleep past the last instant C's timespec holds (year 292,277,026,596); it returned at once "
            + "and the clocks did not move."
    }

    /// A sleep on a manually advanced timeline that no advance reached.
    static func sleepNeverWoken(_ sleep: String, limit: Duration) -> String {
        "A sleep waited \(limit) of real time for the test to advance the timeline to its deadline, and nothing did: "
            + "\(sleep). The timeline is advanced manually, so only advance(by:), advance(to:) or advanceToNextSleep() "
            + "wake a sleep; a sleep on the test's own thread cannot be woken that way. It returned, the clocks unmoved. "
            + "Advance the timeline from the test, or let it advance automatically."
    }

    /// Sleeps still waiting when the scope ended.
    static func sleepsLeftWaiting(_ sleeps: [String]) -> String {
        let count = sleeps.count == 1 ? "A sleep was" : "\(sleeps.count) sleeps were"
        return "\(count) still waiting on the timeline when withVirtualTime ended, and returned at once: "
            + sleeps.joined(separator: "; ") + ". Advance the timeline past their deadlines before the scope ends, "
            + "or stop the code that sleeps."
    }
}
