import CImpostor

/// The executable entry point of one mock: a libffi closure that forwards every call to its
/// ``Interceptor``.
///
/// A trampoline is never freed. C code may keep the function pointer after the test that made
/// the mock is over, so when a mock is released its interceptor turns into a tombstone that
/// reports the late call and returns zero, and the closure stays valid for the life of the
/// process. Code addresses are therefore never reused, which keeps the registry unambiguous.
final class Trampoline: @unchecked Sendable {
    // @unchecked: `closure` and `code` are written once in `make` and only read afterwards;
    // libffi reads the closure on other threads, which it supports once prepared.

    /// The interceptor, kept alive by this trampoline for the life of the process.
    var interceptor: Interceptor { owner }
    private let owner: Interceptor
    /// The same interceptor for the per-call path, borrowed: calling `handle` on a stored
    /// reference, strong or unowned(unsafe), made Swift retain and release it around the call
    /// (40 instructions of an unstubbed call's 664, by callgrind).
    let borrowedInterceptor: Unmanaged<Interceptor>
    /// The address C code calls.
    let code: UnsafeMutableRawPointer
    private let closure: UnsafeMutableRawPointer

    private init(interceptor: Interceptor, closure: UnsafeMutableRawPointer, code: UnsafeMutableRawPointer) {
        self.owner = interceptor
        self.borrowedInterceptor = Unmanaged.passUnretained(interceptor)
        self.closure = closure
        self.code = code
    }

    /// Allocates and prepares a closure for `interceptor`'s signature.
    static func make(for interceptor: Interceptor) throws(MockCreationError) -> Trampoline {
        var code: UnsafeMutableRawPointer?
        guard let closure = impostor_closure_allocate(&code), let code else {
            throw MockCreationError(.closureAllocationFailed(function: interceptor.signature.typeName))
        }
        let trampoline = Trampoline(interceptor: interceptor, closure: closure, code: code)
        // Sound: the registry keeps every trampoline for the life of the process (see the
        // type's comment on tombstones), so `user_data` stays valid for every call the closure
        // will ever receive; the caller registers it before handing out `code`.
        let userData = Unmanaged.passUnretained(trampoline).toOpaque()
        guard impostor_closure_prepare(closure, interceptor.signature.cif, trampolineHandler, userData, code) == 0 else {
            impostor_closure_free(closure)
            throw MockCreationError(.closureAllocationFailed(function: interceptor.signature.typeName))
        }
        return trampoline
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

/// libffi calls this for every call through any mock's closure.
///
/// `user_data` is the trampoline, kept forever by the registry; `_withUnsafeGuaranteedRef` borrows it
/// without a retain/release pair (about 100 instructions a call).
private let trampolineHandler: impostor_closure_handler = { _, result, arguments, userData in
    Unmanaged<Trampoline>.fromOpaque(userData!)._withUnsafeGuaranteedRef { trampoline in
        // Sound: `owner` holds the interceptor for as long as the trampoline lives, which is
        // the life of the process.
        trampoline.borrowedInterceptor._withUnsafeGuaranteedRef { interceptor in
            interceptor.handle(CallFrame(signature: interceptor.signature, plan: interceptor.capturePlan, arguments: arguments, result: result))
        }
    }
}
