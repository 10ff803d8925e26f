/// A call to one mock with a matcher for each argument: what a stub answers and a verify
/// counts. Made by ``PrototypeEvaluation`` from a prototype such as `add(any(), 5)`.
struct CallPattern: Sendable {
    let interceptor: Interceptor
    let arguments: [ArgumentMatcher]
    /// Where the stub or verify was written.
    let site: SourceSite

    /// True when a live call matches every argument matcher.
    @inline(__always)
    func matches(_ frame: CallFrame) -> Bool {
        for index in arguments.indices where !arguments[index].matches(frame.slot(index)) {
            return false
        }
        return true
    }

    /// True when a recorded call matches every argument matcher.
    func matches(_ view: RecordView) -> Bool {
        for index in arguments.indices where !arguments[index].matches(view.slot(index)) {
            return false
        }
        return true
    }

    /// Hands the arguments of a call that matched to the captors among the matchers.
    func capture(_ slot: (Int) -> ArgumentSlot) {
        for (index, argument) in arguments.enumerated() {
            if case .test(let matcher) = argument, let onMatch = matcher.onMatch { onMatch(slot(index)) }
        }
    }

    /// True when some argument has a captor (so matches must be reported to it).
    var hasCaptors: Bool {
        arguments.contains { if case .test(let matcher) = $0 { matcher.onMatch != nil } else { false } }
    }

    /// `add(any(), 5)`.
    var description: String {
        "\(interceptor.name)(\(arguments.map(\.description).joined(separator: ", ")))"
    }
}
