/// What a matcher reads through a pointer argument: the memory it needs copied at call time,
/// and how to show what it saw. A class, so that every other matcher pays one word for it:
/// stubs keep their matchers for the life of the mock.
final class PointerReading: @unchecked Sendable {
    // @unchecked: `describe` only formats copied bytes, on whichever thread lists a failure.

    enum Need: Equatable, Sendable {
        /// Text, from a string or a buffer.
        case text
        /// The first `count` bytes.
        case bytes(Int)
    }

    let need: Need
    /// What the matcher saw in an argument: `"goodbye"`, `pointee 7`, `bytes [41 42]`.
    let describe: (ArgumentView) -> String

    init(need: Need, describe: @escaping (ArgumentView) -> String) {
        self.need = need
        self.describe = describe
    }

    /// Whether a parameter with `rule` supplies what the matcher needs: anything copied does,
    /// except fewer fixed bytes than it reads.
    func isSatisfied(by rule: CaptureRule) -> Bool {
        switch (rule, need) {
        case (.none, _): false
        case (.bytes(let copied), .bytes(let needed)): copied >= needed
        default: true
        }
    }

    /// How a reading that found nothing is shown.
    static func describe<Value>(_ reading: ArgumentView.Reading<Value>, _ show: (Value) -> String) -> String {
        switch reading {
        case .null: "nil"
        case .notCaptured: FailureMessages.nothingCaptured
        case .unreadable(let address): FailureMessages.unreadableAtCallTime(address)
        case .value(let value): show(value)
        }
    }
}
