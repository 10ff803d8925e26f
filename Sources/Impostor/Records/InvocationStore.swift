/// The calls one mock received, as fixed-size records that are never moved.
///
/// Each thread that calls the mock appends to a lane of its own (see ``RecordLog``), so
/// recording a call takes no lock and writes nothing another thread writes. A record is the
/// call's ordering stamp (8 bytes), a word with whether its answer has returned and the verified
/// flag (8 bytes), the argument block, the return value's bytes and, for a mock that copies
/// pointer memory, a descriptor of each copy, whose bytes live in the lane too (see
/// ``CaptureRecords``); the calling thread is stored once per lane. Readers take `state`'s lock
/// and merge the lanes by stamp.
final class InvocationStore: @unchecked Sendable {
    // @unchecked: `log` is C memory whose lanes are written by their owning threads and
    // published by release stores; everything else a reader touches is under `state`'s lock.
    private struct State {
        /// Bumped by every clear and release: a batch taken before can no longer mark records.
        var generation = 0
    }

    private let signature: Signature
    let plan: CapturePlan
    /// Where each argument goes in a record and how many bytes it has, decided once: the
    /// per-call copy reads this flat buffer instead of the signature's arrays.
    private let copySteps: UnsafeMutablePointer<RecordLog.Step>
    /// The counts and offsets the C writer takes, converted once rather than on every call.
    private let argumentCount: UInt32
    private let resultOffset32: UInt32
    private let resultSize32: UInt32
    private let stride: Int
    private let log: RecordLog
    /// The C form of `plan`, and where each record describes its copies.
    private let captureRecords: CaptureRecords
    /// What the entry point needs to answer and record this mock's calls without the handler
    /// (see ``Interceptor``, which opens and closes it). Freed with the store, which dies only
    /// when no trampoline can call the mock.
    let fastPath: FastPath
    private let state = Locked(State())

    static let headerSize = RecordLog.headerSize

    init(signature: Signature, plan: CapturePlan) {
        CallStamp.settingChecked
        self.signature = signature
        self.plan = plan
        // A capturing record's descriptors come after the result's first 8 bytes, which closing
        // a call may write as a whole (see `impostor_records_close_call`).
        var end = Self.headerSize + signature.payloadSize
        var alignment = signature.payloadAlignment
        if !plan.isEmpty {
            let resultEnd = signature.resultSize > 0 ? Self.headerSize + signature.resultOffset + 8 : 0
            end = (max(end, resultEnd) + 7) / 8 * 8
            captureRecords = CaptureRecords(plan: plan, offset: end)
            end += plan.capturing.count * CaptureRecords.descriptorSize
            alignment = max(alignment, 8)
        } else {
            captureRecords = CaptureRecords(plan: plan, offset: 0)
        }
        stride = (end + alignment - 1) / alignment * alignment
        guard let log = RecordLog(stride: stride) else { fatalError("Impostor: out of memory creating a mock") }
        self.log = log
        copySteps = .allocate(capacity: max(1, signature.parameters.count))
        for (index, parameter) in signature.parameters.enumerated() {
            (copySteps + index).initialize(to: RecordLog.step(
                offset: Self.headerSize + signature.argumentOffsets[index], size: parameter.size))
        }
        argumentCount = UInt32(signature.parameters.count)
        resultOffset32 = UInt32(Self.headerSize + signature.resultOffset)
        resultSize32 = UInt32(signature.resultSize)
        // Closed until the interceptor opens it.
        guard let fastPath = FastPath(
            log: log, steps: copySteps, count: argumentCount, resultOffset: resultOffset32, resultSize: resultSize32,
            captures: captureRecords)
        else { fatalError("Impostor: out of memory creating a mock") }
        self.fastPath = fastPath
    }

    deinit {
        // Sound: the store dies with its interceptor, and an interceptor dies only when no
        // trampoline can call it, so no thread appends any more.
        log.destroy()
        copySteps.deallocate()
        fastPath.destroy()
        captureRecords.destroy()
    }

    /// Records one call: its arguments and captures from `frame`, and the return value already
    /// written to the frame's result buffer. Takes no lock.
    @inline(__always)
    func append(stamp: UInt64, frame: CallFrame) {
        _ = record(stamp: stamp, open: false, frame: frame)
    }

    /// Records a call whose answer is about to run code that may never return (a stub's block,
    /// an expectation's action): its arguments and captures now, open ("did not return"), so
    /// that a block leaving with `longjmp` still leaves the call in the log. ``close(_:frame:)``
    /// adds the result once the answer returns.
    @inline(__always)
    func open(stamp: UInt64, frame: CallFrame) -> RecordLog.OpenCall {
        record(stamp: stamp, open: true, frame: frame)
    }

    /// Writes the result the answer left in the frame into the record ``open(stamp:frame:)``
    /// made, and marks the call as returned (unseen when the mock was cleared since).
    @inline(__always)
    func close(_ call: RecordLog.OpenCall, frame: CallFrame) {
        // Sound: the frame's result buffer holds the result's bytes (nil for `Void`, whose size is
        // 0), and 8 of them when the entry point is a static trampoline whose results close as 8.
        RecordLog.close(
            call, eightbytes: fastPath.closesEightbytes, result: frame.result, resultOffset: resultOffset32, resultSize: resultSize32)
    }

