/// Calls an interposed symbol's real function with the arguments of a call in flight.
enum PassThrough {
    static func call(_ original: UInt, _ frame: CallFrame) {
        // A variadic symbol's mock, in its va_list form, cannot call the original with a
        // va_list: the routine that built it passes the call on untouched once the answer
        // returns (variadic.c), and the answer's own result is not used.
        switch GOT.variadicPassThrough(to: original) {
        case .requested, .impossible: return
        case .notVariadic: break
        }
        // Sound: `original` is the real function of the symbol the mock was made for, whose C
        // type is the mock's signature, so the cif describes exactly how to call it; the
        // arguments and result buffer are libffi's for this very call.
        GOT.call(original, cif: frame.signature.cif, result: frame.result, arguments: frame.arguments)
    }
}
