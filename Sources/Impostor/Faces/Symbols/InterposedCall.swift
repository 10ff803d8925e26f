/// Marks the thread while an interposed symbol's mock answers, so that the answer's own calls
/// of the symbol by name reach the real function instead of the mock again.
enum InterposedCall {
    @inline(__always)
    static func answering(_ index: Int32, _ body: () -> Void) {
        let was = GOT.setAnswering(UInt32(index), true)
        defer { if !was { _ = GOT.setAnswering(UInt32(index), false) } }
        body()
    }
}
