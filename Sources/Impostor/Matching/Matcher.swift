/// A test on one argument value: the building block of every argument matcher.
///
/// Built-in matchers (`eq(_:)`, ``gt(_:fileID:filePath:line:column:)``, …)
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
    /// How the matcher tests a value it is handed, and an argument it reads itself (which lets
    /// C string and pointee matchers see call-time snapshots).
    struct Test {
        let isAny: Bool
        let value: (Value) -> Bool
        let slot: (ArgumentView) -> Bool
        /// Set for matchers that read through a pointer argument: what they read, checked
        /// against what the mock copies when the matcher is bound, and how to show what they
        /// saw in a failed verify.
        var pointerReading: PointerReading? = nil

        static var any: Test { Test(isAny: true, value: { _ in true }, slot: { _ in true }) }

        static func value(_ predicate: @escaping (Value) -> Bool) -> Test {
            Test(isAny: false, value: predicate, slot: { view in
                // An aligned slot (a record's scalars are) is read with a plain load: this code
                // is generic, not specialized for the user's type, and the unaligned read
                // instantiated a type's metadata at every record a verify read.
                let address = view.address
                if Int(bitPattern: address) & (MemoryLayout<Value>.alignment - 1) == 0 {
                    // Sound: the binder checked `Value` against the parameter's type, and the
                    // address is aligned for it.
                    return predicate(address.load(as: Value.self))
                }
                return predicate(view.load(as: Value.self))
            })
        }

        static func slot(_ predicate: @escaping (ArgumentView) -> Bool, reading: PointerReading? = nil) -> Test {
            Test(isAny: false, value: { value in withUnsafeBytes(of: value) { predicate(ArgumentView(address: $0.baseAddress!)) } },
                 slot: predicate, pointerReading: reading)
        }
    }

    let test: Test
    /// How the matcher reads in failure messages: `gt(5)`, `cString("hello")`.
    public let description: String
    /// For equality with a C value: its bytes and how to compare them, so a call is matched
    /// by comparing bytes rather than by calling a closure.
    let literal: LiteralValue?
    /// For a matcher the entry point can check against a call's copy of pointer memory
    /// (`cString("…")`, `bytes([…])`): what it compares.
    let memoryKey: MemoryKey?
    /// For `eq` of a Swift value: the value, so that a Swift mock's stub table can compare a
    /// `String` argument's bytes before calling `==` (see `RawArgumentKey`).
    var equalTo: Any?

    init(test: Test, description: String, literal: LiteralValue? = nil, memoryKey: MemoryKey? = nil) {
        self.test = test
        self.description = description
        self.literal = literal
        self.memoryKey = memoryKey
    }

    /// A matcher that accepts the values `predicate` returns true for, shown as `description`.
    public init(_ description: String, _ predicate: @escaping (Value) -> Bool) {
        self.init(test: .value(predicate), description: description)
    }

    /// A matcher that accepts the values `predicate` returns true for, shown as
    /// `matching { … }` in failure messages.
    ///
    /// For a matcher value written in place, where a name would only be noise:
    ///
    /// ```swift
    /// stub(open(cString(Matcher { $0.hasSuffix(".txt") }), any())).with { 3 }
    /// stub(add(that(Matcher { $0 > 3 }), any())).with { 1 }
    /// ```
    public init(_ predicate: @escaping (Value) -> Bool) {
        self.init("matching { … }", predicate)
    }

    /// True when `value` satisfies the matcher.
    public func matches(_ value: Value) -> Bool { test.value(value) }

    func matches(_ slot: ArgumentView) -> Bool { test.slot(slot) }

    var isAny: Bool { test.isAny }

    /// Both matchers accept the value.
    public static func && (lhs: Matcher, rhs: Matcher) -> Matcher {
        Matcher(
            test: Test(isAny: false, value: { lhs.matches($0) && rhs.matches($0) }, slot: { lhs.matches($0) && rhs.matches($0) },
                       pointerReading: lhs.test.pointerReading ?? rhs.test.pointerReading),
            description: "\(lhs) && \(rhs)")
    }

    /// Either matcher accepts the value.
    public static func || (lhs: Matcher, rhs: Matcher) -> Matcher {
        Matcher(
            test: Test(isAny: false, value: { lhs.matches($0) || rhs.matches($0) }, slot: { lhs.matches($0) || rhs.matches($0) },
                       pointerReading: lhs.test.pointerReading ?? rhs.test.pointerReading),
            description: "(\(lhs) || \(rhs))")
    }

    /// The matcher rejects the value.
    public static prefix func ! (matcher: Matcher) -> Matcher {
        Matcher(
            test: Test(isAny: false, value: { !matcher.matches($0) }, slot: { !matcher.matches($0) }, pointerReading: matcher.test.pointerReading),
            description: "!\(matcher)")
    }
}
