import CImpostor

/// The calls one mock received, as fixed-size records that are never moved.
///
/// Each thread that calls the mock appends to a lane of its own (see `impostor_records.h`), so
/// recording a call takes no lock and writes nothing another thread writes. A record is the
/// call's ordering stamp (8 bytes), a word for the call's first capture, whether its answer has
/// returned and the verified flag (8 bytes, see `impostor_records.h`), the argument block and
/// the return value's bytes; the calling thread is stored once per lane. Readers take `state`'s
/// lock and merge the lanes by stamp.
final class InvocationStore: @unchecked Sendable {
    // @unchecked: `log` is C memory whose lanes are written by their owning threads and
    // published by release stores; everything else a reader touches is under `state`'s lock.
    private struct State {
        /// What the calls copied from their pointer arguments: `plan.capturing.count` per
        /// record, starting at the index the record holds.
        var captures: [CapturedMemory?] = []
        /// Bumped by every clear and release: a batch taken before can no longer mark records.
        var generation = 0
    }

    private let signature: Signature
    let plan: CapturePlan
    /// Where each argument goes in a record and how many bytes it has, decided once: the
    /// per-call copy reads this flat buffer instead of the signature's arrays.
    private let copySteps: UnsafeMutablePointer<impostor_record_step>
    /// The counts and offsets the C writer takes, converted once rather than on every call.
    private let argumentCount: UInt32
    private let resultOffset32: UInt32
    private let resultSize32: UInt32
    private let stride: Int
    private let log: UnsafeMutablePointer<impostor_records>
    /// What the entry point needs to answer and record this mock's calls without the handler
    /// (see ``Interceptor``, which opens and closes it). Freed with the store, which dies only
    /// when no trampoline can call the mock.
    let quietCalls: UnsafeMutablePointer<impostor_quiet_calls>
    private let state = Locked(State())

    static let headerSize = Int(IMPOSTOR_RECORD_HEADER)

    init(signature: Signature, plan: CapturePlan) {
        CallSequence.settingChecked
        self.signature = signature
        self.plan = plan
        let raw = Self.headerSize + signature.payloadSize
        stride = (raw + signature.payloadAlignment - 1) / signature.payloadAlignment * signature.payloadAlignment
        guard let log = impostor_records_create(stride) else { fatalError("Impostor: out of memory creating a mock") }
        self.log = log
        copySteps = .allocate(capacity: max(1, signature.parameters.count))
        for (index, parameter) in signature.parameters.enumerated() {
            (copySteps + index).initialize(to: impostor_record_step(
                offset: UInt32(Self.headerSize + signature.argumentOffsets[index]), size: UInt32(parameter.size),
                source: 0))
        }
        argumentCount = UInt32(signature.parameters.count)
        resultOffset32 = UInt32(Self.headerSize + signature.resultOffset)
        resultSize32 = UInt32(signature.resultSize)
        // Closed until the interceptor opens it.
        guard let quietCalls = impostor_quiet_calls_create(log, copySteps, argumentCount, resultOffset32, resultSize32)
        else { fatalError("Impostor: out of memory creating a mock") }
        self.quietCalls = quietCalls
    }

    deinit {
        // Sound: the store dies with its interceptor, and an interceptor dies only when no
        // trampoline can call it, so no thread appends any more.
        impostor_records_destroy(log)
        copySteps.deallocate()
        impostor_quiet_calls_destroy(quietCalls)
    }

    /// Records one call: its arguments and captures from `frame`, and the return value already
    /// written to the frame's result buffer. Takes no lock unless the call copied pointer
    /// memory.
    @inline(__always)
    func append(sequence: UInt64, frame: CallFrame) {
        _ = record(sequence: sequence, open: false, frame: frame)
    }

    /// Records a call whose answer is about to run code that may never return (a stub's block,
    /// an expectation's action): its arguments and captures now, open ("did not return"), so
    /// that a block leaving with `longjmp` still leaves the call in the log. ``close(_:frame:)``
    /// adds the result once the answer returns.
    @inline(__always)
    func open(sequence: UInt64, frame: CallFrame) -> impostor_open_call {
        record(sequence: sequence, open: true, frame: frame)
    }

