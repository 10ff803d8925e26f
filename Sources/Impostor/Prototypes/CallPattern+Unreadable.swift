/// Matchers that read through a pointer argument whose memory could not be read when the call
/// arrived (see ``CapturedMemory/unreadable(at:)``). Such a matcher does not match, and the
/// failure says why, at the matcher's line: a stub's call gets the next answer, and a verify
/// does not count the call, but neither is silent.
extension CallPattern {
    /// A matcher of the pattern that could not read its argument in one call.
    struct UnreadableReading {
        let matcher: RecordedMatcher
        let position: Int
        let address: UInt
    }

    /// The matchers that could not read their argument in the call `slot` reads, when every
    /// other argument matches (they alone turned the call down); empty otherwise, since the
    /// call would not have matched anyway.
    func unreadableReadings(_ slot: (Int) -> ArgumentView) -> [UnreadableReading] {
        var readings: [UnreadableReading] = []
        for index in pointerReaders {
            guard case .test(let matcher) = arguments[index], let address = slot(index).unreadableAddress else { continue }
            readings.append(UnreadableReading(matcher: matcher, position: index, address: address))
        }
        guard !readings.isEmpty else { return [] }
        for index in arguments.indices where !readings.contains(where: { $0.position == index }) {
            guard arguments[index].matches(slot(index)) else { return [] }
        }
        return readings
    }

    /// The failure for `reading`, at the matcher's line; `call` is the call's place among the
    /// mock's calls (from 1) when a verify read a recorded call.
    func failure(_ reading: UnreadableReading, call: Int? = nil) -> ImpostorFailure {
        ImpostorFailure(
            message: FailureMessages.matcherCannotRead(
                reading.matcher.description, purpose: purpose, mock: interceptor.name, position: reading.position,
                address: reading.address, call: call),
            site: reading.matcher.site)
    }

    /// Reports the matchers that could not read their argument in a live call this pattern
    /// turned down at argument `index`, to the test (or kept for its thread). Out of line and
    /// off the common path: only a matcher that reads through a pointer gets here, and it
    /// returns at once unless that argument's memory was unreadable.
    @inline(never)
    func reportUnreadable(_ frame: CallFrame, turnedDownAt index: Int) {
        guard frame.slot(index).unreadableAddress != nil else { return }
        for reading in unreadableReadings(frame.slot) {
            FailureReporter.report(failure(reading), pending: interceptor.pendingFailures)
        }
    }
}
