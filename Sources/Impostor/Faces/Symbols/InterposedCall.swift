import CImpostorInterpose

/// Marks the thread while an interposed symbol's mock answers, so that the answer's own calls
/// of the symbol by name reach the real function instead of the mock again.
enum InterposedCall {
    @inline(__always)
    static func answering(_ index: Int32, _ body: () -> Void) {
        let was = impostor_got_set_answering(UInt32(index), 1)
        defer { if was == 0 { impostor_got_set_answering(UInt32(index), 0) } }
        body()
    }
}
