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

    /// `add(any(), 5)`.
    var description: String {
        "\(interceptor.name)(\(arguments.map(\.description).joined(separator: ", ")))"
    }
}
