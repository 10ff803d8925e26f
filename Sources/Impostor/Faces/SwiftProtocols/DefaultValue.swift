/// A type whose mocks answer an unstubbed call with a value of their own choosing.
///
/// A call to a Swift mock that no stub, registered result or expectation answers returns a
/// default: `nil` for an Optional, nothing for `Void`, zero for numbers and C types, `false`,
/// an empty string, array, dictionary or set, and for a Swift enum that is `CaseIterable` its
/// first case (`allCases.first`). Adopt `DefaultValue` to give your own types one too:
///
/// ```swift
/// extension Album: DefaultValue {
///     public static var defaultValue: Album { Album(id: UUID(), title: "") }
/// }
/// ```
///
/// When no default can be made for a result type, the call is reported at the mock's call
/// site, naming the mock and the member, and the test process stops there: no value could be
/// returned instead. Stub the member, or adopt this protocol. A Swift enum that is neither
/// `CaseIterable` nor `DefaultValue` has no default: no case of it is a better answer than
/// another, and one made from zeroed memory would be a guess the test never asked for.
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
    /// A `Result` made from nothing, for a placeholder the caller never reads as an answer (a
    /// prototype's result, a failed typed read after its failure): the answer's default, else
    /// nil, zero or empty as for C mocks, so a Swift enum's zeroed value too.
    static func value<Result>(_ type: Result.Type) -> Result? {
        if let made = maker(Result.self) { return made() as? Result }
        return FailedClosureMock.defaultValue(Result.self)?.0
    }

    /// How to answer an unanswered call with a `Result` made from nothing, decided once: the
    /// type's own `DefaultValue` is asked on each call (it may make a new instance); a
    /// `CaseIterable` enum's first case, nil, zero and empty values are made once. Nil for a
    /// Swift enum that is not `CaseIterable`, whose call then stops as `DefaultValue` says.
    static func maker<Result>(_ type: Result.Type) -> (() -> Any)? {
        if let adopting = Result.self as? any DefaultValue.Type { return { adopting.defaultValue } }
        if TypeMetadata.kind(of: Result.self) == .enumeration {
            guard let iterable = Result.self as? any CaseIterable.Type, let first = firstCase(of: iterable) else { return nil }
            return { first }
        }
        guard let (value, _) = FailedClosureMock.defaultValue(Result.self) else { return nil }
        return { value }
    }

    private static func firstCase<Enum: CaseIterable>(of _: Enum.Type) -> Any? { Enum.allCases.first }
}
