/// The test a thread works for, as far as interposed symbols are concerned.
///
/// A thread that a test starts has no task, so Swift Testing cannot say which test it runs
/// for. `Mockery.withCurrent { }` claims the thread for the Mockery's test for the length of
/// its body, so interposed calls made there count as that test's.
enum ThreadClaim {
    /// The test claiming the current thread, if any.
    static var current: TestIdentity? {
        guard let pointer = GOT.threadOwner else { return nil }
        // Sound: only interned TestIdentity objects, which live for the life of the process,
        // are stored (see `while`).
        return Unmanaged<TestIdentity>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with the current thread claimed by `owner` (no change when nil).
    static func `while`<R>(claimedBy owner: TestIdentity?, _ body: () throws -> R) rethrows -> R {
        guard let owner else { return try body() }
        let previous = GOT.threadOwner
        GOT.threadOwner = UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque())
        defer { GOT.threadOwner = previous }
        return try body()
    }
}
