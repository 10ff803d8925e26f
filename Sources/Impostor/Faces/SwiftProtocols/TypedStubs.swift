import Synchronization

// Stubs as the typed entry point tries them: each stub's matchers compiled once for the
// member's own types, and its blocks, values and errors kept with them, so that a call a stub
// answers (with its only answer or the next of consecutive ones) is matched and answered
// without boxing its arguments or casting them back. Anything else (expectations, captors,
// literals of an existential parameter, blocks that take an `Invocation`) goes to the
// engine, as before.

/// One argument matcher's test, reached through the argument's address: what a stub table
/// calls when bytes cannot decide (see ``RawArgumentKey``). Non-generic, so that the tables
/// and the verify scan that use it are not generic code either.
@usableFromInline
class RawArgumentTest: @unchecked Sendable {
    // @unchecked: subclasses hold the user's matcher, run on whichever thread calls the mock,
    // as the type-erased `SwiftArgumentMatcher.test` is.
    let isAny: Bool

    init(isAny: Bool) { self.isAny = isAny }

    /// Whether the value at `address` passes.
    func test(at address: UnsafeRawPointer) -> Bool { true }

    /// The key a stub table compares, for an argument at `offset` of the arguments' tuple.
    func key(offset: Int) -> RawArgumentKey { RawArgumentKey(kind: .any, offset: offset, size: 0, bits: (0, 0), test: nil) }
}

/// One argument matcher's test on its own type.
final class TypedArgumentTest<Value>: RawArgumentTest, @unchecked Sendable {
    private let predicate: (Value) -> Bool
    /// The bytes a stub table compares instead of calling `predicate`, and whether equal bytes
    /// decide alone. Exact for `eq` of an integer, a `Bool`, a pointer or a C enum (one leaf of
    /// plain bytes, no padding, at most 16 bytes), as a C mock's stub key is; for `eq` of a
    /// `String`, equal bytes (the same representation) mean equal strings, and other bytes
    /// still ask `==`. Nil for every other matcher.
    private let bits: (words: (UInt64, UInt64), exact: Bool)?

    init(isAny: Bool, test: @escaping (Value) -> Bool, literal: LiteralValue? = nil, equalTo: Any? = nil) {
        predicate = test
        if isAny {
            bits = nil
        } else if let literal, literal.leaves.count == 1, let leaf = literal.leaves.first, leaf.kind == .bytes, leaf.offset == 0,
                  leaf.size == MemoryLayout<Value>.size, literal.bytes.count == leaf.size, leaf.size <= 16 {
            bits = (RawArgumentKey.words(literal.bytes), true)
        } else if Value.self == String.self, let string = equalTo as? String {
            bits = (RawArgumentKey.words(withUnsafeBytes(of: string) { Array($0) }), false)
        } else {
            bits = nil
        }
        super.init(isAny: isAny)
    }

    override func test(at address: UnsafeRawPointer) -> Bool {
        predicate(address.assumingMemoryBound(to: Value.self).pointee)
    }

    override func key(offset: Int) -> RawArgumentKey {
        if isAny { return super.key(offset: offset) }
        let test = Unmanaged.passUnretained(self as RawArgumentTest)
        guard let bits else { return RawArgumentKey(kind: .test, offset: offset, size: 0, bits: (0, 0), test: test) }
        return RawArgumentKey(kind: bits.exact ? .bits : .bitsThenTest, offset: offset, size: MemoryLayout<Value>.size,
                              bits: bits.words, test: test)
    }
}

/// One argument's test in a stub table or a verify scan, read from the arguments' tuple in
/// memory: plain data, so that trying a stub takes no reference count and no generic code.
struct RawArgumentKey {
    enum Kind: UInt8 { case any, bits, bitsThenTest, test }

    let kind: Kind
    /// Where the argument sits in the tuple of a call's arguments.
    let offset: Int
    /// How many of its bytes `bits` holds (at most 16).
    let size: Int
    let bits: (UInt64, UInt64)
    /// Kept alive by whoever holds the key (a table's `owners`, a verify's pattern).
    let test: Unmanaged<RawArgumentTest>?

