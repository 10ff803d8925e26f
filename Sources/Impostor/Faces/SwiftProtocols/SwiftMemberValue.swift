// A member's reference or ready prototype that reached an untyped `stub(...)` as if it were a
// call. Swift picks the untyped prototype forms only when the typed one does not fit what
// follows (`throwing(error)` with an error the member cannot throw): this names that mistake,
// where the untyped form alone would say "calls no mock" or show a `CallPrototype` type.

/// A value that stands for a Swift member rather than a call to it.
protocol SwiftMemberValue {
    /// The member's name, as messages show it.
    var memberName: String { get }
    /// What it throws (`Never` when nothing): the likeliest misfit is `throwing(_:)`.
    var memberFailure: Any.Type { get }
}

extension MockReference: SwiftMemberValue {
    var memberName: String { member.name }
    var memberFailure: Any.Type { member.failureType }
}

extension CallPrototype: SwiftMemberValue {
    var memberName: String { member.name }
    var memberFailure: Any.Type { member.failureType }
}
