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
        case .invalidCapture(let function, let mock, let problem):
            return "Cannot mock \(function) as \(mock): " + captureDeclaration(problem, mock: mock)
        case .notATable, .tableWithoutFunctions, .unnamedTableMembers, .unknownTableField, .tableField, .unknownKeptTableField,
             .keptTableFieldsWithoutTemplate, .capturingKeptTableField:
            return tableCreation(reason)
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
            #if arch(x86_64)
            return "has type \(type), aligned to \(alignment) bytes with no `long double` in it (a 128-bit integer or vector?); libffi cannot pass it."
            #else
            // Elsewhere `long double` is a 128-bit quad that Swift cannot import: the struct
            // comes without that field, and only its alignment shows it was there.
            return "has type \(type), aligned to \(alignment) bytes: it holds a `long double`, a 128-bit integer or a vector. "
                + "long double is not supported on this platform, where it is a 128-bit quad that Swift cannot represent "
                + "(the imported struct lacks the field), and Impostor cannot pass the others either."
            #endif
        case .layoutMismatch(let type, let swiftSize, let swiftAlignment, let ffiSize, let ffiAlignment):
            return "has type \(type), which Swift lays out as \(swiftSize) bytes aligned to \(swiftAlignment) "
                + "but libffi as \(ffiSize) bytes aligned to \(ffiAlignment); passing it would corrupt arguments."
        case .voidParameter:
            return "is Void, which a C function cannot take."
        case .invalidAArch64Passing(let type, let passing, let size):
            return "has type \(type), whose CRegisterLayout.aarch64Passing is \(passing), which cannot describe its \(size) "
                + "bytes: an aggregate of floating point has 1 to 4 members that fill the type (.floats(n) for n times 4 "
                + "bytes, .doubles(n) for n times 8). Declare the members it has, or .generalRegisters if they are not all "
                + "of one floating-point type."
        case .hiddenMembersBesideFloatingPoint(let type, let size):
            return "has type \(type), \(size) bytes whose visible members are all floating point beside a union or "
                + "bitfield Swift cannot see. On arm64 C passes such a struct in vector registers only when the hidden "
                + "members are of the same floating-point type, which cannot be told from Swift: declare how the union "
                + "travels (`extension U: CRegisterLayout` with `aarch64Passing`), or mock a function type whose struct "
                + "names every member (a typedef in a C header of your test target)."
        }
    }

    // MARK: Calls

    /// The one report of a released mock's late calls, with their count when it is delivered.
    static func callsToReleasedMock(
        _ name: String, kind: LateCallReport.Kind, count: Int, firstThread: CallingThread, delay: UInt64
    ) -> String {
        let calls = count == 1 ? "1 call" : "\(Digits.grouped(count)) calls"
        let first = count == 1 ? "from" : "the first from"
        let outcome: String
        switch kind {
        case .cFunction:
            outcome = (count == 1 ? "it returned zero" : "each returned zero")
                + ". A C library kept the function pointer longer than the test that made it."
        case .swiftMember:
            outcome = (count == 1 ? "it returned its default value and was not recorded" : "each returned its default value and none was recorded")
                + ". Something kept the mock longer than the test that made it."
        }
        return "Call to released mock \(name): \(calls) after its Mockery was released, \(first) \(firstThread), "
            + "\(Delay.text(nanoseconds: delay)) after the release; \(outcome) Later calls are only counted; "
            + "if any come after this report, the run ends with their total."
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

    static func argumentIsNotAPointer(mock: String, index: Int, type: String, reading: String) -> String {
        "Cannot read \(reading) argument \(index) of a call to \(mock) points to: that parameter is \(type), not a "
            + "pointer. Use `argument(\(index), as: \(type).self)`."
    }

    static func argumentIsNotText(mock: String, index: Int, type: String, pointee: String) -> String {
        "Cannot read argument \(index) of a call to \(mock) as text: that parameter is \(type), which points to "
            + "\(pointee), not to characters. What was copied from it is in `bytes(\(index))`; its value in "
            + "`argument(\(index), as: \(type).self)`."
    }

    /// `Invocation.bytes(i)` or `cString(i)` on a pointer parameter nothing was copied from at
    /// call time (`reading`: "the bytes", "the text").
    static func argumentNotCopied(mock: String, index: Int, type: String, reading: String) -> String {
        "Cannot read \(reading) argument \(index) of a call to \(mock) points to: nothing was copied from that "
            + "parameter (\(type)) when the call arrived, and a caller's memory may be gone once the call returns. "
            + "Say what it points to when you create the mock, by position from 0: capturing: [\(index): .bytes(n)], "
            + "[\(index): .buffer(count: k)] (a length in parameter k) or [\(index): .cString]. Its address is in "
            + "`argument(\(index), as: \(type).self)`."
    }

    static func returnTypeMismatch(mock: String, requested: String, actual: String) -> String {
        "Cannot read the return value of a call to \(mock) as \(requested): the function returns \(actual)."
    }

    /// How a call whose answer never returned (left by `longjmp`) is listed after its arguments.
    static let didNotReturn = "(did not return)"

    static func noReturnValue(call: String) -> String {
        "Cannot read the return value of \(call): its answer never returned to the caller (it left with longjmp, "
            + "or was still running when the calls were read), so the caller got no value."
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
            + "a mock called with it received a placeholder value, and answered with the default value (no stub's answer and "
            + "no original ran). Write matchers only inside the prototype of a stub or verify."
    }

    /// A matcher still pushed when its thread ended: no later use of Impostor there reports it.
    static func matcherLeftOnEndedThread(_ matcher: String) -> String {
        "Matcher \(matcher) was used outside stub(...) or verify(...), where it means nothing, on a thread that then "
            + "ended. Write matchers only inside the prototype of a stub or verify."
    }

    /// Appended to a failure found when a thread ended, when no running test owned its calls.
    static let endedThreadReportedToTheRun =
        "No test still running owned that thread's calls (its stubs' Mockery or its withCurrent scope), so it fails "
        + "the test run instead: the process exits with status 1."

    static func nestedPrototype(_ purpose: String) -> String {
        "\(purpose)(...) was called inside the prototype of another stub or verify. Write them one after the other."
    }

    static func prototypeThrew(_ purpose: String, error: String) -> String {
        "The prototype passed to \(purpose)(...) threw \(error) while it was recorded, so it describes no call. Only the "
            + "mock call may be written with `try`: compute other values before the \(purpose)."
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

    /// Appended to a block-parameter mismatch where the block takes an `inout` argument's value.
    static func inoutBlockParameter(value: String, box: String) -> String {
        " An inout parameter reaches the block as \(box): take that, and set its value to write back "
            + "(a block declared with inout \(value) would write to a copy)."
    }

    static func stubResultType(block: String, mock: String, result: String) -> String {
        "The block passed to with { } returns \(block), but \(mock) returns \(result)."
    }

    static func resultDoesNotFit(_ value: String, mock: String, type: String) -> String {
        "The grouped stub's block returned \(value), which does not fit \(mock)'s return type \(type); the call returned zero."
    }

    static func tooManyStubs(mock: String, maximum: Int) -> String {
        "Mock \(mock) already has \(maximum) stubs, the most one mock can hold; this stub was not added."
    }

    static func noConsecutiveValues(purpose: String) -> String {
        "\(purpose) needs at least one value."
    }

    /// A problem with an answer added to a stub's chain (`then`, `thenThrowing`): the stub and
    /// its other answers stay, so the problem's own "Nothing was stubbed." would be wrong, and
    /// the block was passed to `then`, not `with`.
    static func laterAnswerRefused(_ problem: String) -> String {
        let suffix = " Nothing was stubbed."
        let reason = (problem.hasSuffix(suffix) ? String(problem.dropLast(suffix.count)) : problem)
            .replacing("The block passed to with { }", with: "The block passed to then { }")
        return reason + " This answer was not added; the stub keeps its other answers, and the next one given takes its turn."
    }
}

// MARK: Verification

extension FailureMessages {
    /// `verify(within:)`, `verifyInOrder(within:)` or `waitUntil(timeout:)` given a time
    /// below zero.
    static func negativeTimeout(_ call: String, timeout: Duration) -> String {
        "\(call) was given a negative timeout (\(timeout)): a wait cannot end before it starts. Give zero or more; "
            + "nothing was checked."
    }

    static func invalidMode(_ mode: VerificationMode) -> String {
        "verify was given an impossible count (minimum \(mode.minimum), maximum \(mode.maximum.map(String.init) ?? "none")); counts cannot be negative."
    }

    /// `Expected add to receive add(any(), 5) exactly once but received it 0 times.` and the
    /// calls the mock did receive, for a mock of any kind.
    static func verificationFailed(_ pattern: String, mode: VerificationMode, check: any CallCheck, timeout: Duration?) -> String {
        let (name, entries, noCallsNote) = check.failureListing()
        let count = check.matchingCount
        let received = "received it \(count) time\(count == 1 ? "" : "s")"
        let within = timeout.map { " within \($0)" } ?? ""
        var message = mode == .never
            ? "Expected \(name) never to receive \(pattern)\(within) but \(received)."
            : "Expected \(name) to receive \(pattern) \(mode)\(within) but \(received)."
        if entries.isEmpty {
            message += "\n\(name) received no calls."
            if let noCallsNote { message += " " + noCallsNote }
        } else {
            message += "\n" + CallListing.render(entries, header: "Calls to \(name) (\(Plural.calls(entries.count))), nearest match first:")
        }
        return message
    }

    /// Why an interposed mock answering its test only may have seen none of the calls made.
    static func callsFromOtherThreads(_ count: Int, symbol: String) -> String {
        "\(Plural.calls(count)) from other threads reached the real \(symbol): pass answering: .everyThread if the code "
            + "under test calls from threads of its own (or run its threads' work inside mockery.withCurrent { })."
    }

    /// Why an interposed mock with a scope may have seen none of its test's calls.
    static func callsFromOutsideScope(_ count: Int, symbol: String, scope: InterpositionScope) -> String {
        "\(Plural.calls(count)) of this test from outside \(scope) reached the real \(symbol): the mock answers calls "
            + "made from \(scope) only, told by the return address, and a call a library makes as its last act (a tail "
            + "call, compiled as a jump) returns to the library's own caller. Interpose it in every object (the default "
            + "scope) to answer those too."
    }

    /// What a mismatch calls a setter's value: `argument 1 (new value): expected eq(4), got 3`.
    static let newValueLabel = "new value"

    /// An accessor of a Swift mock as a header names it: `settings.volume's setter`,
    /// `table's subscript getter`; `the subscript getter` before a mock named it.
    static func swiftAccessor(_ owner: String?, isSubscript: Bool, isSetter: Bool) -> String {
        let role = isSetter ? "setter" : "getter"
        guard isSubscript else { return "\(owner ?? "")'s \(role)" }
        return owner.map { "\($0)'s subscript \(role)" } ?? "the subscript \(role)"
    }

    static func orderFailed(
        expected: [any BoundPattern], found: [(any BoundPattern, UInt64)], missing: any BoundPattern, calls: [Invocation]
    ) -> String {
        var lines = ["Expected calls in this order:"]
        lines += expected.enumerated().map { "  \($0.offset + 1). \($0.element.description)" }
        if let (last, stamp) = found.last {
            // Calls are numbered by their place in the listing below: stamps are not consecutive.
            let position = (calls.firstIndex { $0.stamp == stamp } ?? 0) + 1
            lines.append("but \(missing.description) did not follow \(last.description) (call #\(position)).")
        } else {
            lines.append("but \(missing.description) was never received.")
        }
        lines.append("Calls to these mocks, in the order received:")
        lines += calls.prefix(CallListing.limit * 2).enumerated().map { "  #\($0.offset + 1) \($0.element)" }
        if calls.count > CallListing.limit * 2 { lines.append("  … and \(calls.count - CallListing.limit * 2) more") }
        return lines.joined(separator: "\n")
    }

    /// `calls` are the calls to list with their places among all the mock's calls (from 1,
    /// oldest first), which is what `#N` shows.
    static func unverifiedCalls(mock: String, calls: [(position: Int, call: Invocation)]) -> String {
        "Expected no more calls to \(mock), but it received \(Plural.calls(calls.count)) that no verify accounted for:\n"
            + callLines(calls)
    }

    static func unexpectedCalls(mock: String, calls: [(position: Int, call: Invocation)]) -> String {
        "Expected no calls to \(mock), but it received \(Plural.calls(calls.count)):\n" + callLines(calls)
    }

    private static func callLines(_ calls: [(position: Int, call: Invocation)]) -> String {
        var lines = calls.prefix(CallListing.limit).map { "  #\($0.position) \($0.call)" }
        if calls.count > CallListing.limit { lines.append("  … and \(calls.count - CallListing.limit) more") }
        return lines.joined(separator: "\n")
    }
}

// MARK: Types

extension FailureMessages {
    static func notATrivialType(_ type: String) -> String {
        "\(type) is not a C type, so no placeholder or zero value of it can be made. Matchers and typed access take the "
            + "argument's C type as Swift imports it; for `const char *` use cString(...), for buffers bytes(...)."
    }
}

// MARK: Prototypes: literals and values

extension FailureMessages {
    static func prototypeIsTheMock(_ purpose: String, mock: String) -> String {
        "\(purpose)(...) was given the mock \(mock) itself, not a call to it. Write the call, with literals or matchers "
            + "for its arguments, as in `\(purpose)(\(mock)(any(), any()))`."
    }

    static func literalChanged(_ purpose: String, mock: String, position: Int, type: String, isPointer: Bool) -> String {
        let hint = isPointer
            ? "A string or array passed to a pointer parameter is converted to a temporary pointer, new on every evaluation, "
                + "which no call will ever pass; match what it points to with cString(...), bytes(...) or pointee(...)."
            : "Keep side effects out of prototypes, or pass a matcher."
        return "Argument \(position) of \(mock) (\(type)) in \(purpose)(...) had a different value each time the prototype "
            + "was evaluated. " + hint
    }

    static func stalePlaceholder(_ matcher: String, createdAt site: SourceSite, purpose: String, mock: String, position: Int) -> String {
        "Argument \(position) of \(mock) in \(purpose)(...) is the placeholder that \(matcher) returned at \(site), outside any "
            + "stub or verify; it stands for no value. Write the matcher inside the prototype, as the argument itself."
    }
}

// MARK: Failures after their test

extension FailureMessages {
    /// Appended to a failure raised after the test that made the mock had ended.
    static func reportedToTheRun(test: String?, mockery: String) -> String {
        let made = test.map { "in test \($0)" } ?? "outside any test"
        return "The mock's Mockery (\"\(mockery)\") was made \(made), which had ended, so it fails the test "
            + "run instead: the process exits with status 1."
    }

    /// Heads the exit summary of released mocks called again after their one report.
    static let lateCallSummaryHeading =
        "Impostor: released mocks were called again after their report (\"Call to released mock\"); the calls after each "
        + "one's release, in all:"

    static func lateCallSummaryLine(_ name: String, count: Int, delivered: Int) -> String {
        let reported = delivered == 0
            ? "never reported: it was still waiting for a test's thread"
            : "the report gave \(Digits.grouped(delivered))"
        return "  \(name): \(Digits.grouped(count)) call\(count == 1 ? "" : "s") (\(reported))"
    }

    static func lateCallSummaryMore(_ count: Int) -> String {
        "  and \(Digits.grouped(count)) more released mock\(count == 1 ? "" : "s")"
    }

    /// The last line of a process that had failures no test reported.
    static func unreportedAtExit(late: Int, waiting: Int) -> String {
        var parts: [String] = []
        if late > 0 { parts.append("\(Plural.failures(late)) after the test concerned had ended") }
        if waiting > 0 { parts.append("\(Plural.failures(waiting)) that no test's thread collected") }
        return "Impostor: " + parts.joined(separator: " and ") + " (listed above); exiting with status 1."
    }
}

/// Numbers as the late-call texts write them.
enum Digits {
    /// `204,800`: thousands grouped, so that a large count reads at a glance.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}

/// Delays as the late-call texts write them.
enum Delay {
    /// `0.250 ms` below a second, `1.234 s` from there.
    static func text(nanoseconds: UInt64) -> String {
        let (unit, scale): (String, UInt64) = nanoseconds < 1_000_000_000 ? ("ms", 1_000_000) : ("s", 1_000_000_000)
        let whole = nanoseconds / scale
        let thousandths = nanoseconds % scale / (scale / 1000)
        let fraction = String(thousandths)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) \(unit)"
    }
}
