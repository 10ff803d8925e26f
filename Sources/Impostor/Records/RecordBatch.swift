/// A copy of every call a mock recorded, taken in one go under the store's lock, so that
/// verification can match a million calls without holding the lock or copying each call.
final class RecordBatch {
    let signature: Signature
    let plan: CapturePlan
    let count: Int
    /// The store's generation when the batch was taken (see ``InvocationStore/markVerified(_:in:)``).
    let generation: Int
    private let stride: Int
    private let storage: UnsafeMutableRawPointer
    /// Where each record lives in its lane, for marking it verified.
    private let origins: [UnsafeMutableRawPointer]
    /// The records' captures, `plan.capturing.count` per record, in batch order; a buffer of
    /// its own so that slots can point into it while the batch lives.
    private let captures: UnsafeMutableBufferPointer<CapturedMemory?>

    /// A copy's second word: the calling thread (a `pthread_t`, an address below 2^47) and these.
    static let verifiedFlag: UInt = 1 << 63
    static let openFlag: UInt = 1 << 62

    /// Copies the records at `origins` (oldest first), writing each one's thread into the copy.
    init(
        signature: Signature, plan: CapturePlan, stride: Int, origins: [UnsafeMutableRawPointer], threads: [UInt],
        captures: [CapturedMemory?], generation: Int
    ) {
        let resultOffset = InvocationStore.headerSize + signature.resultOffset
        self.signature = signature
        self.plan = plan
        self.count = origins.count
        self.stride = stride
        self.origins = origins
        self.generation = generation
        self.captures = .allocate(capacity: captures.count)
        _ = self.captures.initialize(from: captures)
        storage = .allocate(byteCount: max(origins.count * stride, 1), alignment: 16)
        for (index, origin) in origins.enumerated() {
            let copy = storage + index * stride
            // Sound: each origin is a whole published record of `stride` bytes, and the
            // storage holds `count` records. An open record (its answer has not returned) is
            // copied without its result, which its writer may be writing. The copy's second
            // word becomes the thread, with the open and verified flags.
            let open = RecordLog.copy(origin, to: copy, stride: stride, resultOffset: resultOffset)
            var word = threads[index]
            if open { word |= Self.openFlag }
            if RecordLog.isVerified(origin) { word |= Self.verifiedFlag }
            copy.storeBytes(of: word, toByteOffset: 8, as: UInt.self)
        }
    }

    deinit {
        storage.deallocate()
        captures.deinitialize().deallocate()
    }

    /// A view of record `index` (oldest first), valid while the batch is alive.
    func view(_ index: Int) -> RecordView {
        // Sound: `index < count`, and the buffer holds `count` whole records.
        RecordView(batch: self, index: index, base: UnsafeRawPointer(storage + index * stride))
    }

    /// Where record `index` lives in the store.
    func origin(_ index: Int) -> UnsafeMutableRawPointer { origins[index] }

    /// Record `record`'s captures, valid while the batch is alive.
    fileprivate func captures(of record: Int) -> UnsafeBufferPointer<CapturedMemory?> {
        let perCall = plan.capturing.count
        guard perCall > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        // Sound: the buffer holds `perCall` captures for each of the `count` records.
        return UnsafeBufferPointer(rebasing: captures[(record * perCall)..<((record + 1) * perCall)])
    }
}

/// One recorded call inside a ``RecordBatch``.
struct RecordView {
    let batch: RecordBatch
    /// The record's position in the batch, oldest first.
    let index: Int
    fileprivate let base: UnsafeRawPointer

    /// The call's ordering stamp.
    var stamp: UInt64 { base.load(as: UInt64.self) }
    var thread: UInt { base.load(fromByteOffset: 8, as: UInt.self) & ~(RecordBatch.verifiedFlag | RecordBatch.openFlag) }
    var isVerified: Bool { base.load(fromByteOffset: 8, as: UInt.self) & RecordBatch.verifiedFlag != 0 }
    /// False for a call whose answer has not returned (left by `longjmp`, or still running).
    var didReturn: Bool { base.load(fromByteOffset: 8, as: UInt.self) & RecordBatch.openFlag == 0 }

    /// Argument `argument` as a slot; pointers read what was copied at call time.
    func slot(_ argument: Int) -> ArgumentView {
        let address = base + InvocationStore.headerSize + batch.signature.argumentOffsets[argument]
        return ArgumentView(address: address, captures: CaptureView(plan: batch.plan, captures: batch.captures(of: index)), index: argument)
    }

    /// The call copied out as an independent record.
    func record() -> CallRecord {
        let signature = batch.signature
        let payload = UnsafeRawBufferPointer(
            start: base + InvocationStore.headerSize, count: signature.payloadSize)
        return CallRecord(
            stamp: stamp, thread: thread, payload: Array(payload), didReturn: didReturn,
            captures: batch.plan.isEmpty ? [] : batch.plan.arguments(Array(batch.captures(of: index))))
    }
}
