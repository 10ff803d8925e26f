/// A named state machine, jMock's `States`: expectations can require a state (`when`) and
/// move it on (`then`), and a test can wait for it (`waitUntil`).
///
/// ```swift
/// let network = context.states("network", startsAs: "down")
/// context.checking {
///     oneOf(connect()).when(network.is("up")).then(network.becomes("connected"))
/// }
/// ```
///
/// Made by ``Mockery/states(_:startsAs:)``; it belongs to that Mockery, and its changes are
/// serialized with the dispatch of the Mockery's calls.
public final class States: Sendable, CustomStringConvertible {
    /// The name used in messages.
    public let name: String
    let machine: StateMachine
    let book: ExpectationBook

    init(name: String, startsAs value: String, book: ExpectationBook) {
        self.name = name
        self.book = book
        machine = StateMachine(name: name, value: value)
    }

    /// True while the state is `value`.
    public func `is`(_ value: String) -> StatePredicate { StatePredicate(states: self, value: value, isNegated: false) }

    /// True while the state is anything but `value`.
    public func isNot(_ value: String) -> StatePredicate { StatePredicate(states: self, value: value, isNegated: true) }

    /// Moves the state to `value` when the expectation it is given to takes a call.
    public func becomes(_ value: String) -> StateChange { StateChange(states: self, value: value) }

    /// The state now.
    public var current: String { book.monitor.withEntered { machine.value } }

    /// Moves the state to `value` now, from the test: for a state that no expectation moves,
    /// or to set up a scenario. Wakes whoever waits on it.
    ///
    /// ```swift
    /// network.become("up")
    /// ```
    public func become(_ value: String) { book.set(machine, to: value) }

    /// `network is down`.
    public var description: String { "\(name) is \(current)" }
}

/// The value of one ``States``; changed only inside its book's monitor.
final class StateMachine: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside the owning book's monitor.
    let name: String
    var value: String

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A condition on a ``States``: `network.is("up")`, `network.isNot("down")`.
public struct StatePredicate: Sendable, CustomStringConvertible {
    let states: States
    let value: String
    let isNegated: Bool

    /// Whether it holds now. Call inside the book's monitor.
    var holds: Bool { (states.machine.value == value) != isNegated }

    /// `network is up`, `network is not down`.
    public var description: String { "\(states.name) \(isNegated ? "is not" : "is") \(value)" }
}

/// A move of a ``States`` to a new value: `network.becomes("connected")`.
public struct StateChange: Sendable, CustomStringConvertible {
    let states: States
    let value: String

    /// `network becomes connected`.
    public var description: String { "\(states.name) becomes \(value)" }
}
