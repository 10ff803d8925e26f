/// What a stub does when a call matches it: runs the user's block (or picks the next value)
/// and writes the result into the call's return slot.
///
/// Answers are built by inlinable code (`Stubbing.with`, `returning`, …), so the decoding of
/// arguments and the writing of the result are specialized for the block's types in the
/// user's module instead of going through generic metadata on every call.
@usableFromInline
struct StubAnswer: @unchecked Sendable {
    // @unchecked: the closure wraps the user's block, which runs on whichever thread calls
    // the mock, as stub blocks are documented to.

    /// Runs the answer for one call; the second argument is the call's global sequence number.
    @usableFromInline let run: (CallFrame, UInt64) -> Void

    @usableFromInline
    init(run: @escaping (CallFrame, UInt64) -> Void) {
        self.run = run
    }

    /// Argument `cursor` of the call as `T`, moving the cursor on (an `inout` cursor: a
    /// captured mutable counter would cost an exclusivity check per argument).
    @inlinable @inline(__always)
    static func argument<T>(_ type: T.Type, of frame: CallFrame, at cursor: inout Int) -> T {
        defer { cursor += 1 }
        return TrivialValue.load(T.self, from: frame.argumentAddress(cursor))
    }

    /// Writes `value`, of the function's return type, as the call's result.
    @inlinable @inline(__always)
    static func write<R>(_ value: R, to frame: CallFrame) {
        withUnsafeBytes(of: value) { frame.writeResult($0) }
    }

    /// A block that takes the whole ``Invocation``.
    static func block<R>(mockName: String, _ body: @escaping (Invocation) -> R) -> StubAnswer {
        StubAnswer { frame, sequence in
            let record = frame.record(sequence: sequence, thread: CallingThread.currentID)
            write(body(Invocation(mockName: mockName, signature: frame.signature, record: record)), to: frame)
        }
    }

    /// A block that takes no arguments.
    static func block<R>(_ body: @escaping () -> R) -> StubAnswer {
        StubAnswer { frame, _ in write(body(), to: frame) }
    }
}
