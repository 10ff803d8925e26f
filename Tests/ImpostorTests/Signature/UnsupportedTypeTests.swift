import CImpostorTestSupport
import Impostor
import Testing

/// Types that cannot pass through a C function pointer are refused at creation with the
/// message from FailureMessages.swift, naming the type and its position.
@Suite struct UnsupportedTypeTests {
    private func creationError<F>(_ type: F.Type) -> MockCreationError? {
        do {
            _ = try Mockery("unsupported types").makeMock(of: type, named: "unsupported")
            return nil
        } catch {
            return error
        }
    }

    private static let packedParameterMessage =
        "Cannot mock @convention(c) (Int32, ct_packed) -> Int32: parameter 2 has type ct_packed, a packed struct: "
        + "field `i` (Int32) is at offset 1, which is not a multiple of its alignment 4. "
        + "libffi cannot describe misaligned fields."

    @Test func notAFunctionType() {
        let error = creationError(String.self)
        #expect(error?.description == "Cannot mock String: mockFunction needs a C function pointer type, "
            + "such as `@convention(c) (Int32, Int32) -> Int32`.")
        #expect(error != nil && error?.position == nil)
    }

    @Test func swiftClosureType() {
        let message = "Cannot mock (Int32) -> Int32: it is a Swift function type, not a C function pointer. "
            + "Write the type with `@convention(c)`, as in `@convention(c) (Int32) -> Int32`."
        #expect(creationError(((Int32) -> Int32).self)?.description == message)
        #expect(creationError(((Int32) -> Int32)?.self)?.description == message)
    }

    @Test func packedStructWithAMisalignedFieldAsParameter2() {
        let error = creationError(ct_fn_packed_parameter.self)
        #expect(error?.description == Self.packedParameterMessage)
        #expect(error?.position == .parameter(2))
    }

    @Test func packedStructAsReturnType() {
        let error = creationError(ct_fn_packed_result.self)
        #expect(error?.description == "Cannot mock @convention(c) () -> ct_packed: the return type has type ct_packed, "
            + "a packed struct: field `i` (Int32) is at offset 1, which is not a multiple of its alignment 4. "
            + "libffi cannot describe misaligned fields.")
        #expect(error?.position == .result)
    }

    @Test func structWithAVectorField() {
        let error = creationError(ct_fn_vector_holder.self)
        #expect(error?.description == "Cannot mock @convention(c) (ct_vector_holder) -> (): parameter 1 has type "
            + "ct_vector_holder, whose field `v` has type SIMD4<Float>, which libffi cannot describe.")
        #expect(error?.position == .parameter(1))
    }

    @Test func overalignedStructWithoutLongDouble() {
        let error = creationError(ct_fn_overaligned.self)
        #if arch(x86_64)
        #expect(error?.description == "Cannot mock @convention(c) (Int32, Int32, ct_overaligned) -> (): parameter 3 has "
            + "type ct_overaligned, aligned to 16 bytes with no `long double` in it (a 128-bit integer or vector?); "
            + "libffi cannot pass it.")
        #else
        // Where Swift cannot see a `long double`, the alignment is all that shows one may be there.
        #expect(error?.description == "Cannot mock @convention(c) (Int32, Int32, ct_overaligned) -> (): parameter 3 has "
            + "type ct_overaligned, aligned to 16 bytes: it holds a `long double`, a 128-bit integer or a vector. "
            + "long double is not supported on this platform, where it is a 128-bit quad that Swift cannot represent "
            + "(the imported struct lacks the field), and Impostor cannot pass the others either.")
        #endif
        #expect(error?.position == .parameter(3))
    }

    /// A struct holding a `long double` passes on x86-64, where the field is a Float80. On arm64
    /// Linux Swift imports the struct without it, and the mock is refused at its line, saying
    /// long double is not supported there.
    @Test func structHoldingALongDouble() {
        let error = creationError(ct_fn_ldouble_struct.self)
        #if arch(x86_64)
        #expect(error == nil)
        #else
        #expect(error?.description.contains("long double is not supported on this platform") == true)
        #expect(error?.position == .parameter(2))
        #endif
    }

    @Test func thrownErrorsAreEqualWhenTheirTextIs() throws {
        #expect(throws: try #require(creationError(ct_fn_packed_parameter.self))) {
            _ = try Mockery().makeMock(of: ct_fn_packed_parameter.self, named: "packed again")
        }
    }

    @Test func mockFunctionReportsAtItsOwnLineAndReturnsACallablePlaceholder() {
        var line = 0
        var placeholder: ct_fn_packed_parameter?
        let failures = captureFailures {
            line = #line + 1
            placeholder = mockFunction(of: ct_fn_packed_parameter.self, named: "packed")
        }
        #expect(failures.map(\.message) == [Self.packedParameterMessage])
        #expect(failures.first?.site.line == line)
        #expect(failures.first?.site.fileID == #fileID)

        // C may still call the placeholder: it returns zero and reports each call.
        var returned: Int32 = -1
        let callFailures = captureFailures { returned = ct_call_packed_parameter(placeholder, 0) }
        #expect(returned == 1, "the placeholder returned zero to C")
        #expect(callFailures.map(\.message) == [
            "Call to mock packed, which could not be created (see the failure at its creation); the call returned zero.",
        ])
        #expect(callFailures.first?.site.line == line)
    }

    @Test func mockFunctionOfASwiftClosureTypeReportsAtItsOwnLine() {
        var line = 0
        let failures = captureFailures {
            line = #line + 1
            _ = mockFunction(of: ((Int32) -> Int32).self, named: "closure")
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Cannot mock (Int32) -> Int32: it is a Swift function type") == true)
        #expect(failures.first?.site.line == line)
    }
}
