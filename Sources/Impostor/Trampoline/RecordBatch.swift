/// A copy of every call a mock recorded, taken in one go under the store's lock, so that
/// verification can match a million calls without holding the lock or copying each call.
final class RecordBatch {
    let signature: Signature
    let count: Int
    private let stride: Int
    private let storage: UnsafeMutableRawPointer
    private let cStrings: [String?]

    /// `fill` copies `count` records of `stride` bytes into the buffer it is given.
    init(signature: Signature, count: Int, stride: Int, cStrings: [String?], fill: (UnsafeMutableRawPointer) -> Void) {
        self.signature = signature
        self.count = count
        self.stride = stride
        self.cStrings = cStrings
        storage = .allocate(byteCount: max(count * stride, 1), alignment: 16)
        fill(storage)
    }

    deinit { storage.deallocate() }

    /// A view of record `index` (oldest first), valid while the batch is alive.
    func view(_ index: Int) -> RecordView {
        // Sound: `index < count`, and the buffer holds `count` whole records.
        RecordView(batch: self, index: index, base: UnsafeRawPointer(storage + index * stride))
    }

    fileprivate func cString(record: Int, slot: Int) -> String? {
        cStrings[record * signature.cStringParameters.count + slot]
    }
}

/// One recorded call inside a ``RecordBatch``.
struct RecordView {
    let batch: RecordBatch
    /// The record's position in its mock's store, oldest first.
    let index: Int
    fileprivate let base: UnsafeRawPointer

    var sequence: UInt64 { base.load(as: UInt64.self) }
    var thread: UInt { base.load(fromByteOffset: 8, as: UInt.self) & ~InvocationStore.verifiedFlag }
    var isVerified: Bool { base.load(fromByteOffset: 8, as: UInt.self) & InvocationStore.verifiedFlag != 0 }

    /// Argument `argument` as a slot; a `const char *` argument reads its call-time snapshot.
    func slot(_ argument: Int) -> ArgumentSlot {
        let signature = batch.signature
        let address = base + InvocationStore.headerSize + signature.argumentOffsets[argument]
        guard let snapshot = signature.cStringParameters.firstIndex(of: argument) else {
            return ArgumentSlot(address: address, isLive: false)
        }
        return ArgumentSlot(address: address, cStringSnapshot: .some(batch.cString(record: index, slot: snapshot)), isLive: false)
    }

    /// The call copied out as an independent record.
    func record() -> CallRecord {
        let signature = batch.signature
        let payload = UnsafeRawBufferPointer(
            start: base + InvocationStore.headerSize, count: signature.payloadSize)
        return CallRecord(
            sequence: sequence, thread: thread, payload: Array(payload),
            cStrings: signature.cStringParameters.indices.map { batch.cString(record: index, slot: $0) })
    }
}
