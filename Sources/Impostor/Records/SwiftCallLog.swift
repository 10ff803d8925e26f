
/// The calls one member of a Swift mock received, kept with their own types: what
/// `InvocationStore` is to a C mock.
///
/// Each call is one entry of a typed array (its stamp, thread, arguments and result), so a
/// recorded `fetch(id: Int, name: String) -> Int` takes 56 bytes and no allocation of its own;
/// boxing the arguments as `[Any]` for every call took 181. The engine reads calls through
/// this non-generic face: as ``SwiftCall``s for messages and answers, and by position for
/// verification, which matches each call's arguments without keeping them.
@usableFromInline
class SwiftCallLog: @unchecked Sendable {
    // @unchecked: subclasses keep their entries behind a lock; the base holds no state.

    /// Where each argument sits in the tuple of a call's arguments (see `RawArgumentKey`): what
    /// the verify scan and the member's stub tables read.
    let argumentOffsets: [Int]

    init(argumentOffsets: [Int]) { self.argumentOffsets = argumentOffsets }

    /// Every kept call as a ``SwiftCall``, oldest first, with which a verify accounted for, and
    /// the generation they belong to.
    func snapshot() -> (calls: [SwiftCall], verified: Set<Int>, generation: Int) { fatalError("SwiftCallLog is abstract") }

    /// The positions of the kept calls whose arguments `accepts` takes, with the generation.
    /// The arguments are boxed into one reused array, one call at a time.
    func positions(where accepts: ([Any]) -> Bool) -> (positions: [Int], generation: Int) { fatalError("SwiftCallLog is abstract") }

    /// The positions of the kept calls `pattern` matches, with the generation: typed, when the
    /// pattern's matchers all have typed tests, else boxed.
    func positions(matching pattern: SwiftCallPattern) -> (positions: [Int], generation: Int) {
        positions(where: pattern.matches)
    }

    /// Marks calls a verify accounted for, unless the calls were reset since `generation`.
    func markVerified(_ positions: [Int], generation: Int) { fatalError("SwiftCallLog is abstract") }

    /// Forgets every kept call; with `keepingCapacity`, the next calls reuse the memory (a
    /// reset between a test's phases), else it is freed (a release).
    func removeAll(keepingCapacity: Bool) { fatalError("SwiftCallLog is abstract") }
}

/// The log of a member taking `Argument` and returning `Result`.
@usableFromInline
final class TypedSwiftCallLog<each Argument, Result>: SwiftCallLog, @unchecked Sendable {
    // @unchecked: `storage` is touched only holding `lock`; the arguments are the
    // caller's values, kept as they are (as `SwiftCall` explains).

    @usableFromInline
    struct Entry {
        @usableFromInline let stamp: UInt64
        @usableFromInline let thread: UInt
        @usableFromInline let arguments: (repeat each Argument)
        /// Nil for a call that threw (its error is in `Storage.errors`) or returned nothing
        /// a `Result` could hold.
        @usableFromInline let result: Result?

        @inlinable
        init(stamp: UInt64, thread: UInt, arguments: (repeat each Argument), result: Result?) {
            self.stamp = stamp
            self.thread = thread
            self.arguments = (repeat each arguments)
            self.result = result
        }
    }

    @usableFromInline
    struct Storage {
        @usableFromInline var entries: [Entry] = []
        /// The errors of calls that threw, by position: rare, so kept apart from the entries.
        @usableFromInline var errors: [Int: any Error] = [:]
        /// Which positions a verify accounted for, a bit each: a verify over 100,000 calls
        /// marked them in a `Set` in 5 ms.
        var verified: [UInt64] = []
        /// Counts resets: positions taken before one say nothing about calls after it.
        var generation = 0
    }

    /// Guards `storage`; a bare lock, since the append below is inlined into the mock's module.
    @usableFromInline let lock = RawLock()
    // Unchecked exclusivity: every access holds `lock` already, as `Locked`'s value does.
    @usableFromInline @exclusivity(unchecked) var storage = Storage()

    @usableFromInline init() { super.init(argumentOffsets: RawArgumentKey.offsets(of: (repeat each Argument).self)) }