    /// Whether the argument in `arguments` (the tuple's bytes) passes.
    @inline(__always)
    func matches(_ arguments: UnsafeRawPointer) -> Bool {
        switch kind {
        case .any:
            return true
        case .bits, .bitsThenTest:
            if bitsMatch(arguments + offset) { return true }
            if kind == .bits { return false }
            // Sound: the key's holder keeps the test alive.
            return test.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.test(at: arguments + offset) }
        case .test:
            return test.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.test(at: arguments + offset) }
        }
    }

    /// Whether the argument's bytes are `bits`: one load for the usual widths (a copy of a
    /// dynamic size is a call to `memmove`).
    @inline(__always)
    private func bitsMatch(_ argument: UnsafeRawPointer) -> Bool {
        switch size {
        case 8: return argument.loadUnaligned(as: UInt64.self) == bits.0
        case 4: return UInt64(argument.loadUnaligned(as: UInt32.self)) == bits.0
        case 1: return UInt64(argument.load(as: UInt8.self)) == bits.0
        case 2: return UInt64(argument.loadUnaligned(as: UInt16.self)) == bits.0
        default:
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: argument, count: size)) }
            return words == bits
        }
    }

    /// The key as a stub table's prefilter: exact bits of 1, 2, 4 or 8 bytes.
    var prefilter: StubPrefilter? {
        guard kind == .bits, [1, 2, 4, 8].contains(size) else { return nil }
        return StubPrefilter(argument: offset, size: size, bits: bits.0)
    }

    /// False for a test that may run code of the user's (a `matching { }` block, a matcher
    /// of their own), which may call or verify the mock: a verify runs those on copies, after
    /// the log's lock. `eq`'s test is Impostor's `==`.
    var runsNoUserCode: Bool { kind != .test }

    /// Up to 16 bytes as two words, zero-extended.
    static func words(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { target in bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(16))) } }
        return words
    }

    /// Where each element of a tuple of `Argument` sits, as Swift lays tuples out: in order,
    /// each at the next offset its alignment allows.
    static func offsets<each Argument>(of _: (repeat each Argument).Type) -> [Int] {
        var offsets: [Int] = []
        var end = 0
        for type in repeat (each Argument).self {
            let alignment = Self.alignment(of: type)
            let offset = (end + alignment - 1) / alignment * alignment
            offsets.append(offset)
            end = offset + Self.size(of: type)
        }
        return offsets
    }

    private static func alignment<T>(of _: T.Type) -> Int { MemoryLayout<T>.alignment }
    private static func size<T>(of _: T.Type) -> Int { MemoryLayout<T>.size }

    /// The keys of `matchers`, one per argument at `offsets`; nil when one has no typed test
    /// (a captor, a literal of an existential parameter, another type).
    static func keys(_ matchers: [SwiftArgumentMatcher], offsets: [Int], owners: inout [AnyObject]) -> [RawArgumentKey]? {
        guard matchers.count == offsets.count, matchers.allSatisfy({ $0.onMatch == nil }) else { return nil }
        var keys: [RawArgumentKey] = []
        for (matcher, offset) in zip(matchers, offsets) {
            guard let test = matcher.typed as? RawArgumentTest else { return nil }
            owners.append(test)
            keys.append(test.key(offset: offset))
        }
        return keys
    }

    /// True when every key passes.
    static func all(_ keys: UnsafeBufferPointer<RawArgumentKey>, match arguments: UnsafeRawPointer) -> Bool {
        for key in keys where !key.matches(arguments) { return false }
        return true
    }
}

/// A Swift member's stubs, in the table every mock's stubs sit in.
@usableFromInline typealias MemberStubs = StubTable<SwiftStub>

extension StubTable where Element == SwiftStub {
    /// The newest stub whose prefilter and keys pass for the arguments' tuple at `arguments`;
    /// `.engine` when a stub only the engine can try comes first, `.none` when no stub matches.
    /// Non-generic, so that the typed entry point of every member calls the same scan.
    @usableFromInline
    func match(_ arguments: UnsafeRawPointer) -> StubMatch {
        guard let entry = newest(admitting: ArgumentTuple(base: arguments), where: { entry in
            // Sound: the table keeps its entries as long as it lives.
            entry.element._withUnsafeGuaranteedRef { $0.typedKeysMatch(arguments) }
        }) else { return .none }
        return entry.element._withUnsafeGuaranteedRef { $0.isTyped } ? .stub(entry.element) : .engine
    }
}

/// What a member's stub table found for a call: the stub unretained, which the table keeps.
@usableFromInline
enum StubMatch {
    case stub(Unmanaged<SwiftStub>)
    case engine
    case none
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

/// A stub's `async` block as it was written, for an `async` member's typed entry point.
@usableFromInline
final class TypedAsyncAnswer<each Argument, Result>: @unchecked Sendable {
    // @unchecked: the block is the user's, run in whichever task calls the mock, as every
    // stub block is.
    @usableFromInline let block: (repeat each Argument) async throws -> Result

    @inlinable
    init(_ block: @escaping (repeat each Argument) async throws -> Result) {
        self.block = block
    }
}

/// A stub's value, answered to every call (`returning(value)`).
@usableFromInline
final class ConstantAnswer<Result>: @unchecked Sendable {
    // @unchecked: immutable; the value is the test's, returned to whichever thread calls, as
    // `returning` is documented to.
    @usableFromInline let value: Result

    @usableFromInline
    init(_ value: Result) {
        self.value = value
    }
}

/// The classes a member's typed stub parts have, as identities to compare with.
@usableFromInline
struct TypedStubKinds: Sendable {
    @usableFromInline let block: ObjectIdentifier
    @usableFromInline let asyncBlock: ObjectIdentifier
    @usableFromInline let blockOfNothing: ObjectIdentifier
    @usableFromInline let asyncBlockOfNothing: ObjectIdentifier
    @usableFromInline let constant: ObjectIdentifier

    init<each Argument, Result, Failure>(for _: MockReference<repeat each Argument, Result, Failure>.Type) {
        block = ObjectIdentifier(TypedAnswer<repeat each Argument, Result>.self)
        asyncBlock = ObjectIdentifier(TypedAsyncAnswer<repeat each Argument, Result>.self)
        blockOfNothing = ObjectIdentifier(TypedAnswer<Result>.self)
        asyncBlockOfNothing = ObjectIdentifier(TypedAsyncAnswer<Result>.self)
        constant = ObjectIdentifier(ConstantAnswer<Result>.self)
    }

    /// Whether the typed entry point runs an answer of class `kind` itself: on an `async`
    /// member, `async` blocks too.
    func runs(_ kind: ObjectIdentifier, async: Bool) -> Bool {
        if kind == block || kind == constant || kind == blockOfNothing { return true }
        return async && (kind == asyncBlock || kind == asyncBlockOfNothing)
    }
}
