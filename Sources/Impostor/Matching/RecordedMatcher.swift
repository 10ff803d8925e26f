/// A matcher as it was written in a prototype: type-erased, with its source line and the
/// sentinel it returned in the current round.
struct RecordedMatcher: @unchecked Sendable {
    // @unchecked: the predicate is the user's closure, run on whichever thread calls the mock,
    // as matchers are documented to be.

    let valueType: Any.Type
    let description: String
    let site: SourceSite
    let isAny: Bool
    let sentinel: [UInt8]
    let test: (ArgumentView) -> Bool
    /// Set for equality matchers on C values: the binder compares bytes instead of calling
    /// `test`.
    let literal: LiteralValue?
    /// Set for `cString("…")` and `bytes([…])`: what a stub key compares in C (see ``MemoryKey``).
    let memoryKey: MemoryKey?
    /// Runs when a whole call matched (argument captors keep the value here).
    let onMatch: ((ArgumentView) -> Void)?
    /// Set for matchers and captors that read through a pointer argument.
    let pointerReading: PointerReading?
    /// The same matcher for an argument of a Swift mock, which keeps values rather than bytes.
    let swift: SwiftArgumentMatcher
    /// True when a Swift mock's argument is this matcher's placeholder (same bits for plain
    /// data, equal for an ``ArgumentPlaceholder``).
    let isPlaceholder: (Any) -> Bool

    init<Value>(
        _ matcher: Matcher<Value>, sentinel: Value?, site: SourceSite, onMatch: ((ArgumentView) -> Void)? = nil,
        pointerReading: PointerReading? = nil
    ) {
        self.onMatch = onMatch
        let pointerReading = pointerReading ?? matcher.test.pointerReading
        self.pointerReading = pointerReading
        literal = matcher.literal
        memoryKey = matcher.memoryKey
        valueType = Value.self
        description = matcher.description
        self.site = site
        isAny = matcher.isAny
        self.sentinel = sentinel.map { Sentinel.bytes(of: $0) } ?? []
        // A matcher (or captor) that reads through a pointer whose memory could not be read at
        // call time does not match, whatever it tests: not even a negated one (`!cString("x")`)
        // may take "unreadable" for "different".
        if pointerReading != nil {
            test = { slot in slot.unreadableAddress == nil && matcher.matches(slot) }
        } else {
            test = { matcher.matches($0) }
        }
        swift = SwiftArgumentMatcher(matcher)
        let sentinelBytes = self.sentinel
        let sentinelValue = sentinel
        isPlaceholder = { argument in
            guard let value = argument as? Value, let sentinelValue else { return false }
            if let placeholder = value as? any ArgumentPlaceholder { return SwiftArgumentMatcher.equal(placeholder, sentinelValue) }
            return Sentinel.bytes(of: value) == sentinelBytes
        }
    }
}
