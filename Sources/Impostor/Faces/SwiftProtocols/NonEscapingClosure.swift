/// What a generated mock records for a non-escaping closure argument.
///
/// A non-escaping closure cannot outlive the call, but the call log keeps every argument, so
/// `@Mockable` records this marker in its place: the call is counted, matched (`any()`) and
/// verified like any other, and a stub's block receives the marker, not the closure. To have a
/// stub run the closure, declare the parameter `@escaping` in the protocol.
public struct NonEscapingClosure: Sendable, Equatable, CustomStringConvertible {
    /// The marker.
    public init() {}

    /// `non-escaping closure`, as messages show the argument.
    public var description: String { "non-escaping closure" }
}
