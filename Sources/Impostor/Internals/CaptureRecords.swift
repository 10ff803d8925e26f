import CImpostor

/// The door to the C form of a mock's captures (`impostor_captures.h`): its ``CapturePlan``'s
/// rules, which the record writer applies to calls an entry point answers on its own, and the
/// descriptors each capturing record holds, which readers turn back into ``CapturedMemory``.
///
/// ``InvocationStore`` owns one per capturing mock; the entry points read the same rules
/// through the mock's ``FastPath``.
struct CaptureRecords {
    /// One capture in a record.
    typealias Descriptor = impostor_capture_descriptor

    /// The rules' C object, or nil for a mock that copies nothing.
    let raw: UnsafeMutablePointer<impostor_capture_plan>?
    /// Where the descriptors start in each record.
    let offset: Int
    /// How many descriptors each record holds.
    let count: Int

    static let descriptorSize = MemoryLayout<Descriptor>.stride

    /// The C rules for `plan`, with descriptors from `offset` on; nil `raw` when the plan copies nothing.
    init(plan: CapturePlan, offset: Int) {
        self.offset = offset
        count = plan.capturing.count
        guard !plan.isEmpty else {
            raw = nil
            return
        }
        guard let raw = impostor_capture_plan_create(UInt32(count), UInt32(offset)) else {
            fatalError("Impostor: out of memory creating a mock")
        }
        for (place, parameter) in plan.capturing.enumerated() {
            impostor_capture_plan_set_rule(raw, UInt32(place), Self.rule(plan.rules[parameter], argument: parameter))
        }
        self.raw = raw
    }

    /// Frees the rules. Only once no entry point can read them.
    func destroy() { impostor_capture_plan_destroy(raw) }

    /// A rule's C form.
    private static func rule(_ rule: CaptureRule, argument: Int) -> impostor_capture_rule {
        var result = impostor_capture_rule()
        result.argument = UInt32(argument)
        switch rule {
        case .none:
            preconditionFailure("Impostor: a parameter that copies nothing has no capture rule")
        case .cString:
            result.kind = UInt32(IMPOSTOR_CAPTURE_C_STRING)
        case .textUpTo(let length):
            result.kind = UInt32(IMPOSTOR_CAPTURE_TEXT_UP_TO)
            result.count = self.length(length)
        case .buffer(let count, let times, let elementSize):
            result.kind = UInt32(IMPOSTOR_CAPTURE_BUFFER)
            result.count = length(count)
            if let times { result.times = length(times) }
            result.size = UInt64(elementSize)
        case .bytes(let count):
            result.kind = UInt32(IMPOSTOR_CAPTURE_BYTES)
            result.size = UInt64(count)
        }
        return result
    }

    private static func length(_ length: CaptureRule.LengthArgument) -> impostor_capture_length {
        impostor_capture_length(argument: UInt32(length.index), size: UInt32(length.size), is_signed: length.isSigned ? 1 : 0, present: 1)
    }

    /// What a record's descriptors say, in plan order. Under the log's lock (the bytes live in
    /// the lane's capture area until a clear).
    func captures(of record: UnsafeRawPointer, into captures: inout [CapturedMemory?]) {
        for place in 0..<count {
            // Sound: a capturing record holds `count` descriptors from `offset`, written before
            // it was published.
            let descriptor = (record + offset + place * Self.descriptorSize).loadUnaligned(as: Descriptor.self)
            captures.append(Self.memory(descriptor))
        }
    }

    private static func memory(_ descriptor: Descriptor) -> CapturedMemory? {
        switch Int32(descriptor.state) {
        case IMPOSTOR_CAPTURE_NULL:
            return nil
        case IMPOSTOR_CAPTURE_UNREADABLE:
            return .unreadable(at: UInt(descriptor.data))
        case IMPOSTOR_CAPTURE_MEMORY:
            // Sound: `copied` bytes at `data` in the lane's capture area, which stays until a clear.
            let bytes = descriptor.copied == 0
                ? [] : Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: UInt(descriptor.data)), count: Int(descriptor.copied)))
            return CapturedMemory(bytes: bytes, handedOver: Int(clamping: descriptor.handed_over))
        default:
            return .notRead
        }
    }

    /// Runs `body` with the descriptors of `captures` (the handler's copies, in plan order),
    /// whose bytes stay valid inside `body`.
    static func withDescriptors<R>(
        of captures: UnsafeBufferPointer<CapturedMemory?>, _ body: (UnsafePointer<Descriptor>) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: Descriptor.self, capacity: max(captures.count, 1)) { descriptors in
            describe(captures, from: 0, into: descriptors.baseAddress!) { body(UnsafePointer(descriptors.baseAddress!)) }
        }
    }

    /// Fills descriptor `index` and the ones after it, each inside its bytes' scope, then runs `body`.
    private static func describe<R>(
        _ captures: UnsafeBufferPointer<CapturedMemory?>, from index: Int, into descriptors: UnsafeMutablePointer<Descriptor>,
        _ body: () -> R
    ) -> R {
        guard index < captures.count else { return body() }
        guard let memory = captures[index] else {
            descriptors[index] = Descriptor(data: 0, handed_over: 0, copied: 0, state: UInt32(IMPOSTOR_CAPTURE_NULL))
            return describe(captures, from: index + 1, into: descriptors, body)
        }
        if memory.isUnreadable {
            descriptors[index] = Descriptor(
                data: UInt64(memory.unreadableAddress), handed_over: 0, copied: 0, state: UInt32(IMPOSTOR_CAPTURE_UNREADABLE))
            return describe(captures, from: index + 1, into: descriptors, body)
        }
        guard memory.wasRead else {
            descriptors[index] = Descriptor(data: 0, handed_over: 0, copied: 0, state: UInt32(IMPOSTOR_CAPTURE_NOT_READ))
            return describe(captures, from: index + 1, into: descriptors, body)
        }
        return memory.bytes.withUnsafeBytes { bytes in
            descriptors[index] = Descriptor(
                data: UInt64(UInt(bitPattern: bytes.baseAddress)), handed_over: UInt64(memory.handedOver),
                copied: UInt32(bytes.count), state: UInt32(IMPOSTOR_CAPTURE_MEMORY))
            return describe(captures, from: index + 1, into: descriptors, body)
        }
    }
}