    @inline(__always)
    private func record(stamp: UInt64, open: Bool, frame: CallFrame) -> RecordLog.OpenCall {
        let mark = open ? RecordLog.openMark : 0
        guard captureRecords.raw != nil else { return write(stamp: stamp, word: mark, frame: frame, open: open, captures: nil) }
        return recordCapturing(stamp: stamp, word: mark, frame: frame, open: open)
    }

    /// `record` for a mock that copies pointer memory: the copies the handler made for its
    /// matchers go into the record (the writer copies their bytes into the lane, with the record).
    /// Out of line: most mocks copy nothing.
    @inline(never)
    private func recordCapturing(stamp: UInt64, word: UInt64, frame: CallFrame, open: Bool) -> RecordLog.OpenCall {
        if frame.captures.count == captureRecords.count {
            return CaptureRecords.withDescriptors(of: frame.captures) { write(stamp: stamp, word: word, frame: frame, open: open, captures: $0) }
        }
        // Every call the handler records has its copies (`.notRead` ones when matchers were left
        // over); a frame without them is described as not read rather than left undescribed.
        let notRead = [CapturedMemory?](repeating: .notRead, count: captureRecords.count)
        return notRead.withUnsafeBufferPointer { buffer in
            CaptureRecords.withDescriptors(of: buffer) { write(stamp: stamp, word: word, frame: frame, open: open, captures: $0) }
        }
    }

    @inline(__always)
    private func write(
        stamp: UInt64, word: UInt64, frame: CallFrame, open: Bool, captures: UnsafePointer<CaptureRecords.Descriptor>?
    ) -> RecordLog.OpenCall {
        // Sound: libffi and the static dispatcher give one pointer per parameter, to a value
        // of its size; the steps and the result's place lie inside the record. A retired
        // store (a released mock) records nothing: a call that raced the release is not kept.
        // Two inlined bodies, so that each copies with a constant choice: 8 bytes a value when
        // the entry point is a static trampoline and the values fit (set before any call). An
        // open call has no result yet.
        let result = open ? nil : frame.result
        return log.append(
            serial: fastPath.recordsSerial, stamp: stamp, word: word, eightbytes: fastPath.eightbytes,
            arguments: frame.arguments.unsafelyUnwrapped, steps: copySteps, count: argumentCount, result: result,
            resultOffset: resultOffset32, resultSize: resultSize32, rules: captureRecords.raw, captures: captures)
    }

    /// Lets the mock's entry point answer calls from its stub keys, with failures the
    /// answers raise going to `failures`, and, for a `nice` mock, record a call no key answers
    /// itself. Once, when the mock is made; `failures` must live as long as the mock. `symbol`:
    /// an interposed symbol's dispatcher index, -1 for other mocks.
    func openFastPath(nice: Bool, failures: PendingFailures, symbol: Int32) {
        fastPath.open(nice: nice, failures: Unmanaged.passUnretained(failures).toOpaque(), symbol: symbol)
    }

    /// Sends every call to the handler from now on.
    func closeFastPath() { fastPath.close() }

    /// Adds `stub`'s key for the mock's entry point; false when its pattern does
    /// not compile to one (a matcher that runs code, a float or struct literal) or the keys are
    /// full. Call under the stub table's lock, before the stub is published.
    func addKey(for stub: Stub) -> Bool {
        guard stub.isKeyable, !stub.needsTheHandler, let tests = stub.pattern.keyTests else { return false }
        return fastPath.addKey(stub: Unmanaged.passUnretained(stub).toOpaque(), tests: tests)
    }

    /// Forgets every key (a reset of the mock's stubs). Under the stub table's lock.
    func forgetKeys() { fastPath.forgetKeys() }

    /// The lanes with their published counts and threads; under the state lock, so no clear
    /// runs meanwhile.
    private func lanes() -> [(lane: RecordLog.Lane, count: Int, thread: UInt)] { log.withLock { log.lanes() } }

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
                addresses.withUnsafeMutableBufferPointer { log.records(of: lane.lane, count: lane.count, into: $0.baseAddress!) }
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
            var captures: [CapturedMemory?] = []
            if captureRecords.count > 0 {
                // Read under the lock, while no clear can reuse the lanes' capture areas.
                captures.reserveCapacity(origins.count * captureRecords.count)
                for origin in origins { captureRecords.captures(of: origin, into: &captures) }
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
                RecordLog.markVerified(batch.origin(index))
            }
        }
    }

    /// Runs `body` on the log with the state lock and the log's lock held, as ``snapshot()``
    /// reads: no clear, release or other verify runs meanwhile (see InvocationStore+Counting).
    func withRecordsHeld<R>(_ body: (RecordLog) -> R) -> R { state.withLock { _ in log.withLock { body(log) } } }

    /// Forgets every record; the lanes keep their memory for the calls that follow.
    func removeAll() { reset(retiring: false) }

    /// Frees every record and turns later calls away: they are not recorded.
    func retire() { reset(retiring: true) }

    private func reset(retiring: Bool) {
        state.withLock { state in
            log.withLock { log.reset(retiring: retiring) }
            state.generation += 1
        }
    }
}