    /// Writes the result the answer left in the frame into the record ``open(sequence:frame:)``
    /// made, and marks the call as returned (unseen when the mock was cleared since).
    @inline(__always)
    func close(_ call: impostor_open_call, frame: CallFrame) {
        // Sound: the frame's result buffer holds the result's bytes (nil for `Void`, whose size is
        // 0), and 8 of them when the entry point is a static trampoline whose results close as 8.
        if quietCalls.pointee.closes_eightbytes != 0 {
            impostor_records_close_call(call, 1, frame.result, resultOffset32, resultSize32)
        } else {
            impostor_records_close_call(call, 0, frame.result, resultOffset32, resultSize32)
        }
    }

    @inline(__always)
    private func record(sequence: UInt64, open: Bool, frame: CallFrame) -> impostor_open_call {
        let mark = open ? UInt64(IMPOSTOR_RECORD_OPEN) : 0
        guard !frame.captures.isEmpty else { return write(sequence: sequence, word: mark, frame: frame, open: open) }
        // The captures and the record that points at them are added together, so a clear
        // cannot come between them.
        return state.withLock { state in
            let first = state.captures.count
            state.captures.append(contentsOf: frame.captures)
            return write(sequence: sequence, word: UInt64(first) | mark, frame: frame, open: open)
        }
    }

    @inline(__always)
    private func write(sequence: UInt64, word: UInt64, frame: CallFrame, open: Bool) -> impostor_open_call {
        // Sound: libffi and the static dispatcher give one pointer per parameter, to a value
        // of its size; the steps and the result's place lie inside the record. A retired
        // store (a released mock) records nothing: a call that raced the release is not kept.
        // Two inlined bodies, so that each copies with a constant choice: 8 bytes a value when
        // the entry point is a static trampoline and the values fit (set before any call). An
        // open call has no result yet.
        let result = open ? nil : frame.result
        if quietCalls.pointee.eightbytes != 0 {
            return impostor_records_append_call(
                log, quietCalls.pointee.records_serial, sequence, word, 0, 1, frame.arguments.unsafelyUnwrapped, nil, copySteps, argumentCount,
                result, resultOffset32, resultSize32)
        } else {
            return impostor_records_append_call(
                log, quietCalls.pointee.records_serial, sequence, word, 0, 0, frame.arguments.unsafelyUnwrapped, nil, copySteps, argumentCount,
                result, resultOffset32, resultSize32)
        }
    }

    /// Lets the mock's entry point answer calls from its stub keys, with failures the
    /// answers raise going to `failures`, and, for a `nice` mock, record a call no key answers
    /// itself. Once, when the mock is made; `failures` must live as long as the mock.
    func openDispatcherAnswers(nice: Bool, failures: PendingFailures) {
        quietCalls.pointee.nice = nice ? 1 : 0
        quietCalls.pointee.answering_failures = Unmanaged.passUnretained(failures).toOpaque()
        impostor_quiet_calls_set_open(quietCalls, 1)
    }

    /// Sends every call to the handler from now on.
    func closeDispatcherAnswers() { impostor_quiet_calls_set_open(quietCalls, 0) }

    /// Adds `stub`'s key for the mock's entry point; false when its pattern does
    /// not compile to one (a matcher that runs code, a float or struct literal) or the keys are
    /// full. Call under the stub table's lock, before the stub is published.
    func addKey(for stub: Stub) -> Bool {
        guard let tests = stub.pattern.keyTests else { return false }
        // Sound: the arrays outlive the call, which copies them into the key.
        return impostor_quiet_calls_add_key(
            quietCalls, Unmanaged.passUnretained(stub).toOpaque(), tests.map(\.argument), tests.map(\.size),
            tests.map(\.bits), UInt32(tests.count)) != 0
    }

    /// Forgets every key (a reset of the mock's stubs). Under the stub table's lock.
    func forgetKeys() { impostor_stub_keys_forget_all(&quietCalls.pointee.keys) }

    /// One lane as a reader sees it: the records published so far and the thread that wrote them.
    private struct LaneView {
        let lane: UnsafeMutablePointer<impostor_lane>
        let count: Int
        let thread: UInt
    }

