/// A prototype's call pattern, bound: on a C mock (``CallPattern``, matched against call frames)
/// or on a Swift mock's member (``SwiftCallPattern``, matched against kept values).
enum BoundPattern: Sendable {
    case c(CallPattern)
    case swift(SwiftCallPattern)

    /// `add(any(), 5)`, `printer.print("Hello!")`.
    var description: String {
        switch self {
        case .c(let pattern): pattern.description
        case .swift(let pattern): pattern.description
        }
    }

    /// The mock's name.
    var mockName: String {
        switch self {
        case .c(let pattern): pattern.interceptor.name
        case .swift(let pattern): pattern.member.name
        }
    }

    /// Which mock (or member) the pattern is on.
    var mock: ObjectIdentifier {
        switch self {
        case .c(let pattern): ObjectIdentifier(pattern.interceptor)
        case .swift(let pattern): ObjectIdentifier(pattern.member)
        }
    }

    var isMockReleased: Bool {
        switch self {
        case .c(let pattern): pattern.interceptor.isReleased
        case .swift(let pattern): pattern.member.isReleased
        }
    }

    var pendingFailures: PendingFailures {
        switch self {
        case .c(let pattern): pattern.interceptor.pendingFailures
        case .swift(let pattern): pattern.member.pendingFailures
        }
    }

    /// The C pattern, if it is one.
    var c: CallPattern? { if case .c(let pattern) = self { pattern } else { nil } }

    /// The Swift pattern, if it is one.
    var swift: SwiftCallPattern? { if case .swift(let pattern) = self { pattern } else { nil } }

    /// The mock's result type, for checking a prototype's value and a stub's answers.
    var resultType: Any.Type {
        switch self {
        case .c(let pattern): pattern.interceptor.signature.result?.swiftType ?? Void.self
        case .swift(let pattern): pattern.member.resultType
        }
    }
}
