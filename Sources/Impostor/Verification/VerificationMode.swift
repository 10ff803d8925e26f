/// How many matching calls a `verify` expects.
///
/// ```swift
/// verify(.exactly(2), add(any(), 5))      // or .times(2), Mockito's spelling
/// verify(.never, add(9, 9))
/// verify(.between(1...3), add(any(), any()))
/// ```
public struct VerificationMode: Sendable, Equatable, CustomStringConvertible {
    /// The smallest accepted count.
    public let minimum: Int
    /// The largest accepted count; nil for no limit.
    public let maximum: Int?

    init(minimum: Int, maximum: Int?) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Exactly `count` matching calls.
    public static func exactly(_ count: Int) -> VerificationMode { VerificationMode(minimum: count, maximum: count) }
    /// Exactly `count` matching calls: Mockito's spelling of ``exactly(_:)``.
    ///
    /// ```swift
    /// verify(.times(2), add(any(), 5))
    /// ```
    public static func times(_ count: Int) -> VerificationMode { .exactly(count) }
    /// Exactly one matching call.
    public static var once: VerificationMode { .exactly(1) }
    /// No matching call.
    public static var never: VerificationMode { .exactly(0) }
    /// At least `count` matching calls.
    public static func atLeast(_ count: Int) -> VerificationMode { VerificationMode(minimum: count, maximum: nil) }
    /// At least one matching call: what `verify(call)` means.
    public static var atLeastOnce: VerificationMode { .atLeast(1) }
    /// At most `count` matching calls.
    public static func atMost(_ count: Int) -> VerificationMode { VerificationMode(minimum: 0, maximum: count) }
    /// A number of matching calls inside `range`.
    public static func between(_ range: ClosedRange<Int>) -> VerificationMode {
        VerificationMode(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// True when `count` matching calls satisfy the mode.
    public func accepts(_ count: Int) -> Bool {
        count >= minimum && (maximum.map { count <= $0 } ?? true)
    }

    /// True for modes a timed verify must watch for the whole duration (`.never`, `.atMost`):
    /// they can only fail later, never succeed early.
    var waitsWholeDuration: Bool { minimum == 0 && maximum != nil }

    /// True when the counts make sense (none negative).
    var isValid: Bool { minimum >= 0 && (maximum.map { $0 >= minimum } ?? true) }

    /// `exactly once`, `at least 2 times`, `never`, `between 1 and 3 times`.
    public var description: String {
        switch (minimum, maximum) {
        case (0, 0?): "never"
        case (let low, let high?) where low == high: "exactly \(Plural.times(low))"
        case (let low, nil): "at least \(Plural.times(low))"
        case (0, let high?): "at most \(Plural.times(high))"
        case (let low, let high?): "between \(low) and \(Plural.times(high))"
        }
    }
}

/// `once`, `2 times`.
enum Plural {
    static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
    static func calls(_ count: Int) -> String { count == 1 ? "1 call" : "\(count) calls" }
    static func failures(_ count: Int) -> String { count == 1 ? "1 failure" : "\(count) failures" }
}
