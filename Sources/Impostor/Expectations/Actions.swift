// The built-in actions (jMock's and Mocky's), for `will(...)`.

/// Returns `value` from the call. Its type is the mock's return type, checked by the compiler.
///
/// ```swift
/// allowing(query(any())).will(returnValue(7))
/// ```
@inlinable
public func returnValue<Result>(_ value: Result) -> Action<Result> {
    Action(ActionStep.returning(value) { frame, _ in StubAnswer.write(value, to: frame) })
}

/// Runs `body` with the call's arguments, in order and with their exact types (or no
/// arguments at all), and returns what it returns.
///
/// ```swift
/// oneOf(add(any(), any())).will(perform { (a: Int32, b: Int32) -> Int32 in a * b })
/// ```
///
/// The block's parameter types are checked against the mock's when the expectation is
/// declared; a mismatch is reported at the `will` line and the expectation gets no actions.
@inlinable
public func perform<each Argument, Result>(_ body: @escaping (repeat each Argument) -> Result) -> Action<Result> {
    var blockTypes: [Any.Type] = []
    repeat blockTypes.append((each Argument).self)
    return Action(ActionStep.block(taking: blockTypes, typed: TypedAnswer(body), swift: { call, _ in
        var cursor = 0
        return body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
    }) { frame, _ in
        var cursor = 0
        StubAnswer.write(body(repeat StubAnswer.argument((each Argument).self, of: frame, at: &cursor)), to: frame)
    })
}

/// `perform` with a block of one argument: the same as the variadic form above, which the
/// compiler picks for other counts. The fixed count lets the block's argument be decoded by code
/// specialized for its type (the variadic form walks its parameter pack at run time, looking up
/// generic metadata on every call).
@inlinable
public func perform<A, Result>(_ body: @escaping (A) -> Result) -> Action<Result> {
    Action(ActionStep.block(taking: [A.self], typed: TypedAnswer(body), swift: { call, _ in
        var cursor = 0
        return body(SwiftAnswer.argument(A.self, of: call, at: &cursor))
    }) { frame, _ in
        StubAnswer.write(body(StubAnswer.argument(A.self, of: frame, index: 0)), to: frame)
    })
}

/// `perform` with a block of two arguments (see the one-argument form).
@inlinable
public func perform<A, B, Result>(_ body: @escaping (A, B) -> Result) -> Action<Result> {
    Action(ActionStep.block(taking: [A.self, B.self], typed: TypedAnswer(body), swift: { call, _ in
        var cursor = 0
        let a = SwiftAnswer.argument(A.self, of: call, at: &cursor)
        return body(a, SwiftAnswer.argument(B.self, of: call, at: &cursor))
    }) { frame, _ in
        StubAnswer.write(
            body(StubAnswer.argument(A.self, of: frame, index: 0), StubAnswer.argument(B.self, of: frame, index: 1)), to: frame)
    })
}

/// `perform` with a block of three arguments (see the one-argument form).
@inlinable
public func perform<A, B, C, Result>(_ body: @escaping (A, B, C) -> Result) -> Action<Result> {
    Action(ActionStep.block(taking: [A.self, B.self, C.self], typed: TypedAnswer(body), swift: { call, _ in
        var cursor = 0
        let a = SwiftAnswer.argument(A.self, of: call, at: &cursor)
        let b = SwiftAnswer.argument(B.self, of: call, at: &cursor)
        return body(a, b, SwiftAnswer.argument(C.self, of: call, at: &cursor))
    }) { frame, _ in
        StubAnswer.write(
            body(StubAnswer.argument(A.self, of: frame, index: 0), StubAnswer.argument(B.self, of: frame, index: 1),
                 StubAnswer.argument(C.self, of: frame, index: 2)),
            to: frame)
    })
}

/// Runs `body` with the whole call as an ``Invocation`` and returns what it returns.
///
/// ```swift
/// allowing(add(any(), any())).will(perform { (call: Invocation) -> Int32 in
///     call.argument(0, as: Int32.self) + 1
/// })
/// ```
public func perform<Result>(_ body: @escaping (Invocation) -> Result) -> Action<Result> {
    Action(ActionStep(description: "perform { }", swift: { call, action in
        // Only a Swift member's expectation runs this form: the member gives the call its
        // declared types, labels and accessor, read here rather than copied into every call.
        guard let member = action.expectation.mock as? SwiftMember else {
            return body(Invocation(mockName: action.mockName, parameterTypes: [], resultType: Void.self, swift: call))
        }
        return body(Invocation(member: member, swift: call))
    }) { frame, call in
        let record = frame.record(stamp: call.stamp, thread: CallingThread.currentID)
        StubAnswer.write(body(Invocation(mockName: call.mockName, signature: frame.signature, record: record)), to: frame)
    })
}

