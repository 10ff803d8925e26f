// An `inout` argument of a generated mock's member. Swift lets a block declared with an `inout`
// parameter stand for one that takes the value, and then drops what the block writes; a box
// the block sets is what lets a stub write back, and its type makes such a block a reported
// mismatch instead of a write that silently goes nowhere.

/// An `inout` argument of a `@Mockable` mock's member, as a stub's block receives it: the value
/// passed, and the value the caller's variable holds when the call returns.
///
/// ```swift
/// stub(interceptor.$adapt(any())).with { (request: InoutArgument<URLRequest>) in
///     request.value.setValue("Bearer t", forHTTPHeaderField: "Authorization")
/// }
/// ```
///
/// Matchers, `verify` and the call log see ``passed``, the value as it was at the call; a
/// typed read of the argument (`invocation.argument(0, as: URLRequest.self)`) returns it too.
public final class InoutArgument<Value> {
    /// The value the caller passed, as recorded.
    public let passed: Value
    /// What the caller's variable holds when the call returns: ``passed`` until a block sets it.
    public var value: Value

    /// A box for a value passed `inout`; the generated member writes ``value`` back.
    public init(_ value: Value) {
        self.passed = value
        self.value = value
    }
}

// The box lives in the call log, which other threads read: they read `passed`, which never
// changes. `value` is only set by the stub answering the call, before the member returns.
extension InoutArgument: @unchecked Sendable where Value: Sendable {}

extension InoutArgument: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value passed, as messages show the argument.
    public var description: String { String(describing: passed) }
    /// The value passed, as messages show the argument.
    public var debugDescription: String { String(reflecting: passed) }
}

/// What reading an argument needs to see through the box without knowing its value's type.
protocol InoutArgumentBox {
    /// The type of the value passed.
    static var valueType: Any.Type { get }
    /// The value passed.
    var passedValue: Any { get }
}

extension InoutArgument: InoutArgumentBox {
    static var valueType: Any.Type { Value.self }
    var passedValue: Any { passed }
}

extension Matcher {
    /// This matcher, for an `inout` argument a generated member records in an
    /// ``InoutArgument``: it tests the value passed.
    @_documentation(visibility: private)
    public var _inoutArgument: Matcher<InoutArgument<Value>> {
        if isAny { return Matcher<InoutArgument<Value>>(test: .any, description: description) }
        return Matcher<InoutArgument<Value>>(description) { self.matches($0.passed) }
    }
}
