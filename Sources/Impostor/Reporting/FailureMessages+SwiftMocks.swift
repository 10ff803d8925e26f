// MARK: Swift protocol mocks

extension FailureMessages {
    static func swiftAnswerTypeMismatch(mock: String, produced: String, result: String) -> String {
        "The answer for \(mock) produced a \(produced), but the member returns \(result); the default value was returned."
    }

    static func noSwiftDefault(mock: String, result: String) -> String {
        "Call to \(mock): nothing answered it (no stub, registered result or expectation), and no default value of its "
            + "result type \(result) can be made, so the test process stops here. Stub the member, register a result "
            + "with registerResult(for:), or make \(result) adopt DefaultValue (an enum: or CaseIterable, to answer its "
            + "first case)."
    }

    /// `failure` is what the member throws: an error it cannot throw is the likeliest misfit,
    /// so the text says which errors it can.
    static func swiftMemberAsCall(_ purpose: String, mock: String, failure: String) -> String {
        let throwing = switch failure {
        case "Never": " \(mock) does not throw, so throwing(_:) has no typed form for it."
        case "any Error", "Error": ""
        default: " \(mock) throws only \(failure), so throwing(_:) takes only that type."
        }
        return "\(purpose)(...) was given \(mock)'s reference or prototype where a call was expected: Swift used the "
            + "untyped form, as it does for several prototypes or when the answer after one does not fit the member."
            + throwing + " Pass one prototype, or the reference and its matchers, with an answer of the member's types."
    }

    static func noSwiftPrototypeResult(mock: String, result: String) -> String {
        "Cannot use a call to \(mock) as a prototype: it must return a value of \(result), and none can be made, so the "
            + "test process stops here. Use the reference form, as in stub(mock.memberRef, any()), or make \(result) "
            + "adopt DefaultValue."
    }

    static func swiftErrorNotThrowable(mock: String, error: String, failure: String) -> String {
        failure == "Never"
            ? "The answer for \(mock) threw \(error), but the member does not throw; the default value was returned."
            : "The answer for \(mock) threw \(error), but the member throws only \(failure); the default value was returned."
    }

    static func argumentMismatch(position: Int, label: String?, expected: String, got: String) -> String {
        "argument \(position)\(label.map { " (\($0))" } ?? ""): expected \(expected), got \(got)"
    }

    /// `unstatedReference`: the member's name when its reference was made by name without
    /// `isAsync`, which is then the likely mistake.
    static func swiftAsyncAnswerOnSyncMember(_ purpose: String, mock: String, unstatedReference: String? = nil) -> String {
        "Cannot \(purpose) \(mock) with an async block: the member is not async, so it cannot wait for one. "
            + (unstatedReference.map {
                "(Its reference was made by name, which does not say: if the member is async, make it with "
                    + "MockReference(named: \"\($0)\", isAsync: true).) "
            } ?? "")
            + "Nothing was stubbed."
    }

    /// `purpose` is "stub" for `throwing(...)`, "answer" for an expectation's `throwError(...)`.
    static func swiftThrowOnNonThrowingMember(_ purpose: String, mock: String, error: String, failure: String) -> String {
        let spelled = purpose == "answer" ? "throwError(\(error))" : "throwing(\(error))"
        let outcome = purpose == "answer"
            ? "The expectation was given no actions, so the calls it takes return the default value."
            : "Nothing was stubbed."
        return failure == "Never"
            ? "Cannot \(purpose) \(mock) with \(spelled): the member does not throw. \(outcome)"
            : "Cannot \(purpose) \(mock) with \(spelled): the member throws only \(failure). \(outcome)"
    }

    static func swiftLiteralNotEquatable(_ purpose: String, mock: String, position: Int, type: String) -> String {
        "Cannot \(purpose) \(mock): argument \(position) is a \(type) written as a value, and \(type) is not Equatable, "
            + "so it cannot be compared. Use a matcher for it: identical(_:), has(_:_:), or a Matcher in the reference "
            + "form, as in \(purpose)(mock.memberRef, …)."
    }

    static func noPlaceholder(_ matcher: String, type: String) -> String {
        "\(matcher) cannot stand in for a \(type) argument inside a call: no placeholder value of \(type) can be made, so "
            + "the test process stops here. Pass matchers to the member's reference instead, as in "
            + "stub(mock.memberRef, \(matcher)), or make \(type) adopt ArgumentPlaceholder."
    }

    static func swiftMatcherCount(_ purpose: String, mock: String, given: Int, expected: Int) -> String {
        "Cannot \(purpose) \(mock): \(given) matcher\(given == 1 ? "" : "s") for \(expected) argument\(expected == 1 ? "" : "s")."
    }

    static func swiftCaptorOnValue(_ matcher: String, mock: String) -> String {
        "\(matcher) captures C values and cannot capture an argument of the Swift mock \(mock): read the arguments "
            + "from calls(to:) or invocations(of:) instead."
    }
}

extension FailureMessages {
    static func swiftOnlyAnswer(mock: String) -> String {
        "Cannot stub \(mock) with a throwing or async block: it is a C function, which can neither throw nor wait. "
            + "Nothing was stubbed."
    }
}

extension FailureMessages {
    static func uninterestingSwiftCallWarning(_ call: String, mockery: String) -> String {
        "Uninteresting call: \(call) returned its default value. No expectation of Mockery \"\(mockery)\" mentions the "
            + "member and no stub answers it (the Mockery is naggy)."
    }

    static func actionNotForSwift(_ action: String, mock: String) -> String {
        "Cannot run \(action) for \(mock): it acts on a C call (errno, out-parameters), and \(mock) is a Swift mock's "
            + "member. Return values with returnValue(_:) or perform { }, errors with throwError(_:)."
    }

    static func throwErrorOnCMock(error: String, mock: String) -> String {
        "Cannot run throwError(\(error)) for \(mock): it is a C function, which cannot throw. Use returnValue(_:) and "
            + "setErrno(_:) to report failure the C way."
    }
}

extension FailureMessages {
    static func calledOutsideBlock(_ mock: String) -> String {
        "\(mock).called(...) describes a call only inside verifyInOrder { }, verify { } or stub { }; here it did nothing."
    }
}

extension FailureMessages {
    /// What a Swift call's result reads as when it threw: `nothing: the call threw AlbumError.notFound`.
    static func threwInstead(_ error: String) -> String { "nothing: the call threw \(error)" }

    /// A Swift call's result in listings when it threw: `throws AlbumError.notFound`.
    static func thrownResult(_ error: String) -> String { "throws " + error }

    /// A Swift call's result in listings when it has none recorded.
    static let noResult = "(no result)"
}

extension FailureMessages {
    /// A generated generic member whose stub answered a value of another type than the caller's.
    static func genericResultMismatch(member: String, produced: String, expected: String) -> String {
        "Cannot return \(produced) from \(member): the caller asked for \(expected). Stub it with a value of that type, or with a block that checks T."
    }
}
