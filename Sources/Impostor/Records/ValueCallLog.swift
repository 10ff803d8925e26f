
/// The calls one member of a Swift mock received, kept with their own types in the record log
/// C mocks use (``RecordLog``): each thread appends to a lane of its own, without a lock.
///
/// A record is the call's stamp (8 bytes), a word (8 bytes: what the call left, and the
/// verified flag), the arguments as their own types, and then the result or the error thrown,
/// which share one slot; the calling thread is kept once per lane. A recorded
/// `fetch(id: Int, name: String) -> Int` takes 48 bytes; boxing the arguments as `[Any]` took
/// 181. The engine reads calls through this non-generic face: as ``SwiftCall``s for messages
/// and answers, and by record for verification, which matches each call's arguments where
/// they lie.
@usableFromInline
class ValueCallLog: @unchecked Sendable {
    // @unchecked: the C log's lanes are written by their own threads and read under its lock;
    // `generation` and the subclass's `taken` are touched only under that lock.

    /// What a record's word says the call left: its result, its error, or nothing (a call
    /// that returned nothing a `Result` could hold).
    @inlinable static var returned: UInt64 { 1 }
    @inlinable static var threw: UInt64 { 2 }

    let records: RecordLog
    /// Where each argument sits in the tuple of a call's arguments (see `RawArgumentKey`): what
    /// the verify scan and the member's stub tables read.
    let argumentOffsets: [Int]
    /// Where a record's arguments and its result (or error) start.
    @usableFromInline let argumentsOffset: Int
    @usableFromInline let resultOffset: Int
    /// Bytes from one record to the next, as the C log keeps it.
    var stride: Int { records.stride }
    /// Counts resets: records found before one say nothing about calls after it.
    private var generation = 0

    init(argumentOffsets: [Int], argumentsOffset: Int, resultOffset: Int, stride: Int) {
        guard let records = RecordLog(stride: stride) else { fatalError("Impostor: out of memory creating a mock") }
        self.records = records
        self.argumentOffsets = argumentOffsets
        self.argumentsOffset = argumentsOffset
        self.resultOffset = resultOffset
    }

    deinit { records.destroy() }

    /// Starts the calling thread's next record (see ``RecordLog/reserve()``); nil once the
    /// member is released. Not inlinable: the mock's module cannot see the C log.
    @usableFromInline
    final func beginRecord() -> (lane: UnsafeMutableRawPointer, record: UnsafeMutableRawPointer)? { records.reserve() }

    /// Publishes a record ``beginRecord()`` gave, written whole.
    @usableFromInline
    final func commitRecord(_ lane: UnsafeMutableRawPointer) { records.commit(lane) }

    /// Runs `body` under the log's lock with every kept call's record and thread, oldest first,
    /// and the generation they belong to. Writers take no lock: a call recorded meanwhile may
    /// or may not be among them.
    final func withRecords<R>(_ body: ([(record: UnsafeMutableRawPointer, thread: UInt)], Int) -> R) -> R {
        records.withLock {
            var all: [(record: UnsafeMutableRawPointer, thread: UInt)] = []
            records.forEachRecord { all.append(($0, $1)) }
            all.sort { $0.record.load(as: UInt64.self) < $1.record.load(as: UInt64.self) }
            return body(all, generation)
        }
    }

    /// Runs `scan` under the log's lock on every kept call's record, in no particular order,
    /// then returns the generation they belong to: for a verify, which needs no order.
    final func scanRecords(_ scan: (UnsafeMutableRawPointer) -> Void) -> Int {
        records.withLock {
            records.forEachRecord { record, _ in scan(record) }
            return generation
        }
    }

    /// Every kept call as a ``SwiftCall``, oldest first, with which a verify accounted for, and
    /// the generation they belong to.
    func snapshot() -> (calls: [SwiftCall], verified: Set<Int>, generation: Int) { fatalError("ValueCallLog is abstract") }

    /// The records of the kept calls whose arguments `accepts` takes, oldest first, with the
    /// generation. The arguments are boxed into one reused array, one call at a time.
    func positions(where accepts: ([Any]) -> Bool) -> (positions: [UInt], generation: Int) { fatalError("ValueCallLog is abstract") }

    /// The records of the kept calls `pattern` matches, with the generation: typed, when the
    /// pattern's matchers all have typed tests, else boxed.
    func positions(matching pattern: SwiftCallPattern) -> (positions: [UInt], generation: Int) {
        positions(where: pattern.matches)
    }

    /// Marks calls a verify accounted for (their records), unless the calls were reset since
    /// `generation`.
    final func markVerified(_ positions: [UInt], generation: Int) {
        records.withLock {
            guard self.generation == generation else { return }
            for position in positions {
                // Sound: the generation is unchanged, so the record is one of the kept calls.
                RecordLog.markVerified(UnsafeMutableRawPointer(bitPattern: position).unsafelyUnwrapped)
            }
        }
    }

