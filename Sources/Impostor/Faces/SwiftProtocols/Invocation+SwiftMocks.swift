// Reading a Swift mock's call: its arguments are the caller's values, so a typed read is a
// checked cast against the member's declared parameter type, never a reinterpretation.
extension Invocation {
    /// A Swift member's call, with its declared types and argument labels.
    init(
        mockName: String, parameterTypes: [Any.Type], resultType: Any.Type, swift call: SwiftCall,
        argumentLabels: ArgumentLabels = .none, accessor: SwiftAccessor? = nil
    ) {
        self.init(
            mockName: mockName,
            call: MemberCall(
                call: call, parameterTypes: parameterTypes, resultType: resultType, argumentLabels: argumentLabels, accessor: accessor))
    }

    /// A call of `member`, under its name in messages (`printer.print`, or `name` when the
    /// caller has read it already), with its declared types and argument labels.
    init(member: SwiftMember, named name: String? = nil, swift call: SwiftCall) {
        self.init(
            mockName: name ?? member.name, parameterTypes: member.parameterTypes, resultType: member.resultType, swift: call,
            argumentLabels: member.argumentLabels, accessor: member.accessor)
    }
}

/// A Swift member's call as an ``Invocation`` reads it: the caller's values, with the member's
/// declared types and the labels its calls print with.
struct MemberCall: RecordedCall, @unchecked Sendable {
    // @unchecked: the arguments are the caller's values, kept as they are (as `SwiftCall`
    // explains); the types are metadata.
    let call: SwiftCall
    let parameterTypes: [Any.Type]
    let resultType: Any.Type
    let argumentLabels: ArgumentLabels
    let accessor: SwiftAccessor?

    var stamp: UInt64 { call.stamp }
    var thread: UInt { call.thread }
    var argumentCount: Int { parameterTypes.count }
    /// Recorded once answered.
    var didReturn: Bool { true }

    func argument<T>(_ index: Int, as _: T.Type, mock: String, site: SourceSite) -> T {
        guard call.arguments.indices.contains(index) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentIndexOutOfRange(mock: mock, index: index, count: argumentCount), site: site))
            return Self.fallback(T.self, mock: mock, site: site)
        }
        let declared = parameterTypes[index]
        // An `inout` argument is recorded in its box; read as its value's type, it is the
        // value passed.
        if let box = call.arguments[index] as? any InoutArgumentBox, type(of: box).valueType == T.self,
            let passed = box.passedValue as? T
        {
            return passed
        }
        guard declared == T.self, let value = call.arguments[index] as? T else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentTypeMismatch(
                    mock: mock, index: index, requested: TypeMetadata.name(of: T.self), actual: TypeMetadata.name(of: declared)),
                site: site))
            return Self.fallback(T.self, mock: mock, site: site)
        }
        return value
    }

    /// No memory is copied for a Swift call: its arguments are values.
    func memory(_: Int, text _: Bool, mock _: String, site _: SourceSite) -> CapturedMemory? { nil }

    func result<T>(as _: T.Type, mock: String, callText _: () -> String, site: SourceSite) -> T {
        guard resultType == T.self, let value = call.result as? T else {
            let actual = call.error.flatMap { error in
                resultType == T.self ? FailureMessages.threwInstead(ValueFormatter.describeSwiftValue(error)) : nil
            } ?? TypeMetadata.name(of: resultType)
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.returnTypeMismatch(mock: mock, requested: TypeMetadata.name(of: T.self), actual: actual),
                site: site))
            return Self.fallback(T.self, mock: mock, site: site)
        }
        return value
    }

    /// What a failed typed read returns: the type's default, when one can be made.
    private static func fallback<T>(_: T.Type, mock: String, site: SourceSite) -> T {
        if let value = SwiftDefaults.value(T.self) { return value }
        FailedClosureMock.stop(FailureMessages.noSwiftDefault(mock: mock, result: TypeMetadata.name(of: T.self)), site: site)
    }

    var formattedArguments: [String] { call.arguments.map { ValueFormatter.describeSwiftValue($0) } }

    /// `"HELLO"`, `throws NetworkError.offline`, or nil for a `Void` member.
    var formattedResult: String? {
        if let error = call.error { return FailureMessages.thrownResult(ValueFormatter.describeSwiftValue(error)) }
        guard resultType != Void.self else { return nil }
        return call.result.map { ValueFormatter.describeSwiftValue($0) } ?? FailureMessages.noResult
    }

    func text(mockName: String) -> String { SwiftCallText.call(mockName, argumentLabels.apply(to: formattedArguments), accessor: accessor) }
}
