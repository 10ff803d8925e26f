/// What a stub does when a call matches it: runs the user's block (or picks the next value)
/// and writes the result into the call's return slot.
struct StubAnswer: @unchecked Sendable {
    // @unchecked: the closure wraps the user's block, which runs on whichever thread calls
    // the mock, as stub blocks are documented to.

    /// Runs the answer for one call; `sequence` is the call's global sequence number.
    let run: (CallFrame, UInt64) -> Void

    /// A block that takes no arguments.
    static func block<R>(_ body: @escaping () -> R) -> StubAnswer {
        StubAnswer { frame, _ in frame.writeResult(body()) }
    }

    /// A block that takes the function's arguments, decoded with an `inout` cursor (a
    /// captured mutable counter would cost an exclusivity check per argument).
    static func block<each A, R>(_ body: @escaping (repeat each A) -> R) -> StubAnswer {
        StubAnswer { frame, _ in
            var cursor = 0
            frame.writeResult(body(repeat Self.decode((each A).self, from: frame, at: &cursor)))
        }
    }

    /// A block that takes the whole ``Invocation``.
    static func block<R>(mockName: String, _ body: @escaping (Invocation) -> R) -> StubAnswer {
        StubAnswer { frame, sequence in
            let record = frame.record(sequence: sequence, thread: CallingThread.currentID)
            frame.writeResult(body(Invocation(mockName: mockName, signature: frame.signature, record: record)))
        }
    }

    @inline(__always)
    private static func decode<T>(_ type: T.Type, from frame: CallFrame, at cursor: inout Int) -> T {
        defer { cursor += 1 }
        return frame.argument(cursor, as: T.self)
    }
}
