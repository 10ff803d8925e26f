/// The thread-local stack every matcher pushes itself onto, Mocka-style.
///
/// Writing `add(anyInt(), 5)` inside `stub(...)` calls `anyInt()` before the mock: it pushes its
/// matcher here with the line it was written on, and returns a sentinel value that the mock
/// call carries to the trampoline, where the prototype recorder collects the stack. The stack
/// lives in C thread-local storage because the prototype runs synchronously on the thread that
/// stubs; a matcher pushed outside `stub`/`verify` stays here, and is reported at its own line
/// the next time Impostor is used on the thread, or when the thread ends.
final class MatcherRecorder {
    private(set) var entries: [RecordedMatcher] = []
    /// Where the matchers waiting here go if the thread ends with them: the store of the
    /// Mockery whose stub was answering a call on this thread when the first was pushed, else
    /// of the `withCurrent` scope then; nil when neither, since nothing then says which test,
    /// if any, the thread worked for.
    private var owner: PendingFailures?
    /// The evaluation round of the prototype being recorded (0 outside prototypes).
    var round = 0
    /// Placeholders of matchers written outside any prototype on this thread (already
    /// reported), so that a stub or verify that later passes one as a literal is refused
    /// instead of silently matching the placeholder's value. The newest few, for the Mockery
    /// that was current then.
    private var stale: [StalePlaceholder] = []
    private var staleMockery: ObjectIdentifier?

    /// This thread's recorder, created on first use and kept for the thread's life.
    static var current: MatcherRecorder {
        if let existing = ThreadState.matcherStack {
            return Unmanaged<MatcherRecorder>.fromOpaque(existing).takeUnretainedValue()
        }
        let recorder = MatcherRecorder()
        let retained = Unmanaged.passRetained(recorder).toOpaque()
        ThreadState.matcherStack = retained
        // Released, after its leftovers are reported, when the thread ends.
        _ = ThreadState.onThreadEnd(retained) { MatcherRecorder.threadEnded($0) }
        return recorder
    }

    /// Runs as the thread ends: reports the matchers still waiting on it, each at its own line
    /// (see `owner`), and frees the recorder.
    private static func threadEnded(_ retained: UnsafeMutableRawPointer) {
        // Forgotten first: should Impostor be used on this thread again (by another key's
        // destructor), it makes a recorder of its own.
        if ThreadState.matcherStack == retained { ThreadState.matcherStack = nil }
        let recorder = Unmanaged<MatcherRecorder>.fromOpaque(retained).takeRetainedValue()
        let owner = recorder.owner
        for matcher in recorder.takeAll() {
            FailureReporter.reportFromEndedThread(
                ImpostorFailure(message: FailureMessages.matcherLeftOnEndedThread(matcher.description), site: matcher.site),
                owner: owner)
        }
    }

    /// True when matchers are waiting on this thread (one thread-local read).
    static var hasPending: Bool { ThreadState.pendingMatchers != 0 }

    /// Pushes `matcher` and returns its sentinel for the current round.
    func push<Value>(
        _ matcher: Matcher<Value>, site: SourceSite, onMatch: ((ArgumentView) -> Void)? = nil,
        pointerReading: PointerReading? = nil
    ) -> Value {
        // Bool placeholders come from a small set of patterns: number them among the Bool
        // matchers only, so two of them never share one.
        let index = Value.self == Bool.self ? entries.count(where: { $0.valueType == Bool.self }) : entries.count
        guard _isPOD(Value.self) || Value.self is any ArgumentPlaceholder.Type else {
            // No value of the argument's type can be made to return: say so where the matcher
            // was written, before the one stop there is no way around.
            FailedClosureMock.stop(FailureMessages.noPlaceholder(matcher.description, type: TypeMetadata.name(of: Value.self)), site: site)
        }
        // Outside a prototype, this may become a leftover: note whose it would be.
        if entries.isEmpty, !ThreadState.isRecording {
            owner = PendingFailures.answering ?? Mockery.scoped?.pendingFailures
        }
        let sentinel = Sentinel.value(of: Value.self, index: index, round: round)
        entries.append(RecordedMatcher(matcher, sentinel: sentinel, site: site, onMatch: onMatch, pointerReading: pointerReading))
        ThreadState.pendingMatchers = Int32(entries.count)
        return sentinel
    }

    /// Takes every pushed matcher off the stack, oldest first.
    func takeAll() -> [RecordedMatcher] {
        defer {
            entries.removeAll(keepingCapacity: true)
            owner = nil
            ThreadState.pendingMatchers = 0
        }
        return entries
    }

    /// Remembers the placeholder a matcher outside any prototype returned.
    private func rememberStale(_ matcher: RecordedMatcher) {
        // Bool placeholders are true or false, and one-byte ones small numbers: too likely to
        // be a real literal to be refused.
        guard matcher.valueType != Bool.self, matcher.sentinel.count >= 2 else { return }
        let mockery = ObjectIdentifier(Mockery.current)
        if staleMockery != mockery { stale.removeAll() }
        staleMockery = mockery
        stale.append(StalePlaceholder(bytes: matcher.sentinel, type: matcher.valueType, description: matcher.description, site: matcher.site))
        if stale.count > 32 { stale.removeFirst() }
    }

    /// The stale placeholder a literal argument of type `type` equals, if any.
    func stalePlaceholder(matching bytes: [UInt8], of type: Any.Type) -> StalePlaceholder? {
        guard staleMockery == ObjectIdentifier(Mockery.current) else { return nil }
        return stale.last { $0.type == type && $0.bytes == bytes }
    }

    /// Reports matchers left on this thread's stack by code outside `stub`/`verify`, each at
    /// its own line, and clears them. Returns whether there were any: a mock called now is
    /// called by a prototype outside `stub`/`verify`, with their placeholders as arguments.
    @discardableResult
    static func reportLeftovers() -> Bool {
        guard hasPending else { return false }
        let recorder = current
        for matcher in recorder.takeAll() {
            recorder.rememberStale(matcher)
            FailureReporter.report(ImpostorFailure(message: FailureMessages.matcherOutsidePrototype(matcher.description), site: matcher.site))
        }
        return true
    }
}

/// Puts `matcher` in place of an argument: the one entry point of every built-in matcher.
@inline(never)
func record<Value>(
    _ matcher: Matcher<Value>, _ site: SourceSite, onMatch: ((ArgumentView) -> Void)? = nil,
    pointerReading: PointerReading? = nil
) -> Value {
    MatcherRecorder.current.push(matcher, site: site, onMatch: onMatch, pointerReading: pointerReading)
}

/// A placeholder a matcher outside any prototype returned.
struct StalePlaceholder {
    let bytes: [UInt8]
    let type: Any.Type
    let description: String
    let site: SourceSite
}
