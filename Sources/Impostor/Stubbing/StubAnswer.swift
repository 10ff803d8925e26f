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

    /// Runs the answer for one call; the second argument is the call's stamp.
    @usableFromInline let run: (CallFrame, UInt64) -> Void
    /// True when the answer reads what the call copied from its pointer arguments (a block that
    /// takes the whole ``Invocation``): a call an entry point answers on its own has its copies
    /// in its record only, so such a stub is never a stub key of a mock that copies.
    let readsCaptures: Bool
    /// True when the answer calls the real function of an interposed symbol, which needs the
    /// handler's array of argument pointers: such a stub is never a stub key.
    let callsOriginal: Bool

    @usableFromInline
    init(readsCaptures: Bool = false, callsOriginal: Bool = false, run: @escaping (CallFrame, UInt64) -> Void) {
        self.run = run
        self.readsCaptures = readsCaptures
        self.callsOriginal = callsOriginal
    }

    /// True when only the Swift handler can run this answer for a call of a mock whose copies
    /// are described by `plan` (see ``readsCaptures`` and ``callsOriginal``).
    func needsTheHandler(_ plan: CapturePlan) -> Bool {
        callsOriginal || (readsCaptures && !plan.isEmpty)
    }

    /// Argument `cursor` of the call as `T`, moving the cursor on (an `inout` cursor: a
    /// captured mutable counter would cost an exclusivity check per argument).
    @inlinable @inline(__always)
    static func argument<T>(_ type: T.Type, of frame: CallFrame, at cursor: inout Int) -> T {
        defer { cursor += 1 }
        return TrivialValue.load(T.self, from: frame.argumentAddress(cursor))
    }

    /// Argument `index` of the call as `T`: the fixed-count forms of `Stubbing.with`, whose
    /// indices are constants (an `inout` cursor is a local whose address is taken, which costs
    /// a stack protector in the block's thunks).
    @inlinable @inline(__always)
    static func argument<T>(_ type: T.Type, of frame: CallFrame, index: Int) -> T {
        TrivialValue.load(T.self, from: frame.argumentAddress(index))
    }

    /// Writes `value`, of the function's return type, as the call's result. Values of 1, 2, 4
    /// or 8 bytes go as their bits (the size is known once this is specialized): taking the
    /// value's address instead cost a stack protector in each of the block's thunks.
    @inlinable @inline(__always)
    static func write<R>(_ value: R, to frame: CallFrame) {
        // The bit casts are exact: each case has R's size, and R is a trivial C type (the
        // stub checked it against the signature's result).
        switch MemoryLayout<R>.size {
        case 8: frame.writeResult(bits: unsafeBitCast(value, to: UInt64.self))
        case 4: frame.writeResult(bits: UInt64(unsafeBitCast(value, to: UInt32.self)))
        case 2: frame.writeResult(bits: UInt64(unsafeBitCast(value, to: UInt16.self)))
        case 1: frame.writeResult(bits: UInt64(unsafeBitCast(value, to: UInt8.self)))
        default: withUnsafeBytes(of: value) { frame.writeResult($0) }
        }
    }

    /// A block that takes the whole ``Invocation``.
    static func block<R>(mockName: String, _ body: @escaping (Invocation) -> R) -> StubAnswer {
        StubAnswer(readsCaptures: true) { frame, stamp in
            let record = frame.record(stamp: stamp, thread: CallingThread.currentID)
            write(body(Invocation(mockName: mockName, signature: frame.signature, record: record)), to: frame)
        }
    }

    /// A block that takes no arguments.
    static func block<R>(_ body: @escaping () -> R) -> StubAnswer {
        StubAnswer { frame, _ in write(body(), to: frame) }
    }
}