    /// The positions of the calls `pattern` matches, read from the entries' bytes with the
    /// keys a stub table uses (no generic code per call: a verify, being generic code, built
    /// each call's tuple type at run time, 170 ns a call); the boxed scan when a matcher has
    /// no typed test.
    override func positions(matching pattern: SwiftCallPattern) -> (positions: [Int], generation: Int) {
        var owners: [AnyObject] = []
        guard let keys = RawArgumentKey.keys(pattern.arguments, offsets: argumentOffsets, owners: &owners) else {
            return positions(where: pattern.matches)
        }
        // Swift lays a struct out in declaration order: the stamp and the thread take 16
        // bytes, then the arguments at their alignment. (`MemoryLayout.offset(of:)` with a key
        // path to a property whose type is a parameter pack crashes Swift 6.3's runtime.)
        let alignment = MemoryLayout<(repeat each Argument)>.alignment
        let argumentsOffset = (16 + alignment - 1) / alignment * alignment
        let (entries, generation) = withStorage { ($0.entries, $0.generation) }
        let stride = MemoryLayout<Entry>.stride
        // The matchers run after the lock is released: one may call the mock.
        var positions: [Int] = []
        keys.withUnsafeBufferPointer { keys in
            entries.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                for index in entries.indices where RawArgumentKey.all(keys, match: base + index * stride + argumentsOffset) {
                    positions.append(index)
                }
            }
        }
        withExtendedLifetime(owners) {}
        return (positions, generation)
    }

    /// Runs `body` holding the lock.
    private func withStorage<R>(_ body: (inout Storage) -> R) -> R {
        lock.acquire()
        defer { lock.release() }
        return body(&storage)
    }

    /// Keeps a call.
    @inlinable
    func append(stamp: UInt64, thread: UInt, _ arguments: repeat each Argument, result: Result?, error: (any Error)?) {
        let entry = Entry(stamp: stamp, thread: thread, arguments: (repeat each arguments), result: result)
        lock.acquire()
        if let error { storage.errors[storage.entries.count] = error }
        storage.entries.append(entry)
        lock.release()
    }

    override func snapshot() -> (calls: [SwiftCall], verified: Set<Int>, generation: Int) {
        let (entries, errors, verified, generation) = withStorage { ($0.entries, $0.errors, $0.verified, $0.generation) }
        var calls: [SwiftCall] = []
        calls.reserveCapacity(entries.count)
        for position in entries.indices {
            var arguments: [Any] = []
            for argument in repeat each entries[position].arguments { arguments.append(argument) }
            var result: Any?
            if let value = entries[position].result { result = value }
            calls.append(SwiftCall(stamp: entries[position].stamp, thread: entries[position].thread, arguments: arguments,
                                   result: result, error: errors[position]))
        }
        var positions = Set<Int>()
        for (word, bits) in verified.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 { positions.insert(word * 64 + bit) }
        }
        return (calls, positions, generation)
    }

    override func positions(where accepts: ([Any]) -> Bool) -> (positions: [Int], generation: Int) {
        let (entries, generation) = withStorage { ($0.entries, $0.generation) }
        var buffer: [Any] = []
        var positions: [Int] = []
        for index in entries.indices {
            buffer.removeAll(keepingCapacity: true)
            for argument in repeat each entries[index].arguments { buffer.append(argument) }
            if accepts(buffer) { positions.append(index) }
        }
        return (positions, generation)
    }

    override func markVerified(_ positions: [Int], generation: Int) {
        withStorage { storage in
            guard storage.generation == generation else { return }
            for position in positions {
                let word = position / 64
                if word >= storage.verified.count { storage.verified += repeatElement(0, count: word + 1 - storage.verified.count) }
                storage.verified[word] |= 1 << UInt64(position % 64)
            }
        }
    }

    override func removeAll(keepingCapacity: Bool) {
        withStorage { storage in
            storage.entries.removeAll(keepingCapacity: keepingCapacity)
            storage.errors = [:]
            storage.verified = []
            storage.generation += 1
        }
    }
}
