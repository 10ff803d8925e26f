import CImpostor

/// Collects the mock calls a prototype makes while this thread is in recording mode.
///
/// In recording mode (set by `stub`/`verify` around the prototype) a trampoline does not
/// record or answer the call: it hands it here, with the matchers pushed since the previous
/// call, and returns zero.
final class PrototypeRecorder {
    struct CapturedCall {
        let interceptor: Interceptor
        let arguments: [[UInt8]]
        let matchers: [RecordedMatcher]
    }

    private(set) var calls: [CapturedCall] = []

    /// The recorder of the prototype this thread is evaluating.
    static var active: PrototypeRecorder? {
        guard let pointer = impostor_current_thread_state().pointee.recorder else { return nil }
        return Unmanaged<PrototypeRecorder>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// True while this thread evaluates a prototype.
    static var isRecording: Bool { impostor_is_recording() != 0 }

    func capture(_ interceptor: Interceptor, _ frame: CallFrame) {
        calls.append(CapturedCall(
            interceptor: interceptor, arguments: frame.argumentBytes(), matchers: MatcherRecorder.current.takeAll()))
    }

    /// Runs `body` with this recorder active on the thread.
    func recording(_ body: () -> Void) {
        let state = impostor_current_thread_state()
        // Sound: the recorder outlives `body`, and the pointer is cleared before returning.
        state.pointee.recorder = Unmanaged.passUnretained(self).toOpaque()
        state.pointee.recording = 1
        defer {
            state.pointee.recording = 0
            state.pointee.recorder = nil
        }
        withExtendedLifetime(self) { body() }
    }
}