    /// Forgets every kept call; with `keepingCapacity`, the next calls reuse the memory (a
    /// reset between a test's phases), else it is freed and later calls are not kept (a
    /// release). The values are taken out while no writer runs and let go after the lock:
    /// letting one go may run its `deinit`, which may call the mock.
    final func removeAll(keepingCapacity: Bool) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let gone = records.withLock { () -> Any in
            records.reset(retiring: !keepingCapacity, visiting: { context, record in
                // Sound: `context` is this log, alive for the whole reset.
                Unmanaged<ValueCallLog>.fromOpaque(context.unsafelyUnwrapped).takeUnretainedValue().take(record)
            }, context: context)
            generation += 1
            return handOverTaken()
        }
        withExtendedLifetime(gone) {}
    }

    /// Moves a record's values out (under the lock, during a reset). Overridden.
    func take(_ record: UnsafeMutableRawPointer) { fatalError("ValueCallLog is abstract") }

    /// What ``take(_:)`` moved out, handed over to be let go of after the lock. Overridden.
    func handOverTaken() -> Any { () }
}

/// The log of a member taking `Argument` and returning `Result`.
@usableFromInline
final class TypedValueCallLog<each Argument, Result>: ValueCallLog, @unchecked Sendable {
    // @unchecked: see `ValueCallLog`; the arguments are the caller's values, kept as they are
    // (as `SwiftCall` explains).

    /// A call's arguments, as one value a record holds. (A struct: a bare pack tuple passed
    /// between functions crashes Swift 6.3's SIL generation.)
    @usableFromInline
    struct Arguments {
        @usableFromInline let values: (repeat each Argument)

        /// Made from the tuple, `Arguments(values: (repeat each arguments))`: made from the
        /// pack itself, Swift 6.3 copies each argument through its type's value witnesses and
        /// destroys the copy, a retain and two calls per argument more on every call.
        @inlinable
        init(values: consuming (repeat each Argument)) { self.values = values }
    }

    /// What a reset took out of the records, let go of after the lock.
    private struct Taken {
        let arguments: Arguments
        let result: Result?
        let error: (any Error)?
    }

    @exclusivity(unchecked) private var taken: [Taken] = []

    @usableFromInline init() {
        // Swift lays a struct with one stored tuple out as that tuple: the offsets the keys
        // read are the tuple's.
        let alignment = MemoryLayout<Arguments>.alignment
        let argumentsOffset = (RecordLog.headerSize + alignment - 1) / alignment * alignment
        // The result and an error share one slot: a call leaves one or the other.
        let slotAlignment = max(MemoryLayout<Result>.alignment, MemoryLayout<any Error>.alignment)
        let resultOffset = (argumentsOffset + MemoryLayout<Arguments>.size + slotAlignment - 1) / slotAlignment * slotAlignment
        let end = resultOffset + max(MemoryLayout<Result>.size, MemoryLayout<any Error>.size)
        let recordAlignment = max(8, alignment, slotAlignment)
        super.init(
            argumentOffsets: RawArgumentKey.offsets(of: (repeat each Argument).self), argumentsOffset: argumentsOffset,
            resultOffset: resultOffset, stride: (end + recordAlignment - 1) / recordAlignment * recordAlignment)
    }

    deinit {
        // No call can be under way: a call holds the member's reference, which holds the log.
        var all: [UnsafeMutableRawPointer] = []
        _ = scanRecords { all.append($0) }
        for record in all { release(record) }
    }

    /// Keeps a call: its arguments and its result or error, in a record of the calling
    /// thread's lane (nothing once the member is released).
    @inlinable
    func append(stamp: UInt64, _ arguments: repeat each Argument, result: Result?, error: (any Error)?) {
        append(stamp: stamp, Arguments(values: (repeat each arguments)), result: result, error: error)
    }

    /// The same, with the arguments already laid out (moved into the record).
    @inlinable
    func append(stamp: UInt64, _ arguments: consuming Arguments, result: Result?, error: (any Error)?) {
        guard let slot = beginRecord() else { return }
        let record = slot.record
        // Sound: the record is this thread's alone until the commit, `stride` bytes laid out
        // for these types (see `init`), and aligned for them (records start 16-byte aligned
        // and the stride is a multiple of every alignment).
        record.storeBytes(of: stamp, as: UInt64.self)
        (record + argumentsOffset).initializeMemory(as: Arguments.self, to: arguments)
        var outcome: UInt64 = 0
        if let error {
            (record + resultOffset).initializeMemory(as: (any Error).self, to: error)
            outcome = Self.threw
        } else if let result {
            (record + resultOffset).initializeMemory(as: Result.self, to: result)
            outcome = Self.returned
        }
        // The word's other bytes (open, verified) start clear.
        (record + 8).storeBytes(of: outcome, as: UInt64.self)
        commitRecord(slot.lane)
    }

