// The description of a struct for each calling convention, checked on x86-64 for arm64 too:
// no arm64 machine runs this suite here, and a wrong arm64 description would pass a struct of
// floats in the wrong registers there. `@testable`: the descriptions are internal, and only
// their arm64 effect is visible through the public API, on arm64.
import CImpostorABISuite
import CImpostorTestSupport
@testable import Impostor
import Testing

@Suite struct StructUnitsTests {
    private func outcome<T>(_ type: T.Type, _ convention: StructUnits.Convention) throws -> StructUnits.Outcome {
        let (size, alignment) = (MemoryLayout<T>.size, MemoryLayout<T>.alignment)
        return StructUnits.units(size: size, alignment: alignment, classes: try ChunkClasses(of: type),
                                 convention: convention)
    }

    private func units<T>(_ type: T.Type, _ convention: StructUnits.Convention) throws -> [StructUnits.Unit]? {
        guard case .units(let units) = try outcome(type, convention) else { return nil }
        return units
    }

    @Test func homogeneousFloatingPointAggregatesTravelAsTheirMembersOnArm64() throws {
        #expect(try units(ct_float2.self, .aapcs64) == [.float, .float])
        #expect(try units(ct_float3.self, .aapcs64) == [.float, .float, .float])
        #expect(try units(ct_float_array4.self, .aapcs64) == [.float, .float, .float, .float])
        #expect(try units(ct_double2.self, .aapcs64) == [.double, .double])
        #expect(try units(ct_level1.self, .aapcs64) == [.float])
        // Nested structs count by their leaves.
        #expect(try units(ct_level2.self, .aapcs64) == [.float, .float])
    }

    @Test func everyOtherStructTravelsAsItsBytesOnArm64() throws {
        // Mixed kinds, or floating point with an integer: integers as wide as the alignment.
        #expect(try units(ct_int_float.self, .aapcs64) == [.uint32, .uint32])
        #expect(try units(ct_float_double.self, .aapcs64) == [.uint64, .uint64])
        #expect(try units(ct_nest3_small.self, .aapcs64) == [.uint32, .uint32, .uint32])
        // A bitfield in the padding is an integer member: not an aggregate of floating point.
        #expect(try units(ct_bits_in_padding.self, .aapcs64) == [.uint64, .uint64])
        // A union whose members reflection cannot see is never taken for one.
        #expect(try units(ct_float_union.self, .aapcs64) == [.uint64])
        // An integer visible beside hidden members: never an aggregate of floating point.
        #expect(try units(ct_anon_union.self, .aapcs64) == [.uint32, .uint32, .uint32])
        // Doubles among integers, 64 bytes: eight integer units (passed by address there).
        #expect(try units(ct_big64.self, .aapcs64) == Array(repeating: .uint64, count: 8))
        #expect(try units(ct_char3.self, .aapcs64) == [.uint8, .uint8, .uint8])
        #expect(try units(ct_short1.self, .aapcs64) == [.uint16])
    }

    @Test func systemVDescribesEachChunkByItsClass() throws {
        #expect(try units(ct_float2.self, .systemV) == [.float, .float])
        #expect(try units(ct_int_float.self, .systemV) == [.uint32, .uint32])
        #expect(try units(ct_float_double.self, .systemV) == [.double, .double])
        #expect(try units(ct_double_int.self, .systemV) == [.double, .uint64])
        #expect(try units(ct_float3.self, .systemV) == [.float, .float, .float])
    }

    @Test func aStructAlignedToSixteenHasNoUnitOnArm64() throws {
        // Its `long double` is a 128-bit quad there, which Swift cannot represent.
        #expect(try outcome(ct_overaligned.self, .aapcs64) == .unsupportedAlignment)
    }

    @Test func hiddenMembersBesideFloatingPointAreRefusedOnArm64() throws {
        // The bitfield decides whether C passes it in vector registers, and Swift cannot see it.
        #expect(try outcome(ct_floats_beside_bits.self, .aapcs64) == .hiddenMembersBesideFloatingPoint)
        // With its union declared (StructZooTests: floats beside a double), a struct of that union
        // and a double is general data, as C passes it.
        #expect(try units(ct_holds_float_union.self, .aapcs64) == [.uint64, .uint64])
        // A float, then hidden members, then a double: floats beside doubles never are one.
        #expect(try units(ct_anon_union_in_padding.self, .aapcs64) == [.uint64, .uint64])
        // System V decides by chunk, whatever is hidden.
        #expect(try units(ct_holds_float_union.self, .systemV) != nil)
    }

    /// Every generated pool type the AArch64 trampolines cover is described as AAPCS64 passes it:
    /// the generator's truth (proven under qemu by Tests/Arm64/abi), with the declarations it
    /// writes where a union hides what decides (`AArch64Passing`).
    @Test func everyGeneratedPoolTypeIsDescribedForArm64AsAAPCS64PassesIt() throws {
        #expect(generatedAArch64Passing.count > 100)
        var aggregates = 0
        for entry in generatedAArch64Passing {
            let (size, alignment) = TypeMetadata.layout(of: entry.type)
            let outcome = StructUnits.units(size: size, alignment: alignment, classes: try ChunkClasses(of: entry.type),
                                            convention: .aapcs64)
            let described: String
            switch outcome {
            case .units(let units) where units.allSatisfy({ $0 == .float }): described = "floats \(units.count)"
            case .units(let units) where units.allSatisfy({ $0 == .double }): described = "doubles \(units.count)"
            case .units: described = "general"
            case .unsupportedAlignment: described = "unsupported alignment"
            case .hiddenMembersBesideFloatingPoint: described = "refused: hidden members beside floating point"
            }
            if entry.passing != "general" { aggregates += 1 }
            #expect(described == entry.passing, "\(entry.name)")
        }
        // The pool has aggregates of floating point, declared unions among them.
        #expect(aggregates >= 10)
    }

    @Test func aDeclarationSaysHowAUnionTravelsOnArm64() throws {
        // `union { float f0; }`, declared `.floats(1)` by the generated support.
        #expect(try units(abi_u42.self, .aapcs64) == [.float])
        // Undeclared, a union is integer data (its members are invisible).
        #expect(try units(ct_union_int_float.self, .aapcs64) == [.uint32])
    }

    @Test func thisPlatformFollowsItsOwnConvention() {
        #if arch(x86_64)
        #expect(StructUnits.Convention.current == .systemV)
        #else
        #expect(StructUnits.Convention.current == .aapcs64)
        #endif
    }
}