/// Throws `error` from the call: for throwing members of Swift mocks (C functions cannot throw).
///
/// ```swift
/// oneOf(albums.getAlbum(any())).will(throwError(AlbumError.notFound))
/// ```
///
/// The error must be one the member throws; that is checked at the `will` line.
public func throwError<Result>(_ error: any Error) -> Action<Result> {
    Action(ActionStep(
        description: "throwError(\(ValueFormatter.describeSwiftValue(error)))",
        problem: { _, mockName in FailureMessages.throwErrorOnCMock(error: ValueFormatter.describeSwiftValue(error), mock: mockName) },
        swift: { _, _ in throw error },
        swiftProblem: { member in
            SwiftStubCheck.canThrow(error, member) ? nil : FailureMessages.swiftThrowOnNonThrowingMember(
                "answer", mock: member.name, error: ValueFormatter.describeSwiftValue(error), failure: TypeMetadata.name(of: member.failureType))
        },
        readsCall: false, typed: TypedAnswer { () throws -> Result in throw error }, run: { frame, _ in frame.writeZeroResult() }))
}

/// Runs the first action on the expectation's first call, the second on its second, and so
/// on. A call beyond the last action is reported as a failure and returns zero.
///
/// ```swift
/// exactly(3).of(next()).will(onConsecutiveCalls(returnValue(1), returnValue(2), returnValue(3)))
/// ```
public func onConsecutiveCalls<Result>(_ actions: Action<Result>...) -> Action<Result> {
    let steps = actions.map(\.step)
    return Action(ActionStep(
        description: "onConsecutiveCalls(" + steps.map(\.description).joined(separator: ", ") + ")",
        problem: { signature, mockName in steps.lazy.compactMap { $0.problem(signature, mockName) }.first },
        swift: steps.allSatisfy({ $0.swift != nil }) ? { swiftCall, call in
            guard call.index < steps.count else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.consecutiveActionsUsedUp(count: steps.count, call: call.index + 1, mock: call.mockName),
                    site: call.site))
                return nil
            }
            return try steps[call.index].swift!(swiftCall, call)
        } : nil,
        swiftProblem: { member in steps.lazy.compactMap { $0.swiftProblem(member) }.first },
        typed: ConsecutiveTypedActions(steps),
        run: { frame, call in
            guard call.index < steps.count else {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.consecutiveActionsUsedUp(count: steps.count, call: call.index + 1, mock: call.mockName),
                    site: call.site))
                return
            }
            steps[call.index].run(frame, call)
        }))
}

/// Runs every action, in order: what `will(a, b, c)` does with its list.
///
/// ```swift
/// oneOf(open(any(), any())).will(doAll(setErrno(EACCES), returnValue(-1)))
/// ```
public func doAll<Result>(_ actions: Action<Result>...) -> Action<Result> {
    ActionChecks.sequence(actions.map(\.step), describedAs: { "doAll(\($0))" })
}

/// Sets the calling thread's `errno` to `code`, as the C caller reads it after the call.
///
/// ```swift
/// oneOf(open(cString("a.txt"), any())).will(setErrno(ENOENT), returnValue(-1))
/// ```
///
/// `errno` is set as the very last step of the call, after anything Impostor does that might
/// change it, so the caller sees exactly `code`.
public func setErrno<Result>(_ code: Int32) -> Action<Result> {
    Action(ActionStep(description: "setErrno(\(code))") { _, call in call.errno = code })
}

