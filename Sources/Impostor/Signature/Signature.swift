/// Everything decided about a `@convention(c)` function type when its first mock is created:
/// the layout of each argument in a recorded call, how to widen the return value, and the
/// prepared libffi call interface. Immutable and shared by every mock of the type.
@usableFromInline
final class Signature: @unchecked Sendable {
    // @unchecked: all stored properties are immutable; `cif` is prepared once under the
    // signature cache's lock and only read afterwards (libffi never writes to a cif in calls).

    /// The function type, for messages: `@convention(c) (Int32, Int32) -> Int32`.
    let functionType: Any.Type
    let parameters: [CValueType]
    /// Nil for `Void`.
    let result: CValueType?
    /// Where each argument's bytes start in a recorded call's payload, aligned for its type
    /// (so recorded values can be read in place).
    let argumentOffsets: [Int]
    /// Where the return value's bytes start in the payload, aligned for its type.
    let resultOffset: Int
    /// The size of a recorded call's payload: arguments, then the return value.
    let payloadSize: Int
    /// The largest alignment in the payload (at least 8): records are laid out at multiples.
    let payloadAlignment: Int
    /// Which parameters are `const char *` or `const unsigned char *`, which a string literal
    /// converts to: a prototype's literal for them is compared by its text.
    let textParameters: [Int]
    /// What mocks of this type copy from pointer arguments when nothing is declared.
    let defaultCapturePlan: CapturePlan
    /// How many bytes a handler writes to libffi's result buffer: integral returns narrower than
    /// 64 bits are written as a full, sign- or zero-extended `ffi_arg`.
    let resultWriteSize: Int
    let resultWidening: ResultWidening
    /// How a result of 1, 2, 4 or 8 bytes given as its bits is stored (see
    /// `CallFrame.writeResult(bits:)`): decided once, so that a stub's answer makes one choice.
    let resultStore: ResultStore
    /// For a result stored as 8 bytes, how far its bits are shifted up and back down (with
    /// their sign) to widen it: 0 for 8-byte and zero-extended results, 64 - 8n for signed
    /// integers of n bytes; 64 when the store is not 8 bytes. One branch and two shifts in a
    /// stub's inlined answer instead of a call that switches on ``resultStore``.
    @usableFromInline let resultWideningShift: UInt64
    /// Bytes of the return value (0 for `Void`), kept in each recorded call.
    let resultSize: Int
    let cif: UnsafeMutablePointer<FFICallInterface>

    enum ResultWidening: Equatable {
        case none, signExtend, zeroExtend
    }

    /// The store of a result given as its bits, zero-extended to 64.
    enum ResultStore: Equatable {
        /// 8 bytes: results of 8 bytes, and narrower integers widened with zeros.
        case eightBytes
        /// Narrower signed integers, widened to 8 bytes with their sign.
        case signExtended(bytes: Int)
        /// Exactly the result's bytes: narrower results that are not integers (`Float`, small
        /// structs), which the return register carries as they are.
        case bytes(Int)
        /// No result, or one of another size, which is written from its bytes.
        case none
    }

    init(functionType: Any.Type, parameters: [CValueType], result: CValueType?, cif: UnsafeMutablePointer<FFICallInterface>) {
        self.functionType = functionType
        self.parameters = parameters
        self.result = result
        self.cif = cif
        func aligned(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) / alignment * alignment }
        var offsets: [Int] = []
        var cursor = 0
        for parameter in parameters {
            cursor = aligned(cursor, parameter.alignment)
            offsets.append(cursor)
            cursor += parameter.size
        }
        argumentOffsets = offsets
        resultOffset = aligned(cursor, result?.alignment ?? 1)
        payloadSize = resultOffset + (result?.size ?? 0)
        payloadAlignment = ([8] + parameters.map(\.alignment) + [result?.alignment ?? 1]).max()!
        textParameters = parameters.indices.filter { parameters[$0].pointer.isConstText }
        defaultCapturePlan = CapturePlan.defaults(for: parameters)
        resultSize = result?.size ?? 0
        switch result {
        case let result? where result.isIntegral && result.size < 8:
            resultWriteSize = 8
            resultWidening = result.representation == .signedInteger ? .signExtend : .zeroExtend
        case let result?:
            resultWriteSize = result.size
            resultWidening = .none
        case nil:
            resultWriteSize = 0
            resultWidening = .none
        }
        switch (resultWidening, resultSize) {
        case (.signExtend, let size): resultStore = .signExtended(bytes: size)
        case (.zeroExtend, _), (.none, 8): resultStore = .eightBytes
        case (.none, let size) where size == 1 || size == 2 || size == 4: resultStore = .bytes(size)
        case (.none, _): resultStore = .none
        }
        switch resultStore {
        case .eightBytes: resultWideningShift = 0
        case .signExtended(let bytes): resultWideningShift = UInt64(64 - 8 * bytes)
        case .bytes, .none: resultWideningShift = 64
        }
    }

    /// `@convention(c) (Int32, Int32) -> Int32`.
    var typeName: String { "\(functionType)" }
}
