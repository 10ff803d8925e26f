import Synchronization

/// Reads `@convention(c)` function types into ``Signature``s, once per type.
///
/// Preparing a cif lays out the struct types it names, so all of it happens under one lock.
enum SignatureCache {
    private struct State {
        var signatures: [ObjectIdentifier: Signature] = [:]
        var structTypes = StructTypeCache()
    }

    private static let state = Locked(State())

    /// The signature of `functionType`, which must be a C function type (not an Optional).
    static func signature(of functionType: Any.Type) throws(MockCreationError) -> Signature {
        let result: Result<Signature, MockCreationError> = state.withLock { state in
            if let cached = state.signatures[ObjectIdentifier(functionType)] { return .success(cached) }
            do throws(MockCreationError) {
                let signature = try read(functionType, structTypes: &state.structTypes)
                state.signatures[ObjectIdentifier(functionType)] = signature
                return .success(signature)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// How values of `type` are compared, or nil when it is not a C type.
    static func leaves(of type: Any.Type) -> [ValueLeaf]? {
        state.withLock { state in
            try? CTypeClassifier.classify(type, asResult: false, structTypes: &state.structTypes).leaves
        }
    }

    private static func read(
        _ functionType: Any.Type, structTypes: inout StructTypeCache
    ) throws(MockCreationError) -> Signature {
        let typeName = "\(functionType)"
        guard let function = TypeMetadata.function(functionType) else {
            throw MockCreationError(.notAFunction(type: typeName))
        }
        guard function.isC else { throw MockCreationError(.notCConvention(type: typeName)) }

        var parameters: [CValueType] = []
        for (index, type) in function.parameterTypes.enumerated() {
            do {
                parameters.append(try CTypeClassifier.classify(type, asResult: false, structTypes: &structTypes))
            } catch {
                throw MockCreationError(.unsupportedType(function: typeName, position: .parameter(index + 1), reason: error))
            }
        }
        var result: CValueType?
        if function.resultType != Void.self {
            do {
                result = try CTypeClassifier.classify(function.resultType, asResult: true, structTypes: &structTypes)
            } catch {
                throw MockCreationError(.unsupportedType(function: typeName, position: .result, reason: error))
            }
        }

        // Immortal: cached with the signature, and every closure of this type points at it.
        let cif: UnsafeMutablePointer<FFICallInterface>
        switch LibFFI.callInterface(result: result?.ffiType ?? LibFFI.void(), arguments: parameters.map(\.ffiType)) {
        case .success(let prepared): cif = prepared
        case .failure(let status): throw MockCreationError(.libffiRejected(function: typeName, status: status.code))
        }
        return Signature(functionType: functionType, parameters: parameters, result: result, cif: cif)
    }
}