    /// The arguments, result and error of a kept call's record, copied.
    private func read(_ record: UnsafeMutableRawPointer) -> Taken {
        let outcome = (record + 8).load(as: UInt8.self)
        return Taken(
            arguments: (record + argumentsOffset).assumingMemoryBound(to: Arguments.self).pointee,
            result: outcome == Self.returned ? (record + resultOffset).assumingMemoryBound(to: Result.self).pointee : nil,
            error: outcome == Self.threw ? (record + resultOffset).assumingMemoryBound(to: (any Error).self).pointee : nil)
    }

    /// Destroys a record's values in place.
    private func release(_ record: UnsafeMutableRawPointer) {
        let outcome = (record + 8).load(as: UInt8.self)
        (record + argumentsOffset).assumingMemoryBound(to: Arguments.self).deinitialize(count: 1)
        if outcome == Self.returned { (record + resultOffset).assumingMemoryBound(to: Result.self).deinitialize(count: 1) }
        if outcome == Self.threw { (record + resultOffset).assumingMemoryBound(to: (any Error).self).deinitialize(count: 1) }
    }

    override func take(_ record: UnsafeMutableRawPointer) {
        let outcome = (record + 8).load(as: UInt8.self)
        taken.append(Taken(
            arguments: (record + argumentsOffset).assumingMemoryBound(to: Arguments.self).move(),
            result: outcome == Self.returned ? (record + resultOffset).assumingMemoryBound(to: Result.self).move() : nil,
            error: outcome == Self.threw ? (record + resultOffset).assumingMemoryBound(to: (any Error).self).move() : nil))
    }

    override func handOverTaken() -> Any {
        defer { taken = [] }
        return taken
    }

    /// The records of the calls `pattern` matches, read where they lie with the keys a stub
    /// table uses (no generic code per call: a verify, being generic code, built each call's
    /// tuple type at run time, 170 ns a call); the boxed scan when a matcher has no typed test
    /// or runs code of the user's (which may call the mock, or verify it: it runs after the
    /// lock, on copies).
    override func positions(matching pattern: SwiftCallPattern) -> (positions: [UInt], generation: Int) {
        var owners: [AnyObject] = []
        guard let keys = RawArgumentKey.keys(pattern.arguments, offsets: argumentOffsets, owners: &owners) else {
            return positions(where: pattern.matches)
        }
        let argumentsOffset = self.argumentsOffset
        return withExtendedLifetime(owners) {
            keys.withUnsafeBufferPointer { keys in
                guard keys.allSatisfy(\.runsNoUserCode) else {
                    // A matcher of the user's runs after the lock, on copies.
                    var kept: [(Arguments, UnsafeMutableRawPointer)] = []
                    let generation = scanRecords { kept.append((($0 + argumentsOffset).assumingMemoryBound(to: Arguments.self).pointee, $0)) }
                    var positions: [UInt] = []
                    for (arguments, record) in kept {
                        var values = arguments
                        if withUnsafeBytes(of: &values, { RawArgumentKey.all(keys, match: $0.baseAddress ?? UnsafeRawPointer(record)) }) {
                            positions.append(UInt(bitPattern: record))
                        }
                    }
                    return (positions, generation)
                }
                var positions: [UInt] = []
                let generation = scanRecords { record in
                    if RawArgumentKey.all(keys, match: record + argumentsOffset) { positions.append(UInt(bitPattern: record)) }
                }
                return (positions, generation)
            }
        }
    }

    override func snapshot() -> (calls: [SwiftCall], verified: Set<Int>, generation: Int) {
        let (kept, generation) = withRecords { all, generation in
            (all.map { (read($0.record), $0.record, $0.thread, RecordLog.isVerified($0.record)) }, generation)
        }
        var calls: [SwiftCall] = []
        var verified = Set<Int>()
        calls.reserveCapacity(kept.count)
        for (position, (values, record, thread, isVerified)) in kept.enumerated() {
            var arguments: [Any] = []
            for argument in repeat each values.arguments.values { arguments.append(argument) }
            var result: Any?
            if let value = values.result { result = value }
            var call = SwiftCall(stamp: record.load(as: UInt64.self), thread: thread, arguments: arguments, result: result, error: values.error)
            call.mark = UInt(bitPattern: record)
            calls.append(call)
            if isVerified { verified.insert(position) }
        }
        return (calls, verified, generation)
    }

    override func positions(where accepts: ([Any]) -> Bool) -> (positions: [UInt], generation: Int) {
        // Copied under the lock, matched after it: a matcher may call or verify the mock.
        var kept: [(Arguments, UnsafeMutableRawPointer)] = []
        let generation = scanRecords { kept.append((($0 + argumentsOffset).assumingMemoryBound(to: Arguments.self).pointee, $0)) }
        var buffer: [Any] = []
        var positions: [UInt] = []
        for (arguments, record) in kept {
            buffer.removeAll(keepingCapacity: true)
            for argument in repeat each arguments.values { buffer.append(argument) }
            if accepts(buffer) { positions.append(UInt(bitPattern: record)) }
        }
        return (positions, generation)
    }
}
