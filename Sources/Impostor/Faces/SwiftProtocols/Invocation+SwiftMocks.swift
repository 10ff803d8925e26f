// Reading a Swift mock's call: its arguments are the caller's values, so a typed read is a
// checked cast against the member's declared parameter type, never a reinterpretation.
extension Invocation {
    typealias SwiftRecord = (call: SwiftCall, parameterTypes: [Any.Type], resultType: Any.Type)

    /// A call of `member`, under its name in messages (`printer.print`, or `name` when the
    /// caller has read it already), with its declared types and argument labels.
    init(member: SwiftMember, named name: String? = nil, swift call: SwiftCall) {
        self.init(
            mockName: name ?? member.name, parameterTypes: member.parameterTypes, resultType: member.resultType, swift: call,
            argumentLabels: member.argumentLabels)
    }

    func swiftArgument<T>(_ index: Int, of swift: SwiftRecord, as _: T.Type, site: SourceSite) -> T {
        guard swift.call.arguments.indices.contains(index) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentIndexOutOfRange(mock: mockName, index: index, count: argumentCount), site: site))
            return Self.fallback(T.self, mock: mockName, site: site)
        }
        let declared = swift.parameterTypes[index]
        // An `inout` argument is recorded in its box; read as its value's type, it is the
        // value passed.
        if let box = swift.call.arguments[index] as? any InoutArgumentBox, type(of: box).valueType == T.self,
            let passed = box.passedValue as? T
        {
            return passed
        }
        guard declared == T.self, let value = swift.call.arguments[index] as? T else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentTypeMismatch(
                    mock: mockName, index: index, requested: TypeMetadata.name(of: T.self), actual: TypeMetadata.name(of: declared)),
                site: site))
            return Self.fallback(T.self, mock: mockName, site: site)
        }
        return value
    }

    func swiftResult<T>(of swift: SwiftRecord, as _: T.Type, site: SourceSite) -> T {
        guard swift.resultType == T.self, let value = swift.call.result as? T else {
            let actual = swift.call.error.flatMap { error in
                swift.resultType == T.self ? FailureMessages.threwInstead(ValueFormatter.describeSwiftValue(error)) : nil
            } ?? TypeMetadata.name(of: swift.resultType)
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.returnTypeMismatch(mock: mockName, requested: TypeMetadata.name(of: T.self), actual: actual),
                site: site))
            return Self.fallback(T.self, mock: mockName, site: site)
        }
        return value
    }

    /// What a failed typed read returns: the type's default, when one can be made.
    private static func fallback<T>(_: T.Type, mock: String, site: SourceSite) -> T {
        if let value = SwiftDefaults.value(T.self) { return value }
        FailedClosureMock.stop(FailureMessages.noSwiftDefault(mock: mock, result: TypeMetadata.name(of: T.self)), site: site)
    }

    /// `"HELLO"`, `throws NetworkError.offline`, or nil for a `Void` member.
    static func formattedResult(of swift: SwiftRecord) -> String? {
        if let error = swift.call.error { return FailureMessages.thrownResult(ValueFormatter.describeSwiftValue(error)) }
        guard swift.resultType != Void.self else { return nil }
        return swift.call.result.map { ValueFormatter.describeSwiftValue($0) } ?? FailureMessages.noResult
    }
}
