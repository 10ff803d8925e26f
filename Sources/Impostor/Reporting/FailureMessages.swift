/// Every text Impostor shows a user when something goes wrong, in one place, so the wording
/// stays consistent and the misuse catalog in the docs can be checked against it.
enum FailureMessages {
    // MARK: Creating mocks

    static func creation(_ reason: MockCreationError.Reason) -> String {
        switch reason {
        case .notAFunction(let type):
            return "Cannot mock \(type): mockFunction needs a C function pointer type, "
                + "such as `@convention(c) (Int32, Int32) -> Int32`."
        case .notCConvention(let type):
            return "Cannot mock \(type): it is a Swift function type, not a C function pointer. "
                + "Write the type with `@convention(c)`, as in `@convention(c) (Int32) -> Int32`."
        case .unsupportedType(let function, let position, let rejection):
            return "Cannot mock \(function): \(position) \(rejectionText(rejection))"
        case .libffiRejected(let function, let status):
            return "Cannot mock \(function): libffi refused the signature (ffi_prep_cif returned \(status))."
        case .closureAllocationFailed(let function):
            return "Cannot mock \(function): libffi could not allocate an executable closure (out of memory?)."
        }
    }

    private static func rejectionText(_ rejection: TypeRejection) -> String {
        switch rejection {
        case .notCRepresentable(let type):
            return "has type \(type), which is not a C type and cannot pass through a C function pointer."
        case .swiftClosure(let type):
            return "has type \(type), a Swift closure; C can only pass `@convention(c)` function pointers."
        case .optionalOfNonPointer(let type):
            return "has type \(type); only pointers and function pointers can be optional in a C signature."
        case .enumWithoutCLayout(let type):
            return "has type \(type), a Swift enum whose storage is not its raw value; only enums imported from C pass through C."
        case .misalignedField(let structure, let field, let offset, let fieldType, let alignment):
            return "has type \(structure), a packed struct: field `\(field)` (\(fieldType)) is at offset \(offset), "
                + "which is not a multiple of its alignment \(alignment). libffi cannot describe misaligned fields."
        case .unsupportedField(let structure, let field, let fieldType):
            return "has type \(structure), whose field `\(field)` has type \(fieldType), which libffi cannot describe."
        case .emptyStructure(let type):
            return "has type \(type), an empty struct, which has no C calling convention."
        case .unsupportedAlignment(let type, let alignment):
            return "has type \(type), aligned to \(alignment) bytes with no `long double` in it (a 128-bit integer or vector?); libffi cannot pass it."
        case .layoutMismatch(let type, let swiftSize, let swiftAlignment, let ffiSize, let ffiAlignment):
            return "has type \(type), which Swift lays out as \(swiftSize) bytes aligned to \(swiftAlignment) "
                + "but libffi as \(ffiSize) bytes aligned to \(ffiAlignment); passing it would corrupt arguments."
        case .voidParameter:
            return "is Void, which a C function cannot take."
        }
    }

    // MARK: Calls

    static func callToReleasedMock(_ name: String) -> String {
        "Call to released mock \(name): the Mockery that owned it is gone, so the call returned zero. "
            + "A C library kept the function pointer longer than the test that made it."
    }

    static func callToFailedMock(_ name: String) -> String {
        "Call to mock \(name), which could not be created (see the failure at its creation); the call returned zero."
    }

    // MARK: Reading invocations

    static func argumentIndexOutOfRange(mock: String, index: Int, count: Int) -> String {
        "Cannot read argument \(index) of a call to \(mock): it takes \(count) argument\(count == 1 ? "" : "s") "
            + "(indices 0..<\(count))."
    }

    static func argumentTypeMismatch(mock: String, index: Int, requested: String, actual: String) -> String {
        "Cannot read argument \(index) of a call to \(mock) as \(requested): that parameter is \(actual). "
            + "Use `argument(\(index), as: \(actual).self)`."
    }

    static func returnTypeMismatch(mock: String, requested: String, actual: String) -> String {
        "Cannot read the return value of a call to \(mock) as \(requested): the function returns \(actual)."
    }

    static func notAMock(_ description: String) -> String {
        "\(description) is not a mock made by Impostor: pass the function pointer mockFunction returned."
    }

    static func releasedMockQueried(_ name: String) -> String {
        "Mock \(name) was released with its Mockery; its calls are gone."
    }
}
