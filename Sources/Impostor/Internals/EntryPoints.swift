import CImpostor

/// The door to the code C callers call (`impostor_static_trampolines.h`, `impostor_closures.h`):
/// making a mock's static trampoline or libffi closure, and the closures of placeholder mocks.
///
/// Both kinds of entry point call a ``CallHandler`` for calls Swift answers and a
/// ``KeyAnswerHandler`` for calls a stub key matched in C; what they call is fixed when the
/// entry point is made, and entry points are never freed (see ``Trampoline``).
enum EntryPoints {
    /// Called by either kind of entry point for every call Swift answers: the interface, the
    /// result buffer, one pointer per argument, and the mock's `userData`.
    typealias CallHandler = impostor_closure_handler

    /// Called by either kind of entry point to run the answer of a stub whose key matched in C:
    /// `userData`, the key's stub, the result buffer, the argument base and offsets, the stamp.
    typealias KeyAnswerHandler = impostor_static_answer

    /// A static trampoline for `cif` taking the fast path `fastPath` describes, or nil when the signature is not covered, the static path
    /// is not available in this process, or memory ran out (the caller falls back to libffi).
    static func staticTrampoline(
        _ cif: UnsafeMutablePointer<FFICallInterface>, handler: CallHandler, keyAnswer: KeyAnswerHandler,
        userData: UnsafeMutableRawPointer, fastPath: FastPath
    ) -> UnsafeMutableRawPointer? {
        var code: UnsafeMutableRawPointer?
        guard impostor_static_trampoline_create(cif, handler, keyAnswer, userData, fastPath.raw, &code) == IMPOSTOR_STATIC_MADE
        else { return nil }
        return code
    }

    /// A libffi closure for `cif` that takes the fast path `fastPath` describes as a static
    /// trampoline does, or nil when libffi could not make one.
    static func answeringClosure(
        _ cif: UnsafeMutablePointer<FFICallInterface>, handler: CallHandler, keyAnswer: KeyAnswerHandler,
        userData: UnsafeMutableRawPointer, fastPath: FastPath, resultWriteSize: Int
    ) -> UnsafeMutableRawPointer? {
        var code: UnsafeMutableRawPointer?
        guard let closure = impostor_closure_allocate(&code), let code else { return nil }
        guard impostor_closure_prepare_answering(
            closure, cif, handler, keyAnswer, userData, fastPath.raw, UInt32(resultWriteSize), code) == 0
        else {
            // Sound: never prepared, so no caller has its code.
            impostor_closure_free(closure)
            return nil
        }
        return code
    }

    /// A libffi closure for `cif` that calls `handler` with `userData` for every call, or nil.
    /// Never freed once made (a closure that could not be prepared is leaked, as it is small and rare).
    static func closure(
        _ cif: UnsafeMutablePointer<FFICallInterface>, handler: CallHandler, userData: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer? {
        var code: UnsafeMutableRawPointer?
        guard let closure = impostor_closure_allocate(&code), let code else { return nil }
        guard impostor_closure_prepare(closure, cif, handler, userData, code) == 0 else { return nil }
        return code
    }

    /// Copies `count` bytes, the sizes of C values first (the copy the C record writer uses).
    @inline(__always)
    static func copy(_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, count: Int) {
        impostor_copy(destination, source, count)
    }
}
