import CImpostor

/// The door to a mock's C record log (`impostor_records.h`, `impostor_record_writer.h`,
/// `impostor_record_counting.h`): the lanes of fixed-size records that calls append to without
/// a lock, and what readers do with them under the log's lock.
///
/// ``InvocationStore`` owns one log per C mock; the entry points' C code writes to the same
/// log on the fast path (see ``FastPath``). A Swift member's ``ValueCallLog`` owns one too,
/// whose records hold the member's own types, written by the typed entry point
/// (``reserve()``, then ``commit(_:)``) and taken out by a visiting reset.
struct RecordLog {
    /// The log's C object; only the entry points' settings hold it besides this door.
    let raw: UnsafeMutablePointer<impostor_records>

    /// Bytes before a record's argument block: the stamp and the word.
    static let headerSize = Int(IMPOSTOR_RECORD_HEADER)
    /// A record word's "open" mark: the call's answer has not returned yet.
    static let openMark = UInt64(IMPOSTOR_RECORD_OPEN)

    /// Where one argument goes in a record and how many bytes it has.
    typealias Step = impostor_record_step
    /// A call recorded open, to be closed with its result (nil's C form when nothing was recorded).
    typealias OpenCall = impostor_open_call
    /// One thread's lane of records.
    typealias Lane = UnsafeMutablePointer<impostor_lane>

    /// A new empty log of records `stride` bytes apart, or nil when out of memory.
    init?(stride: Int) {
        guard let raw = impostor_records_create(stride) else { return nil }
        self.raw = raw
    }

    /// Bytes from one record to the next.
    var stride: Int { raw.pointee.stride }

    /// Frees the log. Only once no entry point can append any more.
    func destroy() { impostor_records_destroy(raw) }

    /// One argument's step: `size` bytes to `offset` in the record.
    static func step(offset: Int, size: Int) -> Step { Step(offset: UInt32(offset), size: UInt32(size), source: 0) }

    /// Appends one call on this thread's lane: `word` (capture index and marks), the
    /// arguments by `steps`, and the result unless it is nil. `eightbytes` copies every value as
    /// 8 bytes (a static trampoline's values, which fit). A retired log records nothing.
    ///
    /// A capturing mock's record also keeps `captures` (the descriptors of the handler's copies,
    /// one per rule of `rules`), copied into the lane's capture area.
    @inline(__always)
    func append(
        serial: UInt64, stamp: UInt64, word: UInt64, eightbytes: Bool, arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
        steps: UnsafePointer<Step>, count: UInt32, result: UnsafeMutableRawPointer?, resultOffset: UInt32, resultSize: UInt32,
        rules: UnsafeMutablePointer<impostor_capture_plan>? = nil, captures: UnsafePointer<CaptureRecords.Descriptor>? = nil
    ) -> OpenCall {
        // Two calls with constant flags, so that the inlined C writer drops the other branch.
        if eightbytes {
            return impostor_records_append_call(
                raw, serial, stamp, word, 0, 1, arguments, nil, steps, count, result, resultOffset, resultSize, rules, captures)
        }
        return impostor_records_append_call(
            raw, serial, stamp, word, 0, 0, arguments, nil, steps, count, result, resultOffset, resultSize, rules, captures)
    }

    /// Writes the result into a call recorded open and marks it returned (nothing for a call
    /// that was not recorded). `eightbytes`: the result is copied as 8 bytes.
    @inline(__always)
    static func close(_ call: OpenCall, eightbytes: Bool, result: UnsafeMutableRawPointer?, resultOffset: UInt32, resultSize: UInt32) {
        if eightbytes {
            impostor_records_close_call(call, 1, result, resultOffset, resultSize)
        } else {
            impostor_records_close_call(call, 0, result, resultOffset, resultSize)
        }
    }

    /// Runs `body` with the log's lock held: no clear or release runs meanwhile.
    func withLock<R>(_ body: () -> R) -> R {
        impostor_records_lock(raw)
        defer { impostor_records_unlock(raw) }
        return body()
    }

