import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// zlib, which Debian builds without BIND_NOW and which calls its own exported functions through
/// its PLT: a lazily bound slot of a function the library defines itself, and a tail call
/// (`compress` jumps to `compress2`), which hides the library from a scope that names it.
@Suite struct InterposeZlibTests {
    typealias Compress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt) -> Int32
    typealias Compress2 = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    typealias DeflateEnd = @convention(c) (OpaquePointer?) -> Int32

    /// zlib's `compress` of a short text, through dlsym; 0 (Z_OK) when it worked, -100 when
    /// zlib has no compress.
    static func compressText(_ library: UnsafeMutableRawPointer) -> Int32 {
        guard let symbol = dlsym(library, "compress") else { return -100 }
        let compress = unsafeBitCast(symbol, to: Compress.self)
        let input: [UInt8] = Array("impostor impostor impostor".utf8)
        var output = [UInt8](repeating: 0, count: 128)
        var length = UInt(output.count)
        return compress(&output, &length, input, UInt(input.count))
    }

    @Test(.enabled(if: getenv("IMPOSTOR_LAZY_ZLIB") == nil))
    func aLazySlotOfTheLibrarysOwnFunctionKeepsItsMock() throws {
        let output = try childRun(environment: "IMPOSTOR_LAZY_ZLIB=1", filter: "InterposeZlibTests/lazySlotScenario", timeout: 120)
        #expect(exitStatus(output) == 0, "\(output.suffix(4000))")
        #expect(output.contains("Test lazySlotScenario() passed after"), "\(output.suffix(4000))")
    }

    /// The child's part, in a process where zlib's slot for deflateEnd is still lazy: the
    /// original is the real function, never the PLT entry, whose call would bind the slot over
    /// the dispatcher, so every call reaches the mock and the slot is put back at release.
    @Test(.enabled(if: getenv("IMPOSTOR_LAZY_ZLIB") != nil))
    func lazySlotScenario() throws {
        let library = try #require(dlopen("libz.so.1", RTLD_NOW | RTLD_GLOBAL), "zlib1g is installed on every Debian system")
        // Nothing has called deflateEnd in this process yet: zlib's own slot for it still holds
        // its PLT entry, and the scan says so (a slot of a function the library defines itself
        // was once taken for bound, and its PLT entry for the original).
        var held: UnsafeRawPointer?
        let definition = try #require(dlsym(library, "deflateEnd"))
        let lazy = ct_library_got_slot_lazy("libz", "deflateEnd", &held)
        #expect(lazy == (held == UnsafeRawPointer(definition) ? 0 : 1))
        var answers: [Int32] = []
        var method = ""
        let failures = captureFailures {
            let mockery = Mockery("deflateEnd")
            let deflateEnd = mockery.interpose("deflateEnd", as: DeflateEnd.self)
            method = interpositionMethod(of: deflateEnd).map { "\($0)" } ?? ""
            answers = mockery.withCurrent {
                stub(deflateEnd(any())).callingOriginal()
                let answers = [Self.compressText(library), Self.compressText(library)]
                verify(.times(2), deflateEnd(any()))
                return answers
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(method.hasPrefix("GOT slots in "), "\(method)")
        #expect(answers == [0, 0])
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    /// compress ends with a jump to compress2: the call returns to compress's caller, this test,
    /// so a scope naming zlib does not hold it; the verify failure says so.
    @Test(.enabled(if: MachineArchitectureForTests.isX86_64)) func aTailCallFromOutsideTheScopeIsCounted() throws {
        let library = try #require(dlopen("libz.so.1", RTLD_NOW))
        let mockery = Mockery("compress2")
        let compress2 = try mockery.makeInterposition("compress2", as: Compress2.self, in: "libz")
        var answer: Int32 = -1
        let failures = captureFailures {
            answer = mockery.withCurrent {
                let answer = Self.compressText(library)
                verify(compress2(any(), any(), any(), any(), any()))
                return answer
            }
        }
        #expect(answer == 0)
        let message = failures.first?.message ?? ""
        #expect(message.hasSuffix("compress2 received no calls. 1 call of this test from outside libz reached the real "
            + "compress2: the mock answers calls made from libz only, told by the return address, and a call a library "
            + "makes as its last act (a tail call, compiled as a jump) returns to the library's own caller. Interpose it "
            + "in every object (the default scope) to answer those too."), "\(message)")
        withExtendedLifetime(mockery) {}
    }
}
