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
    /// For `eq` of an integer, a `Bool`, a pointer or a C enum (one leaf of plain bytes, no
    /// padding, at most 8 bytes): the value's bytes, which match exactly the equal values, as
    /// a C mock's stub key does. Nil for every other matcher.
    let bits: UInt64?

    init(isAny: Bool, test: @escaping (Value) -> Bool, literal: LiteralValue? = nil) {
        self.isAny = isAny
        predicate = test
        bits = literal.flatMap { literal in
            guard literal.leaves.count == 1, let leaf = literal.leaves.first, leaf.kind == .bytes, leaf.offset == 0,
                  leaf.size == MemoryLayout<Value>.size, literal.bytes.count == leaf.size, leaf.size <= 8 else { return nil }
            return TypedArgumentKey<Value>.word(of: literal.bytes)
        }
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
    @usableFromInline let table: ObjectIdentifier
    @usableFromInline let block: ObjectIdentifier
    @usableFromInline let blockOfNothing: ObjectIdentifier
    @usableFromInline let constant: ObjectIdentifier

    init<each Argument, Result, Failure>(for _: MockReference<repeat each Argument, Result, Failure>.Type) {
        pattern = ObjectIdentifier(TypedPattern<repeat each Argument>.self)
        table = ObjectIdentifier(TypedStubTable<repeat each Argument>.self)
        block = ObjectIdentifier(TypedAnswer<repeat each Argument, Result>.self)
        blockOfNothing = ObjectIdentifier(TypedAnswer<Result>.self)
        constant = ObjectIdentifier(ConstantAnswer<Result>.self)
    }
}

/// One argument's test in a ``TypedStubTable`` row: plain data, so that reading a row takes no
/// reference count, which cost more than the tests themselves when a member had many stubs.
@usableFromInline
struct TypedArgumentKey<Value> {
    @usableFromInline enum Kind: UInt8 { case any, bits, test }

    @usableFromInline let kind: Kind
    @usableFromInline let bits: UInt64
    /// Kept alive by the table's `owners`.
    @usableFromInline let test: Unmanaged<TypedArgumentTest<Value>>?

    init(_ test: TypedArgumentTest<Value>) {
        if test.isAny {
            (kind, bits, self.test) = (.any, 0, nil)
        } else if let bits = test.bits {
            (kind, self.bits, self.test) = (.bits, bits, nil)
        } else {
            (kind, bits, self.test) = (.test, 0, Unmanaged.passUnretained(test))
        }
    }

    @inlinable
    func matches(_ value: Value) -> Bool {
        switch kind {
        case .any: return true
        case .bits: return Self.word(of: value) == bits
        // Sound: the table holds the test strongly for as long as the row exists.
        case .test: return test.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.test(value) }
        }
    }

    /// The value's bytes as a word, zero-extended (only for values of at most 8 bytes).
    @inlinable
    static func word(of value: Value) -> UInt64 {
        var word: UInt64 = 0
        withUnsafeBytes(of: value) { source in
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(8))) }
        }
        return word
    }

    static func word(of bytes: [UInt8]) -> UInt64 {
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.withUnsafeBytes { $0 }.prefix(8))) }
        return word
    }
}

/// A member's stubs as the typed entry point tries them, newest first: each row the stub's
/// argument keys and the stub, or no stub where only the engine can decide (from there on the
/// call goes to the engine). Rebuilt, once, whenever a stub is added.
@usableFromInline
final class TypedStubTable<each Argument>: @unchecked Sendable {
    // @unchecked: immutable; `owners` keeps alive what the rows refer to without counting.
    @usableFromInline
    struct Row {
        @usableFromInline let keys: (repeat TypedArgumentKey<each Argument>)
        @usableFromInline let stub: Unmanaged<SwiftStub>?

        init(keys: repeat TypedArgumentKey<each Argument>, stub: Unmanaged<SwiftStub>?) {
            self.keys = (repeat each keys)
            self.stub = stub
        }

        /// True when every argument passes its key.
        @inlinable
        func matches(_ arguments: repeat each Argument) -> Bool {
            for (key, argument) in repeat (each keys, each arguments) {
                if !key.matches(argument) { return false }
            }
            return true
        }
    }

    @usableFromInline let rows: [Row]
    private let owners: [AnyObject]

    init(_ stubs: [SwiftStub]) {
        var rows: [Row] = []
        var owners: [AnyObject] = []
        for stub in stubs.reversed() {
            guard let pattern = stub.typedPattern as? TypedPattern<repeat each Argument> else {
                rows.append(Row(keys: repeat TypedArgumentKey<each Argument>(TypedArgumentTest(isAny: true) { _ in true }), stub: nil))
                break
            }
            owners.append(stub)
            owners.append(pattern)
            rows.append(Row(keys: repeat TypedArgumentKey(each pattern.tests), stub: Unmanaged.passUnretained(stub)))
        }
        self.rows = rows
        self.owners = owners
    }

}
