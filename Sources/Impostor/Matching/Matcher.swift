/// A test on one argument value: the building block of every argument matcher.
///
/// Built-in matchers (``eq(_:fileID:filePath:line:column:)-2sgdq``, ``gt(_:fileID:filePath:line:column:)``, …)
/// put a matcher in place of an argument directly. Make your own with a description and a
/// predicate, combine matchers with `&&`, `||` and `!`, and pass them with
/// ``that(_:fileID:filePath:line:column:)``:
///
/// ```swift
/// let even = Matcher<Int32>("even") { $0 % 2 == 0 }
/// stub(add(that(even && gt(0)), any())).with { 1 }
/// ```
///
/// Predicates run on the thread that calls the mock, at call time.
public struct Matcher<Value>: CustomStringConvertible {
    enum Test {
        case any
        case value((Value) -> Bool)
        /// Tests that need the argument itself, not only its value (C strings, pointees).
        case slot((ArgumentSlot) -> Bool)
    }

    let test: Test
    /// How the matcher reads in failure messages: `gt(5)`, `cString("hello")`.
    public let description: String

    init(test: Test, description: String) {
        self.test = test
        self.description = description
    }

    /// A matcher that accepts the values `predicate` returns true for, shown as `description`.
    public init(_ description: String, _ predicate: @escaping (Value) -> Bool) {
        self.init(test: .value(predicate), description: description)
    }

    /// True when `value` satisfies the matcher.
    public func matches(_ value: Value) -> Bool {
        switch test {
        case .any: return true
        case .value(let predicate): return predicate(value)
        case .slot(let predicate):
            return withUnsafeBytes(of: value) { predicate(ArgumentSlot(address: $0.baseAddress!)) }
        }
    }

    var isAny: Bool {
        if case .any = test { return true }
        return false
    }

    /// Both matchers accept the value.
    public static func && (lhs: Matcher, rhs: Matcher) -> Matcher {
        Matcher(test: .value { lhs.matches($0) && rhs.matches($0) }, description: "\(lhs) && \(rhs)")
    }

    /// Either matcher accepts the value.
    public static func || (lhs: Matcher, rhs: Matcher) -> Matcher {
        Matcher(test: .value { lhs.matches($0) || rhs.matches($0) }, description: "(\(lhs) || \(rhs))")
    }

    /// The matcher rejects the value.
    public static prefix func ! (matcher: Matcher) -> Matcher {
        Matcher(test: .value { !matcher.matches($0) }, description: "!\(matcher)")
    }
}

extension Matcher where Value: BitwiseCopyable {
    func matches(_ slot: ArgumentSlot) -> Bool {
        switch test {
        case .any: return true
        case .value(let predicate): return predicate(slot.load(as: Value.self))
        case .slot(let predicate): return predicate(slot)
        }
    }

    /// Both matchers accept the argument (C string snapshots and pointees are read as the
    /// matchers themselves would).
    public static func && (lhs: Matcher, rhs: Matcher) -> Matcher {
        Matcher(test: .slot { lhs.matches($0) && rhs.matches($0) }, description: "\(lhs) && \(rhs)")
    }

    /// Either matcher accepts the argument.
    public static func || (lhs: Matcher, rhs: Matcher) -> Matcher {
        Matcher(test: .slot { lhs.matches($0) || rhs.matches($0) }, description: "(\(lhs) || \(rhs))")
    }

    /// The matcher rejects the argument.
    public static prefix func ! (matcher: Matcher) -> Matcher {
        Matcher(test: .slot { !matcher.matches($0) }, description: "!\(matcher)")
    }
}
