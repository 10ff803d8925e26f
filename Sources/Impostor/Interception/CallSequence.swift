import Synchronization

/// The global order of calls across every mock: each call takes the next number when it
/// arrives, so in-order verification can compare calls to different mocks.
enum CallSequence {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
