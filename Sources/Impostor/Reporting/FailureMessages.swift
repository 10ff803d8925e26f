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

// MARK: Prototypes and matchers

extension FailureMessages {
    static func matcherOutsidePrototype(_ matcher: String) -> String {
        "Matcher \(matcher) was used outside stub(...) or verify(...), where it means nothing; "
            + "a mock called with it received a placeholder value. Write matchers only inside the prototype of a stub or verify."
    }

    static func nestedPrototype(_ purpose: String) -> String {
        "\(purpose)(...) was called inside the prototype of another stub or verify. Write them one after the other."
    }

    static func prototypeCallsNoMock(_ purpose: String) -> String {
        "The prototype passed to \(purpose)(...) calls no mock. Write the mock call itself, as in `\(purpose)(add(any(), 5))`."
    }

    static func prototypeCallsSeveralMocks(_ purpose: String, names: [String]) -> String {
        "The prototype passed to \(purpose)(...) calls \(names.count) mocks (\(names.joined(separator: ", "))); "
            + "each prototype must call exactly one. Pass one prototype per call, as in `\(purpose)(a(1), b(2))`, or group them in `\(purpose) { ... }`."
    }

    static func prototypeNotRepeatable(_ purpose: String) -> String {
        "The prototype passed to \(purpose)(...) called different mocks, or used different matchers, when evaluated again. "
            + "Prototypes are evaluated more than once to bind matchers; keep them free of side effects and conditions."
    }

    static func matcherNotPassedToMock(_ matcher: String, purpose: String) -> String {
        "Matcher \(matcher) was created in the prototype of \(purpose)(...) after its last mock call, so no argument receives it. "
            + "Pass matchers directly as arguments of the mock call."
    }

    static func matcherNotBound(_ matcher: String, mock: String, purpose: String) -> String {
        "Matcher \(matcher) in \(purpose)(...) did not reach any argument of \(mock) unchanged (it was converted, "
            + "computed with, or passed to something else). Pass the matcher directly as the argument."
    }

    static func ambiguousArgument(mock: String, position: Int, type: String) -> String {
        "Cannot tell which matcher argument \(position) of \(mock) (\(type)) receives: it equals the placeholder of more than one matcher. "
            + "Write literal arguments next to matchers as `eq(value)`."
    }

    static func tooManyBoolMatchers(maximum: Int) -> String {
        "A prototype can hold at most \(maximum) Bool matchers: they cannot be told apart beyond that. "
            + "Write literal Bool arguments as `eq(true)` or split the stub."
    }

    static func matcherTypeMismatch(_ matcher: String, matcherType: String, mock: String, position: Int, parameterType: String) -> String {
        "Matcher \(matcher) matches \(matcherType) values, but it was passed as argument \(position) of \(mock), which is \(parameterType)."
    }
}

// MARK: Stubs

extension FailureMessages {
    static func stubBlockParameters(block: [String], mock: String, parameters: [String]) -> String {
        "The block passed to with { } takes (\(block.joined(separator: ", "))), but \(mock) takes "
            + "(\(parameters.joined(separator: ", "))). Declare the block with exactly the mock's parameter types, "
            + "no parameters, or one Invocation."
    }

    static func stubResultType(block: String, mock: String, result: String) -> String {
        "The block passed to with { } returns \(block), but \(mock) returns \(result)."
    }

    static func tooManyStubs(mock: String, maximum: Int) -> String {
        "Mock \(mock) already has \(maximum) stubs, the most one mock can hold; this stub was not added."
    }

    static func noConsecutiveValues(purpose: String) -> String {
        "\(purpose) needs at least one value."
    }
}