    /// Every lane with its published count and thread (lanes with no record left out). Under
    /// ``withLock(_:)``.
    func lanes() -> [(lane: Lane, count: Int, thread: UInt)] {
        var lanes: [(lane: Lane, count: Int, thread: UInt)] = []
        var lane = impostor_records_first_lane(raw)
        while let current = lane {
            let count = impostor_lane_count(current)
            if count > 0 { lanes.append((current, count, impostor_lane_thread(current))) }
            lane = impostor_lane_next(current)
        }
        return lanes
    }

    /// The addresses of `lane`'s first `count` records. Under ``withLock(_:)``.
    func records(of lane: Lane, count: Int, into addresses: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        impostor_lane_records(raw, lane, count, addresses)
    }

    /// Forgets every record (a lane with a call still open is hidden, not emptied); `retiring`
    /// also frees them and turns later calls away. Under ``withLock(_:)``.
    func reset(retiring: Bool) { impostor_records_reset(raw, retiring ? 1 : 0, nil, nil) }

    /// ``reset(retiring:)``, handing every record it forgets to `visit` with `context` first,
    /// while no writer runs (a Swift member's records, whose values the visitor takes away).
    /// Under ``withLock(_:)``.
    func reset(
        retiring: Bool, visiting visit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> Void,
        context: UnsafeMutableRawPointer
    ) {
        impostor_records_reset(raw, retiring ? 1 : 0, visit, context)
    }

    /// Starts the calling thread's next record: its lane (opaque) and where the record goes,
    /// which the caller writes whole before ``commit(_:)``; nil once the log is retired (the
    /// call is not recorded). Takes no lock and makes no atomic read-modify-write; the lane
    /// stays busy, holding off clears, until the commit.
    @inline(__always)
    func reserve() -> (lane: UnsafeMutableRawPointer, record: UnsafeMutableRawPointer)? {
        let lane = impostor_records_lane(raw, raw.pointee.serial)
        guard impostor_records_enter(raw, lane) != 0 else { return nil }
        return (UnsafeMutableRawPointer(lane), impostor_records_place(raw, lane))
    }

    /// Publishes the record ``reserve()`` gave for `lane`, and ends the lane's busy span.
    @inline(__always)
    func commit(_ lane: UnsafeMutableRawPointer) {
        impostor_records_commit(raw, lane.assumingMemoryBound(to: impostor_lane.self))
    }

    /// Calls `body` with the address and thread of every published record, lane by lane, each
    /// lane's oldest first. Under ``withLock(_:)``.
    func forEachRecord(_ body: (UnsafeMutableRawPointer, UInt) -> Void) {
        for (lane, count, thread) in lanes() {
            let addresses = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
            defer { addresses.deallocate() }
            records(of: lane, count: count, into: addresses)
            for index in 0..<count { body(addresses[index].unsafelyUnwrapped, thread) }
        }
    }

    /// A literal a record must hold: `size` bytes (1, 2, 4 or 8) at `offset` in the record equal
    /// to `bits` (see `impostor_record_test`).
    typealias Test = impostor_record_test

    static func test(offset: Int, size: Int, bits: UInt64) -> Test { Test(offset: UInt32(offset), size: UInt32(size), bits: bits) }

    /// Counts the published records that hold every one of `tests` where they lie and, when
    /// `mark` accepts the count, marks exactly the records counted verified. Each lane's count
    /// is read once, so a call published meanwhile is neither counted nor marked. Nil when
    /// memory ran out (nothing marked). Under ``withLock(_:)``, with clears kept out by the caller.
    func count(_ tests: [Test], markingIf mark: (Int) -> Bool) -> Int? {
        var counted = impostor_counted_records()
        // Sound: the tests' buffer stays valid until the count is finished, which reads it
        // again to mark; the count is finished (its memory freed) on every path.
        return tests.withUnsafeBufferPointer { tests in
            let count = impostor_records_count_matching(raw, tests.baseAddress, UInt32(tests.count), &counted)
            guard count != .max else {
                impostor_records_finish_count(raw, &counted, 0)
                return nil
            }
            impostor_records_finish_count(raw, &counted, mark(Int(count)) ? 1 : 0)
            return Int(count)
        }
    }

    /// Marks a record as accounted for by a verify (the word's flags byte, which only verify writes).
    static func markVerified(_ record: UnsafeMutableRawPointer) { impostor_record_mark_verified(record) }

    /// True when a verify marked the record.
    static func isVerified(_ record: UnsafeRawPointer) -> Bool { impostor_record_is_verified(record) != 0 }

