// The texts of expectations: declaring them, calls they refuse, and checking them.
extension FailureMessages {
    // MARK: Declaring

    static func expectationOutsideChecking(_ purpose: String) -> String {
        "\(purpose)(...) declares an expectation, which only means something inside `checking { }`: "
            + "write it as `context.checking { \(purpose)(...) }`. Nothing was expected."
    }

    static func nestedChecking(_ mockery: String) -> String {
        "checking { } was called inside another checking block (of Mockery \"\(mockery)\"). "
            + "Declare the expectations in one block, or one block after the other."
    }

    static func invalidCardinality(_ spelling: String) -> String {
        "\(spelling) is not a valid cardinality: counts cannot be negative, and a range's upper bound cannot be below its lower. "
            + "Nothing was expected."
    }

    static func expectationOnForeignMock(_ purpose: String, mock: String, owner: String, checking: String) -> String {
        "\(purpose)(...) names mock \(mock), which belongs to Mockery \"\(owner)\", but checking { } was called on "
            + "Mockery \"\(checking)\". Expectations live with the Mockery that owns the mock: create the mock with "
            + "`\(checking).mock(named:)` (or inside `\(checking).withCurrent { }`), or call checking on \"\(owner)\". Nothing was expected."
    }

    static func clauseGivenTwice(_ method: String) -> String {
        "\(method)(...) was given twice for one expectation; give it once"
            + (method == "will" ? ", with every action in order: `will(setErrno(EIO), returnValue(-1))`." : ".")
    }

    static func clauseAfterChecking(_ method: String) -> String {
        "\(method)(...) was called after the checking { } block that declared the expectation returned; "
            + "expectations are fixed once their block returns. Chain it inside the block."
    }

    static func actionsNeverRun(expectation: String) -> String {
        "will(...) was given to \(expectation), which never answers with actions: a `never` call fails, "
            + "and `ignoring(mock)` returns zero for every call. Use allowing(...) or oneOf(...) to answer calls."
    }

    static func foreignStates(_ states: String, mockery: String) -> String {
        "States \"\(states)\" belongs to another Mockery than the mock's (\"\(mockery)\"). "
            + "Make it with the mock's Mockery: `\(mockery).states(...)`."
    }

    static func foreignSequence(_ sequence: String, mockery: String) -> String {
        "Sequence \"\(sequence)\" belongs to another Mockery than the mock's (\"\(mockery)\"). "
            + "Make it with the mock's Mockery: `\(mockery).sequence(...)`."
    }

    static func sequenceGivenTwice(_ sequence: String) -> String {
        "inSequence(\(sequence)) was given twice for one expectation; an expectation is one step of a sequence."
    }

    // MARK: Actions

    static func prototypeBlockThrew(_ error: String) -> String {
        "The block of prototypes threw \(error); the prototypes written before it were read, the rest were not."
    }

    static func checkingThrew(_ error: String) -> String {
        "The checking { } block threw \(error); the expectations declared before it take effect, the rest were not declared."
    }

    static func performBlockParameters(block: [String], mock: String, parameters: [String]) -> String {
        "The block passed to perform { } takes (\(block.joined(separator: ", "))), but \(mock) takes "
            + "(\(parameters.joined(separator: ", "))). Declare the block with exactly the mock's parameter types, "
            + "no parameters, or one Invocation. The expectation has no actions."
    }

    static func setPointeeNoSuchArgument(argument: Int, mock: String, count: Int) -> String {
        "setPointee(argument: \(argument), ...) names an argument \(mock) does not have: it takes \(count) "
            + "(indices 0..<\(count)). The expectation has no actions."
    }

    static func setPointeeMismatch(argument: Int, mock: String, parameterType: String, pointee: String, valueType: String) -> String {
        "setPointee(argument: \(argument), to:) was given a \(valueType), but argument \(argument) of \(mock) is "
            + "\(parameterType): pass a \(pointee), as in `setPointee(argument: \(argument), to: \(pointee)(...))`. "
            + "The expectation has no actions."
    }

    static func setPointeeRawPointer(argument: Int, mock: String, parameterType: String) -> String {
        "setPointee(argument: \(argument), to:) cannot write through argument \(argument) of \(mock), a \(parameterType): "
            + "Impostor cannot know how many bytes the caller's memory holds. Write through it in a perform { } block, "
            + "which sees the call's arguments. The expectation has no actions."
    }

    static func setPointeeNotAnOutParameter(argument: Int, mock: String, parameterType: String) -> String {
        "setPointee(argument: \(argument), to:) needs a mutable pointer, but argument \(argument) of \(mock) is "
            + "\(parameterType). The expectation has no actions."
    }

    static func setPointeeUnwritable(argument: Int, mock: String) -> String {
        "setPointee(argument: \(argument), ...): the call to \(mock) passed NULL (or an address no process can own) "
            + "as argument \(argument), so nothing was written."
    }

    static func consecutiveActionsUsedUp(count: Int, call: Int, mock: String) -> String {
        "onConsecutiveCalls(...) has \(count) action\(count == 1 ? "" : "s"), but this is call \(call) it answers "
            + "for \(mock); the call returned zero. Add actions, or bound the expectation with exactly(\(count))."
    }

    // MARK: Calls

    static func unexpectedCall(_ call: String, listing: String) -> String {
        "Unexpected call: \(call)\n" + listing
    }

    static func uninterestingCall(_ call: String, mockery: String, listing: String) -> String {
        "Uninteresting call: \(call)\nMockery \"\(mockery)\" is strict: a call that no expectation mentions and no stub "
            + "answers fails. Expect it (allowing(...), ignoring(mock)) or stub it.\n" + listing
    }

    static func uninterestingCallWarning(_ call: String, mockery: String) -> String {
        "Uninteresting call: \(call) returned zero. No expectation of Mockery \"\(mockery)\" mentions the mock and no "
            + "stub answers it (the Mockery is naggy)."
    }

    // MARK: Checking

    static func unsatisfiedExpectation(mock: String, call: String, cardinality: Cardinality, received: Int) -> String {
        "Expected \(mock) to receive \(call) \(cardinality) but received it \(received) time\(received == 1 ? "" : "s")."
    }

    static func prototypeResultMismatch(
        _ purpose: String, mock: String, prototype: String, result: String, consequence: String = "Nothing was expected."
    ) -> String {
        "The prototype passed to \(purpose)(...) has type \(prototype), but \(mock) returns \(result): write the call "
            + "itself, as in `\(purpose)(\(mock)(...))`, not an expression built on it. " + consequence
    }

    static func checkingOnProcessDefault() -> String {
        "checking { } was called on the process-wide default Mockery, whose expectations would outlive this test, "
            + "answer other tests' calls and never be checked. Give the test its own Mockery: `@Test(.mockery)` (then "
            + "`Mockery.current.checking { }`), or `let context = Mockery(\"name\")` and mocks made with `context.mock(named:)`. "
            + "Nothing was expected."
    }

    static func waitTimedOut(_ predicate: String, timeout: Duration, now: String, listing: String) -> String {
        "waitUntil(\(predicate)) timed out after \(timeout): \(now).\n" + listing
    }

    static func foreignWait(_ states: String, mockery: String) -> String {
        "waitUntil was given a state of States \"\(states)\", which belongs to another Mockery than \"\(mockery)\"; "
            + "wait on the Mockery that made it."
    }
}
