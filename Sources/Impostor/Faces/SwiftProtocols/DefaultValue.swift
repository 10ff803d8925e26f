/// A type whose mocks answer an unstubbed call with a value of their own choosing.
///
/// A call to a Swift mock that no stub, registered result or expectation answers returns a
/// default: `nil` for an Optional, nothing for `Void`, zero for numbers and C types, `false`,
/// and an empty string, array, dictionary or set. Adopt `DefaultValue` to give your own types
/// one too:
///
/// ```swift
/// extension Album: DefaultValue {
///     public static var defaultValue: Album { Album(id: UUID(), title: "") }
/// }
/// ```
///
/// When no default can be made for a result type, the call is reported at the mock's call
/// site, naming the mock and the member, and the test process stops there: no value could be
/// returned instead. Stub the member, or adopt this protocol.
public protocol DefaultValue {
    /// The value an unstubbed call returns.
    static var defaultValue: Self { get }
}

extension Bool: DefaultValue {
    /// `false`.
    public static var defaultValue: Bool { false }
}

extension String: DefaultValue {
    /// The empty string.
    public static var defaultValue: String { "" }
}

extension Set: DefaultValue {
    /// The empty set.
    public static var defaultValue: Set { [] }
}

/// The value an unanswered call of a Swift mock returns, and how messages say it.
enum SwiftDefaults {
    /// A `Result` made from nothing: the type's own `DefaultValue` first, then nil, zero or
    /// empty as for C mocks (see `FailedClosureMock.defaultValue`).
    static func value<Result>(_ type: Result.Type) -> Result? {
        maker(Result.self).map { $0() as! Result }  // the maker makes a Result: see below
    }

    /// How to make a `Result` from nothing, decided once: the type's own `DefaultValue` is asked
    /// on each call (it may make a new instance); nil, zero and empty values are made once.
    static func maker<Result>(_ type: Result.Type) -> (() -> Any)? {
        if let adopting = Result.self as? any DefaultValue.Type { return { adopting.defaultValue } }
        guard let (value, _) = FailedClosureMock.defaultValue(Result.self) else { return nil }
        return { value }
    }
}