/// Writes `value` to the memory argument `argument` (from 0) points to: a C out-parameter.
///
/// ```swift
/// oneOf(fill(any())).will(setPointee(argument: 0, to: ct_point(x: 1, y: 2)))
/// ```
///
/// The parameter must be a mutable pointer to `T` (`UnsafeMutablePointer<T>?`), so that
/// exactly one `T` is written into memory the caller owns; anything else (a raw `void *`,
/// whose extent Impostor cannot know, included) is reported at the `will` line and the
/// expectation gets no actions: write through a `void *` in a `perform` block. A call that
/// passes NULL (or an address no process can own) is reported and nothing is written.
public func setPointee<Result, T>(argument: Int, to value: T) -> Action<Result> {
    Action(ActionStep(
        description: "setPointee(argument: \(argument), to: \(value))",
        problem: { signature, mockName in
            ActionChecks.pointeeProblem(
                argument: argument, valueType: T.self, valueIsTrivial: _isPOD(T.self), signature: signature, mockName: mockName)
        },
        run: { frame, call in
            let written = withUnsafeBytes(of: value) { frame.writePointee(ofArgument: argument, bytes: $0) }
            if !written {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.setPointeeUnwritable(argument: argument, mock: call.mockName),
                    site: call.site))
            }
        }))
}

/// The checks actions make when an expectation is declared.
enum ActionChecks {
    /// Runs `steps` in order, as one action; `describedAs` wraps the list's description.
    static func sequence<Result>(_ steps: [ActionStep], describedAs: (String) -> String = { $0 }) -> Action<Result> {
        Action(ActionStep(
            description: describedAs(steps.map(\.description).joined(separator: ", ")),
            problem: { signature, mockName in steps.lazy.compactMap { $0.problem(signature, mockName) }.first },
            swift: steps.allSatisfy({ $0.swift != nil }) ? { swiftCall, call in
                var value: Any?
                for step in steps { value = try step.swift!(swiftCall, call) ?? value }
                return value
            } : nil,
            swiftProblem: { member in steps.lazy.compactMap { $0.swiftProblem(member) }.first },
            readsCall: steps.contains(where: \.readsCall), run: { frame, call in for step in steps { step.run(frame, call) } }))
    }

    /// Why a `perform` block with these parameter types cannot take the mock's arguments.
    static func blockProblem(_ blockTypes: [Any.Type], signature: Signature, mockName: String) -> String? {
        guard !blockTypes.isEmpty else { return nil }
        let parameterTypes = signature.parameters.map(\.swiftType)
        if blockTypes.count == parameterTypes.count, zip(blockTypes, parameterTypes).allSatisfy({ $0 == $1 }) { return nil }
        return FailureMessages.performBlockParameters(
            block: blockTypes.map(TypeMetadata.name(of:)), mock: mockName, parameters: signature.parameters.map(\.name))
    }

    /// Why a value of `valueType` cannot be written through argument `argument`.
    static func pointeeProblem(
        argument: Int, valueType: Any.Type, valueIsTrivial: Bool, signature: Signature, mockName: String
    ) -> String? {
        let valueName = TypeMetadata.name(of: valueType)
        guard signature.parameters.indices.contains(argument) else {
            return FailureMessages.setPointeeNoSuchArgument(argument: argument, mock: mockName, count: signature.parameters.count)
        }
        let parameter = signature.parameters[argument]
        let pointee: Any.Type
        switch parameter.pointer {
        case .text(isMutable: true, let isUnsigned): pointee = isUnsigned ? UInt8.self : CChar.self
        case .typed(let type, isMutable: true): pointee = type.type
        case .raw(isMutable: true):
            return FailureMessages.setPointeeRawPointer(argument: argument, mock: mockName, parameterType: parameter.name)
        default:
            return FailureMessages.setPointeeNotAnOutParameter(argument: argument, mock: mockName, parameterType: parameter.name)
        }
        guard pointee == valueType, valueIsTrivial else {
            return FailureMessages.setPointeeMismatch(
                argument: argument, mock: mockName, parameterType: parameter.name,
                pointee: TypeMetadata.name(of: pointee), valueType: valueName)
        }
        return nil
    }
}

/// `onConsecutiveCalls` as a Swift member's typed entry point runs it: each action's typed
/// form, one per call (see ``ActionStep/typed``).
final class ConsecutiveTypedActions: @unchecked Sendable {
    // @unchecked: immutable; the actions' values and blocks are the test's, as every action's.
    /// The actions' typed forms, or nil when one of them has none (the engine then runs all).
    let steps: [AnyObject]?

    init(_ steps: [ActionStep]) {
        let typed = steps.compactMap(\.typed)
        self.steps = typed.count == steps.count ? typed : nil
    }
}