    /// The lanes with their published counts; under the state lock, so no clear runs meanwhile.
    private func lanes() -> [LaneView] {
        impostor_records_lock(log)
        defer { impostor_records_unlock(log) }
        var lanes: [LaneView] = []
        var lane = impostor_records_first_lane(log)
        while let current = lane {
            let count = impostor_lane_count(current)
            if count > 0 { lanes.append(LaneView(lane: current, count: count, thread: impostor_lane_thread(current))) }
            lane = impostor_lane_next(current)
        }
        return lanes
    }

    /// How many calls are recorded.
    var count: Int { state.withLock { _ in lanes().reduce(0) { $0 + $1.count } } }

    /// Copies every record out, oldest first.
    func records() -> [CallRecord] { records(last: .max) }

    /// The newest `count` records (all of them when there are fewer), oldest first.
    func records(last count: Int) -> [CallRecord] {
        let batch = snapshot()
        return (max(0, batch.count - count)..<batch.count).map { batch.view($0).record() }
    }

    /// Copies every record, oldest first (by stamp, across the lanes).
    func snapshot() -> RecordBatch {
        state.withLock { state in
            let lanes = lanes()
            // Sound: records below each lane's published count are fully written and stay in
            // place while the state lock keeps clears and releases out.
            var origins: [UnsafeMutableRawPointer] = []
            origins.reserveCapacity(lanes.reduce(0) { $0 + $1.count })
            var threads: [UInt] = []
            var addresses = [UnsafeMutableRawPointer?](repeating: nil, count: lanes.reduce(0) { max($0, $1.count) })
            for lane in lanes {
                addresses.withUnsafeMutableBufferPointer { impostor_lane_records(log, lane.lane, lane.count, $0.baseAddress!) }
                for index in 0..<lane.count { origins.append(addresses[index].unsafelyUnwrapped) }
            }
            for lane in lanes { threads.append(contentsOf: repeatElement(lane.thread, count: lane.count)) }
            // Each lane is in stamp order unless a signal handler's call went to it (calls are
            // recorded before their answers run, so a stub's own calls of the mock come after
            // it); several lanes always need merging.
            if lanes.count > 1 || !Self.isInStampOrder(origins) {
                var keyed = origins.indices.map { (origins[$0].load(as: UInt64.self), $0) }
                keyed.sort { $0.0 < $1.0 }
                origins = keyed.map { origins[$0.1] }
                threads = keyed.map { threads[$0.1] }
            }
            let perCall = plan.capturing.count
            var captures: [CapturedMemory?] = []
            if perCall > 0 {
                captures.reserveCapacity(origins.count * perCall)
                for origin in origins {
                    let first = Int(impostor_record_first_capture(origin))
                    captures.append(contentsOf: state.captures[first..<(first + perCall)])
                }
            }
            return RecordBatch(
                signature: signature, plan: plan, stride: stride, origins: origins, threads: threads,
                captures: captures, generation: state.generation)
        }
    }

    private static func isInStampOrder(_ origins: [UnsafeMutableRawPointer]) -> Bool {
        var previous: UInt64 = 0
        for origin in origins {
            let stamp = origin.load(as: UInt64.self)
            if stamp < previous { return false }
            previous = stamp
        }
        return true
    }

    /// Marks the records at `indices` of `batch` as accounted for by a verify. Does nothing
    /// when the mock was cleared since the batch was taken.
    func markVerified(_ indices: [Int], in batch: RecordBatch) {
        state.withLock { state in
            guard batch.generation == state.generation else { return }
            for index in indices {
                // Sound: the record is still in its lane (same generation: no clear since).
                impostor_record_mark_verified(batch.origin(index))
            }
        }
    }

    /// Forgets every record; the lanes keep their memory for the calls that follow.
    func removeAll() { reset(retiring: false) }

    /// Frees every record and turns later calls away: they are not recorded.
    func retire() { reset(retiring: true) }

    private func reset(retiring: Bool) {
        state.withLock { state in
            impostor_records_lock(log)
            impostor_records_reset(log, retiring ? 1 : 0)
            impostor_records_unlock(log)
            state.captures = []
            state.generation += 1
        }
    }
}
