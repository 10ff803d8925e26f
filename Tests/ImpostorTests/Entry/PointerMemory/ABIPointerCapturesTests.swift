import CImpostor
import CImpostorABISuite
import CImpostorTestSupport
@_spi(Benchmarks) @testable import Impostor
import Testing

/// The generated ABI suite's signatures with a `const char *` among structs, floats and
/// integers (see Tests/ABIGenerator), called from the suite's compiled C with its arguments: a
/// mock on its entry point's fast path and one whose calls the handler takes (`ignoring` names
/// it) record the same copies and the same listing, on both kinds of entry point. The text is the
/// one the suite passes, so a copy that read the wrong register or stack slot would differ.
@Suite struct ABIPointerCapturesTests {
    /// Makes both mocks of `F`, calls each once through `call`, and compares their records.
    /// Says whether the fast one's static trampoline answered on its fast path (a signature
    /// whose layout the dispatcher passes through whole), and whether argument `text` held text.
    static func compare<F: BitwiseCopyable>(
        _ type: F.Type, libffi: Bool, text: Int, sourceLocation: SourceLocation = #_sourceLocation, _ call: (F) -> Int32
    ) -> (onFastPath: Bool, copiedText: Bool) {
        let fastMockery = Mockery("fast"), slowMockery = Mockery("slow")
        let make = { (mockery: Mockery) -> F in mockery.mock(of: F.self, named: "m") }
        let fast = libffi ? withLibffiTrampolines { make(fastMockery) } : make(fastMockery)
        let slow = libffi ? withLibffiTrampolines { make(slowMockery) } : make(slowMockery)
        slowMockery.checking { ignoring(slow) }
        let onFastPath = !libffi && impostor_static_trampoline_records_on_fast_path(unsafeBitCast(fast, to: UnsafeRawPointer.self)) == 1
        _ = call(fast)
        _ = call(slow)
        let fastCalls = invocations(of: fast), slowCalls = invocations(of: slow)
        #expect(fastCalls.count == 1 && slowCalls.count == 1, sourceLocation: sourceLocation)
        var copiedText = false
        if let fastCall = fastCalls.first, let slowCall = slowCalls.first {
            #expect(fastCall.record?.captures == slowCall.record?.captures, sourceLocation: sourceLocation)
            #expect(fastCall.description == slowCall.description, sourceLocation: sourceLocation)
            #expect(fastCall.cString(text) == slowCall.cString(text), sourceLocation: sourceLocation)
            copiedText = fastCall.cString(text)?.isEmpty == false
        }
        withExtendedLifetime([fastMockery, slowMockery]) {}
        return (onFastPath, copiedText)
    }

    @Test(arguments: [false, true]) func textAmongOtherArgumentsIsCopiedAlikeOnBothPaths(libffi: Bool) {
        let results = [
            Self.compare(abi_fn_674.self, libffi: libffi, text: 0) { abi_call_674($0) },
            Self.compare(abi_fn_976.self, libffi: libffi, text: 0) { abi_call_976($0) },
            Self.compare(abi_fn_353.self, libffi: libffi, text: 1) { abi_call_353($0) },
            Self.compare(abi_fn_985.self, libffi: libffi, text: 2) { abi_call_985($0) },
            Self.compare(abi_fn_547.self, libffi: libffi, text: 1) { abi_call_547($0) },
            Self.compare(abi_fn_141.self, libffi: libffi, text: 2) { abi_call_141($0) },
            Self.compare(abi_fn_151.self, libffi: libffi, text: 4) { abi_call_151($0) },
            Self.compare(abi_fn_952.self, libffi: libffi, text: 2) { abi_call_952($0) },
            Self.compare(abi_fn_465.self, libffi: libffi, text: 1) { abi_call_465($0) },
            Self.compare(abi_fn_38.self, libffi: libffi, text: 6) { abi_call_38($0) },
            Self.compare(abi_fn_65.self, libffi: libffi, text: 2) { abi_call_65($0) },
            Self.compare(abi_fn_68.self, libffi: libffi, text: 7) { abi_call_68($0) },
            Self.compare(abi_fn_89.self, libffi: libffi, text: 6) { abi_call_89($0) },
        ]
        let fast = results.filter(\.onFastPath).count
        // The suite passes text, an empty string or NULL: most of these get text.
        #expect(results.filter(\.copiedText).count >= 6, "\(results)")
        if !libffi, !libffiPathForced {
            // Most of these lay their arguments out so that the dispatcher reads them in place.
            #expect(fast >= 6, "only \(fast) of 13 signatures took the static fast path")
        }
    }
}
