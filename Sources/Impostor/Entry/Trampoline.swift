/// The executable entry point of one mock: a static trampoline or a libffi closure that
/// forwards every call to its ``Interceptor``.
///
/// On Linux x86-64 and arm64 a mock gets a static trampoline (see
/// `impostor_static_trampolines.h`) when its signature is covered: no page is ever writable and
/// executable, and nothing about the signature is worked out per call. Signatures with a `long
/// double`, other platforms, and processes run with `IMPOSTOR_TRAMPOLINE=libffi` get a libffi
/// closure.
/// Both call the same handler with the same argument and result pointers.
///
/// A trampoline is never freed. C code may keep the function pointer after the test that made
/// the mock is over, so when a mock is released its interceptor turns into a tombstone that
/// reports the late call and returns zero, and the entry point stays valid for the life of the
/// process. Code addresses are therefore never reused, which keeps the registry unambiguous.
final class Trampoline: @unchecked Sendable {
    // @unchecked: every stored property is written once in `make` and only read afterwards;
    // libffi and the static dispatcher read their closures on other threads, which both
    // support once prepared.

    /// The interceptor, kept alive by this trampoline for the life of the process.
    var interceptor: Interceptor { owner }
    private let owner: Interceptor
    /// The address C code calls.
    let code: UnsafeMutableRawPointer

    private init(interceptor: Interceptor, code: UnsafeMutableRawPointer) {
        self.owner = interceptor
        self.code = code
    }

    /// Makes the entry point for `interceptor`'s signature: a static trampoline where the
    /// process and the signature allow one, a libffi closure otherwise.
    static func make(for interceptor: Interceptor) throws(MockCreationError) -> Trampoline {
        let cif = interceptor.signature.cif
        // Sound: `owner` keeps the interceptor for as long as the trampoline lives, and the
        // registry keeps every trampoline for the life of the process (see the type's comment
        // on tombstones), so `userData` stays valid for every call the entry point will ever
        // receive; the caller registers the trampoline before handing out `code`.
        let userData = Unmanaged.passUnretained(interceptor).toOpaque()
        // Not covered, not available here, or out of memory: libffi's closure below (whose own
        // failure is the one reported).
        if TrampolinePath.staticAllowed,
           let code = EntryPoints.staticTrampoline(
               cif, handler: trampolineHandler, keyAnswer: stubAnswerHandler, userData: userData,
               fastPath: interceptor.store.fastPath) {
            return Trampoline(interceptor: interceptor, code: code)
        }
        guard let code = EntryPoints.answeringClosure(
            cif, handler: trampolineHandler, keyAnswer: stubAnswerHandler, userData: userData,
            fastPath: interceptor.store.fastPath, resultWriteSize: interceptor.signature.resultWriteSize)
        else {
            throw MockCreationError(.closureAllocationFailed(function: interceptor.signature.typeName))
        }
        return Trampoline(interceptor: interceptor, code: code)
    }

    /// The code address of a function pointer value, or nil when `value` is not pointer-sized
    /// or is nil.
    static func address<F>(of value: F) -> UInt? {
        guard MemoryLayout<F>.size == MemoryLayout<UInt>.size, TypeMetadata.isFunctionPointer(F.self) else { return nil }
        // Sound: F is a C function pointer or an Optional of one, one machine word.
        let bits = unsafeBitCast(value, to: UInt.self)
        return bits == 0 ? nil : bits
    }

    /// The function pointer value of type `F` (a C function type or an Optional of one).
    func functionPointer<F>(as type: F.Type) -> F {
        // Sound: the caller checked that F is a C function pointer type (or an Optional of
        // one); both are one word holding the code address.
        unsafeBitCast(code, to: F.self)
    }
}

/// Both kinds of entry point call this for every call through any mock.
///
/// `user_data` is the interceptor, kept forever through its trampoline and the registry;
/// `_withUnsafeGuaranteedRef` borrows it without a retain/release pair (calling `handle` on a
/// stored reference, strong or unowned(unsafe), cost 40 instructions of an unstubbed call's 664).
private let trampolineHandler: EntryPoints.CallHandler = { _, result, arguments, userData in
    Unmanaged<Interceptor>.fromOpaque(userData!)._withUnsafeGuaranteedRef { interceptor in
        interceptor.handle(CallFrame(signature: interceptor.signature, plan: interceptor.capturePlan, arguments: arguments, result: result))
    }
}

/// Both entry points' C code calls this to run the answer of a stub it matched itself
/// (see `impostor_stub_keys.h`), or the actions of an expectation whose key took the call
/// (`impostor_expectation_keys.h`); it then records the call. `stub` is the key's
/// `Unmanaged<Stub>`, which the interceptor's stub table keeps for the mock's life, or the
/// expectation's tagged cell.
private let stubAnswerHandler: EntryPoints.KeyAnswerHandler = { userData, stub, result, argumentBase, argumentOffsets, stamp in
    Unmanaged<Interceptor>.fromOpaque(userData!)._withUnsafeGuaranteedRef { interceptor in
        let frame = CallFrame(
            signature: interceptor.signature, plan: interceptor.capturePlan, argumentBase: argumentBase,
            argumentOffsets: argumentOffsets, result: result)
        if ExpectationKeys.isExpectation(stub) {
            interceptor.answerFromExpectationKey(frame, expectation: ExpectationKeys.expectation(of: stub), stamp: stamp)
        } else {
            interceptor.answerFromDispatcher(frame, with: Unmanaged<Stub>.fromOpaque(stub), stamp: stamp)
        }
    }
}
