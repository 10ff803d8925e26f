import CImpostor

/// The calls one mock received, as fixed-size records in chunks that are never moved.
///
/// A record is the global sequence number (8 bytes), the calling thread (8 bytes), the
/// argument block and the return value's bytes. Chunks hold about 64 KiB each, so recording
/// allocates once per chunk, not once per call, and the lock is held only to copy one record.
final class InvocationStore: @unchecked Sendable {
    // @unchecked: the records are raw memory owned by `state`, touched only under its lock.
    private struct State {
        var chunks: [UnsafeMutableRawPointer] = []
        /// Where the next record goes, and how many still fit in the current chunk.
        var next: UnsafeMutableRawPointer?
        var freeInChunk = 0
        var count = 0
        /// What each call copied from its pointer arguments: `plan.capturing.count` per
        /// record, in record order.
        var captures: [CapturedMemory?] = []
    }

    private let signature: Signature
    let plan: CapturePlan
    /// Where each argument goes in a record and how many bytes it has, decided once: the
    /// per-call loop reads this flat buffer instead of the signature's arrays.
    private let copySteps: UnsafeMutableBufferPointer<(offset: Int, size: Int)>
    private let resultOffset: Int
    private let resultSize: Int
    private let stride: Int
    private let recordsPerChunk: Int
    private let state = Locked(State())

    static let headerSize = 16
    /// Set in a record's thread word once a verify has accounted for the call. Thread
    /// identifiers are user-space addresses, which never have the top bit set on x86-64.
    static let verifiedFlag: UInt = 1 << 63
    private static let chunkBytes = 64 * 1024

    init(signature: Signature, plan: CapturePlan) {
        self.signature = signature
        self.plan = plan
        let raw = Self.headerSize + signature.payloadSize
        stride = (raw + signature.payloadAlignment - 1) / signature.payloadAlignment * signature.payloadAlignment
        recordsPerChunk = max(16, Self.chunkBytes / stride)
        copySteps = .allocate(capacity: signature.parameters.count)
        for (index, parameter) in signature.parameters.enumerated() {
            copySteps.initializeElement(at: index, to: (Self.headerSize + signature.argumentOffsets[index], parameter.size))
        }
        resultOffset = Self.headerSize + signature.resultOffset
        resultSize = signature.resultSize
    }

    deinit {
        state.withLock { state in for chunk in state.chunks { chunk.deallocate() } }
        copySteps.deallocate()
    }

    private func withState<R>(_ body: (inout State) -> R) -> R {
        state.withLock(body)
    }

    /// Records one call: its arguments and captures from `frame`, and the return value already
    /// written to the frame's result buffer.
    func append(sequence: UInt64, thread: UInt, frame: CallFrame) {
        let captures = frame.captures
        let arguments = frame.arguments!
        let result = frame.result
        state.withLock { state in
            if state.freeInChunk == 0 { Self.startChunk(&state, records: recordsPerChunk, stride: stride) }
            // Sound: `next` points at `freeInChunk` unused records of `stride` bytes inside the
            // newest chunk, owned by this store and only touched under its lock.
            let record = state.next.unsafelyUnwrapped
            record.storeBytes(of: sequence, as: UInt64.self)
            record.storeBytes(of: thread, toByteOffset: 8, as: UInt.self)
            for index in 0..<copySteps.count {
                let step = copySteps[index]
                // Sound: libffi gives one pointer per parameter, to a value of its size, and
                // the step lies inside the record.
                impostor_copy(record + step.offset, arguments[index].unsafelyUnwrapped, step.size)
            }
            if resultSize > 0, let result {
                impostor_copy(record + resultOffset, result, resultSize)
            }
            state.next = record + stride
            state.freeInChunk -= 1
            state.count += 1
            if !captures.isEmpty { state.captures.append(contentsOf: captures) }
        }
    }

    /// Copies every record out, oldest first.
    func records() -> [CallRecord] { records(last: .max) }

    /// How many calls are recorded.
    var count: Int { withState { $0.count } }

    /// The newest `count` records (all of them when there are fewer), oldest first.
    func records(last count: Int) -> [CallRecord] {
        let perCall = plan.capturing.count
        return withState { state in
            var records: [CallRecord] = []
            let first = max(0, state.count - count)
            records.reserveCapacity(state.count - first)
            for index in first..<state.count {
                // Sound: records below `count` were fully written under this lock.
                let record = UnsafeRawPointer(state.chunks[index / recordsPerChunk] + (index % recordsPerChunk) * stride)
                let payload = UnsafeRawBufferPointer(
                    start: record + Self.headerSize, count: signature.payloadSize)
                let captures = perCall == 0 ? [] : plan.arguments(Array(state.captures[(index * perCall)..<((index + 1) * perCall)]))
                records.append(CallRecord(
                    sequence: record.load(as: UInt64.self),
                    thread: record.load(fromByteOffset: 8, as: UInt.self) & ~Self.verifiedFlag,
                    payload: Array(payload),
                    captures: captures))
            }
            return records
        }
    }

    /// Adds a chunk for the next records. Called under the lock.
    private static func startChunk(_ state: inout State, records recordsPerChunk: Int, stride: Int) {
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: recordsPerChunk * stride, alignment: 16)
        state.chunks.append(chunk)
        state.next = chunk
        state.freeInChunk = recordsPerChunk
    }

    /// Copies every record, oldest first.
    func snapshot() -> RecordBatch {
        withState { state in
            RecordBatch(signature: signature, plan: plan, count: state.count, stride: stride, captures: state.captures) { target in
                var copied = 0
                for chunk in state.chunks where copied < state.count {
                    let records = min(recordsPerChunk, state.count - copied)
                    // Sound: the first `records` records of each chunk are written, and the
                    // target holds `count` records.
                    target.advanced(by: copied * stride).copyMemory(from: chunk, byteCount: records * stride)
                    copied += records
                }
            }
        }
    }

    /// Marks the records at `indices` as accounted for by a verify.
    func markVerified(_ indices: [Int]) {
        withState { state in
            for index in indices where index < state.count {
                // Sound: records below `count` are written and owned by this store.
                let record = state.chunks[index / recordsPerChunk] + (index % recordsPerChunk) * stride
                let thread = record.load(fromByteOffset: 8, as: UInt.self)
                record.storeBytes(of: thread | Self.verifiedFlag, toByteOffset: 8, as: UInt.self)
            }
        }
    }

    /// Forgets every record and frees their memory.
    func removeAll() {
        withState { state in
            for chunk in state.chunks { chunk.deallocate() }
            state.chunks = []
            state.next = nil
            state.freeInChunk = 0
            state.count = 0
            state.captures = []
        }
    }
}
