/// One call a Swift mock received: its arguments as the caller passed them (values kept, never
/// copied byte by byte), what it returned or threw, when and on which thread.
@usableFromInline
struct SwiftCall: @unchecked Sendable {
    // @unchecked: the arguments are the caller's values, kept as they are; like a C mock's
    // recorded bytes they are read by verification on the test's thread after the call.

    @usableFromInline let stamp: UInt64
    @usableFromInline let thread: UInt
    let arguments: [Any]
    /// The value returned (nil for a call that threw or has not returned yet).
    var result: Any?
    /// The error thrown, if any.
    @usableFromInline var error: (any Error)?
    /// The call's record in its member's log, which a verify marks (0 before it is recorded).
    var mark: UInt = 0
}
