// Stubs as the typed entry point tries them: each stub's matchers compiled once for the
// member's own types, and its block kept with them, so that a call a single-answer stub
// answers is matched and answered without boxing its arguments or casting them back.
// Anything else (expectations, captors, literals of a Mocka-style prototype, consecutive
// answers, blocks that throw or take an `Invocation`) goes to the engine, as before.

/// One argument matcher's test on its own type.
@usableFromInline
final class TypedArgumentTest<Value>: @unchecked Sendable {
    // @unchecked: the test is the user's matcher, run on whichever thread calls the mock, as
    // the type-erased `SwiftArgumentMatcher.test` is.
    @usableFromInline let isAny: Bool
    private let predicate: (Value) -> Bool

    init(isAny: Bool, test: @escaping (Value) -> Bool) {
        self.isAny = isAny
        predicate = test
    }

    /// Whether `value` passes. A method, not the closure read out: specialized code reading a
    /// closure stored at a generic type wraps it in a new thunk (an allocation) on every call.
    @usableFromInline
    func test(_ value: Value) -> Bool { predicate(value) }
}

/// A stub's matchers for a member taking `Argument`, one test per argument.
@usableFromInline
final class TypedPattern<each Argument>: @unchecked Sendable {
    // @unchecked: immutable; the tests are `TypedArgumentTest`s (see there).
    @usableFromInline let tests: (repeat TypedArgumentTest<each Argument>)

    init(_ tests: repeat TypedArgumentTest<each Argument>) {
        self.tests = (repeat each tests)
    }

    /// True when every argument passes its test.
    @inlinable
    func matches(_ arguments: repeat each Argument) -> Bool {
        for (test, argument) in repeat (each tests, each arguments) {
            if !test.isAny && !test.test(argument) { return false }
        }
        return true
    }

    /// The typed form of `matchers`, or nil when one of them has none (a literal, a captor,
    /// another type): the engine answers those calls.
    static func compile(_ matchers: [SwiftArgumentMatcher]) -> TypedPattern? {
        var count = 0
        for _ in repeat (each Argument).self { count += 1 }
        guard matchers.count == count, matchers.allSatisfy({ $0.onMatch == nil }) else { return nil }
        var index = 0
        var complete = true
        let pattern = TypedPattern(repeat test((each Argument).self, matchers, &index, &complete))
        return complete ? pattern : nil
    }

    private static func test<Value>(
        _: Value.Type, _ matchers: [SwiftArgumentMatcher], _ index: inout Int, _ complete: inout Bool
    ) -> TypedArgumentTest<Value> {
        defer { index += 1 }
        if let typed = matchers[index].typed as? TypedArgumentTest<Value> { return typed }
        complete = false
        return TypedArgumentTest(isAny: true) { _ in true }
    }
}

/// A stub's block as it was written, taking the arguments with their own types.
@usableFromInline
final class TypedAnswer<each Argument, Result>: @unchecked Sendable {
    // @unchecked: the block is the user's, run on whichever thread calls the mock, as every
    // stub block is.
    @usableFromInline let block: (repeat each Argument) throws -> Result

    @inlinable
    init(_ block: @escaping (repeat each Argument) throws -> Result) {
        self.block = block
    }
}

/// A stub's value, answered to every call (`returning(value)`).
@usableFromInline
final class ConstantAnswer<Result>: @unchecked Sendable {
    // @unchecked: immutable; the value is the test's, returned to whichever thread calls, as
    // `returning` is documented to.
    @usableFromInline let value: Result

    init(_ value: Result) {
        self.value = value
    }
}

/// The classes a member's typed stub parts have, as identities to compare with.
@usableFromInline
struct TypedStubKinds: Sendable {
    @usableFromInline let pattern: ObjectIdentifier
    @usableFromInline let block: ObjectIdentifier
    @usableFromInline let blockOfNothing: ObjectIdentifier
    @usableFromInline let constant: ObjectIdentifier

    init<each Argument, Result, Failure>(for _: MockReference<repeat each Argument, Result, Failure>.Type) {
        pattern = ObjectIdentifier(TypedPattern<repeat each Argument>.self)
        block = ObjectIdentifier(TypedAnswer<repeat each Argument, Result>.self)
        blockOfNothing = ObjectIdentifier(TypedAnswer<Result>.self)
        constant = ObjectIdentifier(ConstantAnswer<Result>.self)
    }
}
