/// A generated mock's `$property` for a get-only property: its getter's prototype.
///
/// ```swift
/// stub(session.$token.get).returning("abc")
/// verify(.once, session.$token.get)
/// ```
public struct PropertyPrototype<Getter> {
    // Made when read, not before: inside `verifyInOrder { }`, making a prototype is a step.
    private let getter: () -> Getter

    /// For generated code: the property's getter prototype, made when `get` is read.
    public init(get: @autoclosure @escaping () -> Getter) {
        getter = get
    }

    /// The getter's calls.
    public var get: Getter { getter() }
}

/// A generated mock's `$property` (or `$subscript(...)`) for a property that can be set: its
/// getter's prototype and its setter's, by the value set.
///
/// ```swift
/// stub(settings.$volume.get).returning(11)
/// verify(settings.$volume.set(eq(3)))
/// ```
public struct SettablePropertyPrototype<Getter, Setter, Value> {
    // Both made when used, not before: inside `verifyInOrder { }`, making a prototype is a step.
    private let getter: () -> Getter
    private let setter: (Matcher<Value>) -> Setter

    /// For generated code: how to make the getter's prototype, and the setter's for a matcher.
    public init(get: @autoclosure @escaping () -> Getter, set setter: @escaping (Matcher<Value>) -> Setter) {
        self.getter = get
        self.setter = setter
    }

    /// The getter's calls.
    public var get: Getter { getter() }

    /// The setter's calls that set a value `newValue` accepts (any value by default).
    @discardableResult
    public func set(_ newValue: Matcher<Value> = any()) -> Setter {
        setter(newValue)
    }
}
