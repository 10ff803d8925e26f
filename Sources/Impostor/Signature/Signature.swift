import CImpostor

/// Everything decided about a `@convention(c)` function type when its first mock is created:
/// the layout of each argument in a recorded call, how to widen the return value, and the
/// prepared libffi call interface. Immutable and shared by every mock of the type.
final class Signature: @unchecked Sendable {
    // @unchecked: all stored properties are immutable; `cif` is prepared once under the
    // signature cache's lock and only read afterwards (libffi never writes to a cif in calls).

    /// The function type, for messages: `@convention(c) (Int32, Int32) -> Int32`.
    let functionType: Any.Type
    let parameters: [CValueType]
    /// Nil for `Void`.
    let result: CValueType?
    /// Where each argument's bytes start in a recorded call's argument block.
    let argumentOffsets: [Int]
    /// The total size of the argument block.
    let argumentBlockSize: Int
    /// Which parameters are `const char *`, snapshotted as strings at call time.
    let cStringParameters: [Int]
    /// How many bytes a handler writes to libffi's result buffer: integral returns narrower than
    /// 64 bits are written as a full, sign- or zero-extended `ffi_arg`.
    let resultWriteSize: Int
    let resultWidening: ResultWidening
    let cif: UnsafeMutablePointer<ffi_cif>

    enum ResultWidening: Equatable {
        case none, signExtend, zeroExtend
    }

    init(functionType: Any.Type, parameters: [CValueType], result: CValueType?, cif: UnsafeMutablePointer<ffi_cif>) {
        self.functionType = functionType
        self.parameters = parameters
        self.result = result
        self.cif = cif
        var offsets: [Int] = []
        var cursor = 0
        for parameter in parameters {
            offsets.append(cursor)
            cursor += parameter.size
        }
        argumentOffsets = offsets
        argumentBlockSize = cursor
        cStringParameters = parameters.indices.filter { parameters[$0].isCString }
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
    }

    /// Bytes of the return value kept in each recorded call.
    var resultSize: Int { result?.size ?? 0 }

    /// `@convention(c) (Int32, Int32) -> Int32`.
    var typeName: String { "\(functionType)" }
}
