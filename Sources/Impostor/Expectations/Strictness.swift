/// What a ``Mockery`` does with an uninteresting call: a call to a mock that no expectation
/// mentions and no stub answers (gMock's nice, naggy and strict mocks).
///
/// ```swift
/// let context = Mockery("publisher", strictness: .strict)
/// ```
///
/// A call to a mock that some expectation mentions, but that no expectation allows, is an
/// *unexpected* call and fails whatever the strictness.
public enum Strictness: Sendable, Equatable {
    /// Uninteresting calls are recorded and return zero, silently. The default.
    case nice
    /// Uninteresting calls are recorded, return zero and are reported as warnings: a Swift
    /// Testing warning in a Swift Testing test, a line on standard error elsewhere.
    case naggy
    /// Uninteresting calls fail, as unexpected calls do.
    case strict
}