    /// Copies a record to `copy` (`stride` bytes); a call still open is copied without its
    /// result, which its writer may be writing. True when the call was open.
    static func copy(_ record: UnsafeRawPointer, to copy: UnsafeMutableRawPointer, stride: Int, resultOffset: Int) -> Bool {
        impostor_record_copy(copy, record, stride, UInt32(resultOffset)) != 0
    }
}

/// The door to one mock's fast-path settings (`impostor_entry_answers.h`): what its entry point
/// needs to answer calls from stub keys and record calls in C, without entering Swift.
struct FastPath {
    /// The settings' C object, handed to the entry point when it is made.
    let raw: UnsafeMutablePointer<impostor_fast_path>

    /// New closed settings writing to `log` by `steps`, or nil when out of memory.
    init?(
        log: RecordLog, steps: UnsafeMutablePointer<RecordLog.Step>, count: UInt32, resultOffset: UInt32, resultSize: UInt32,
        captures: CaptureRecords
    ) {
        guard let raw = impostor_fast_path_create(log.raw, steps, count, resultOffset, resultSize, captures.raw) else { return nil }
        self.raw = raw
    }

    /// Frees the settings. Only once no entry point can read them.
    func destroy() { impostor_fast_path_destroy(raw) }

    /// Every value may be copied as 8 bytes (set when a static trampoline is made, before any call).
    @inline(__always)
    var eightbytes: Bool { raw.pointee.eightbytes != 0 }

    /// A call recorded open may be closed with its result copied as 8 bytes.
    @inline(__always)
    var closesEightbytes: Bool { raw.pointee.closes_eightbytes != 0 }

    /// The log's serial, which finds this thread's lane.
    @inline(__always)
    var recordsSerial: UInt64 { raw.pointee.records_serial }

    /// Opens the fast path: keys answer, with failures going to `failures` (unretained: it must
    /// live as long as the mock), and a `nice` mock's call no key answers is recorded in C. For
    /// the mock of an interposed symbol, `symbol` is its dispatcher's index (else -1).
    func open(nice: Bool, failures: UnsafeMutableRawPointer, symbol: Int32) {
        raw.pointee.nice = nice ? 1 : 0
        raw.pointee.answering_failures = failures
        raw.pointee.symbol = symbol
        impostor_fast_path_set_open(raw, 1)
    }

    /// Sends every call to the Swift handler from now on.
    func close() { impostor_fast_path_set_open(raw, 0) }

    /// Adds a key for `stub` (unretained: the stub table keeps it) with `tests`; false when the
    /// keys are full, or the tests are too many for one key.
    func addKey(stub: UnsafeMutableRawPointer, tests: StubKeyTests) -> Bool {
        let memory = tests.memory
        let literals = memory.map(\.key.bytes)
        return withByteAddresses(of: literals[...]) { addresses in
            // Sound: the arrays and the literals' bytes outlive the call, which copies them into the key.
            impostor_fast_path_add_key(
                raw, stub, tests.scalars.map(\.argument), tests.scalars.map(\.size), tests.scalars.map(\.bits),
                UInt32(tests.scalars.count), memory.map(\.argument), memory.map(\.place), memory.map { Self.kind(of: $0.key) },
                literals.map { UInt32($0.count) }, addresses, UInt32(memory.count)) != 0
        }
    }

    /// A memory test's kind, as the C key keeps it.
    private static func kind(of key: MemoryKey) -> UInt32 {
        switch key {
        case .text: UInt32(IMPOSTOR_KEY_TEXT)
        case .prefix: UInt32(IMPOSTOR_KEY_PREFIX)
        }
    }

    /// Runs `body` with the address of each array's bytes, valid inside it.
    private func withByteAddresses<R>(
        of arrays: ArraySlice<[UInt8]>, collected: [UnsafePointer<UInt8>?] = [], _ body: ([UnsafePointer<UInt8>?]) -> R
    ) -> R {
        guard let first = arrays.first else { return body(collected) }
        return first.withUnsafeBufferPointer { buffer in
            withByteAddresses(of: arrays.dropFirst(), collected: collected + [buffer.baseAddress], body)
        }
    }

    /// Forgets every key.
    func forgetKeys() { impostor_stub_keys_forget_all(&raw.pointee.keys) }
}
