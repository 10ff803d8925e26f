import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

typealias IntToInt = @convention(c) (Int32) -> Int32

/// Functions no GOT slot reaches, mocked by patching their entry: one of this C target called
/// directly by another of it and by Swift, a static one found by name, and the shapes a patch
/// must refuse. (x86-64 only: elsewhere the interpose line says patching is not built there.)
@Suite(.enabled(if: MachineArchitectureForTests.isX86_64)) struct InterposeEntryTests {
    @Test func aFunctionCalledDirectlyFromCAndFromSwift() throws {
        let before = Self.code(of: "ct_patch_helper")
        do {
            let mockery = Mockery("ct_patch_helper")
            let helper = try mockery.makeInterposition("ct_patch_helper", as: IntToInt.self)
            mockery.withCurrent {
                stub(helper(5)).with { 50 }
                stub(helper(6)).callingOriginal()
                #expect(ct_patch_call_helper(5) == 50)   // a direct call inside the C target
                #expect(ct_patch_helper(5) == 50)        // Swift's direct call
                #expect(ct_patch_call_helper(6) == 19)   // through the relocated original
                let real = original(of: helper)
                #expect(real(7) == 22)
                verify(.times(2), helper(5))
                verify(helper(6))
            }
            #expect(Self.code(of: "ct_patch_helper") != before)
            withExtendedLifetime(mockery) {}
        }
        #expect(Self.code(of: "ct_patch_helper") == before)
        #expect(ct_patch_call_helper(5) == 16)
    }

    @Test func aStaticFunctionByName() throws {
        do {
            let mockery = Mockery("ct_patch_static_helper")
            let helper = try mockery.makeInterposition("ct_patch_static_helper", as: IntToInt.self)
            mockery.withCurrent {
                stub(helper(any())).with { (value: Int32) in value * 10 }
                #expect(ct_patch_call_static_helper(4) == 40)
                verify(helper(4))
            }
            withExtendedLifetime(mockery) {}
        }
        #expect(ct_patch_call_static_helper(4) == -3)
    }

    /// The first bytes of the function named `name`, read from its address in the symbol table.
    static func code(of name: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16)
        let address: UnsafeRawPointer = switch name {
        case "ct_patch_helper": unsafeBitCast(ct_patch_helper as IntToInt, to: UnsafeRawPointer.self)
        default: fatalError("no such function in the test: \(name)")
        }
        ct_patch_read_code(address, &bytes, 16)
        return bytes
    }
}

enum MachineArchitectureForTests {
    #if arch(x86_64)
    static let isX86_64 = true
    #else
    static let isX86_64 = false
    #endif
}
