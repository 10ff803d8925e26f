import CImpostor

/// The door to the calling thread's C state (`impostor_thread_state.h`): whether a prototype is
/// being evaluated or matchers wait, the thread's matcher stack and prototype recorder, where an
/// answer's failures go, and the libffi-only switch of the benchmarks.
///
/// The state is C `_Thread_local` storage because Swift has none, and because the entry points
/// read it on every call without entering Swift. Every accessor is one load or store of this
/// thread's own storage; the per-call ones are always inlined.
enum ThreadState {
    /// True while this thread evaluates a stub or verify prototype.
    @inline(__always)
    static var isRecording: Bool { impostor_is_recording() != 0 }

    /// True when this thread evaluates a prototype or has matchers waiting: the one check every
    /// mock call makes (one 8-byte load).
    @inline(__always)
    static var needsAttention: Bool { impostor_needs_attention() != 0 }

    /// Marks the start (non-nil) or end (nil) of a prototype's evaluation by `recorder`
    /// (unretained: the caller keeps it alive until it sets nil again).
    static func setRecorder(_ recorder: UnsafeMutableRawPointer?) {
        let state = impostor_current_thread_state()
        // In this order, so that a signal handler's mock call in between never sees `recording`
        // without a recorder.
        if let recorder {
            state.pointee.recorder = recorder
            state.pointee.recording = 1
        } else {
            state.pointee.recording = 0
            state.pointee.recorder = nil
        }
    }

    /// The recorder of the prototype this thread evaluates (unretained), or nil.
    static var recorder: UnsafeMutableRawPointer? { impostor_current_thread_state().pointee.recorder }

    /// How many matchers wait on this thread; the entry points read it on every call.
    @inline(__always)
    static var pendingMatchers: Int32 {
        get { impostor_current_thread_state().pointee.pending_matchers }
        set { impostor_current_thread_state().pointee.pending_matchers = newValue }
    }

    /// This thread's matcher stack (a retained Swift object), or nil before its first use.
    static var matcherStack: UnsafeMutableRawPointer? {
        get { impostor_current_thread_state().pointee.matcher_stack }
        set { impostor_current_thread_state().pointee.matcher_stack = newValue }
    }

    /// Runs `handler(value)` when this thread ends (not for the main thread). Once per thread,
    /// always with the same handler; false when the hook could not be installed.
    static func onThreadEnd(_ value: UnsafeMutableRawPointer, _ handler: @convention(c) (UnsafeMutableRawPointer) -> Void) -> Bool {
        impostor_on_thread_end(value, handler) == 0
    }

    /// True while mocks made on this thread must be libffi closures.
    static var libffiOnly: Bool {
        get { impostor_current_thread_state().pointee.libffi_only != 0 }
        set { impostor_current_thread_state().pointee.libffi_only = newValue ? 1 : 0 }
    }

    /// What a stub's answer replaced, put back by ``endAnswering(_:)``.
    typealias Answering = impostor_answering

    /// Sends failures raised on this thread to `failures` while the caller's answer runs, and
    /// keeps the caller's frame address with it: code running after an answer left by `longjmp`
    /// (which never calls ``endAnswering(_:)``) is told apart by its frame, not below that one.
    /// Always inlined, so that the frame address taken is the caller's.
    @inline(__always)
    static func beginAnswering(_ failures: UnsafeMutableRawPointer) -> Answering {
        impostor_begin_answering(failures, impostor_frame_address())
    }

    /// The same, with `frame` an address in the frame of the code that runs the answer (a
    /// local's), for a caller that is not inlined into that code.
    static func beginAnswering(_ failures: UnsafeMutableRawPointer, frame: UInt) -> Answering {
        impostor_begin_answering(failures, frame)
    }

    /// What ``beginAnswering(_:)`` replaced, as code outside this room keeps it.
    static func mark(of previous: Answering) -> (failures: UnsafeMutableRawPointer?, stack: UInt) {
        (previous.failures, UInt(previous.stack))
    }

    /// Puts back what a mark says ``beginAnswering(_:)`` replaced.
    static func endAnswering(mark: (failures: UnsafeMutableRawPointer?, stack: UInt)) {
        impostor_end_answering(Answering(failures: mark.failures, stack: mark.stack))
    }

    /// Puts back what ``beginAnswering(_:)`` replaced.
    @inline(__always)
    static func endAnswering(_ previous: Answering) { impostor_end_answering(previous) }

    /// The failure store of the answer running on this thread (unretained), or nil, nil as well
    /// when the answer that set it was left by `longjmp`.
    static var answeringFailures: UnsafeMutableRawPointer? { impostor_answering_failures() }

    /// Sets this thread's `errno`, which a C caller reads once the mock returns.
    static func setErrno(_ code: Int32) { impostor_set_errno(code) }
}
