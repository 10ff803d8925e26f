/// What one argument of a call pattern accepts, after binding: anything, a literal value
/// (compared as C compares it), or a matcher's test.
enum ArgumentMatcher: @unchecked Sendable {
    // @unchecked: see RecordedMatcher.
    case any(RecordedMatcher)
    case literal([UInt8], leaves: [ValueLeaf], text: String)
    case test(RecordedMatcher)

    @inline(__always)
    func matches(_ slot: ArgumentView) -> Bool {
        switch self {
        case .any: true
        case .literal(let bytes, let leaves, _): slot.isEqual(to: bytes, leaves: leaves)
        case .test(let matcher): matcher.test(slot)
        }
    }

    /// True for a matcher that reads through a pointer argument (`cString`, `bytes`, a text
    /// literal, a pointer captor).
    var readsThroughPointer: Bool {
        if case .test(let matcher) = self { return matcher.pointerReading != nil }
        return false
    }

    /// `any()`, `5`, `gt(3)`: as the argument reads in messages.
    var description: String {
        switch self {
        case .any(let matcher), .test(let matcher): matcher.description
        case .literal(_, _, let text): text
        }
    }
}
