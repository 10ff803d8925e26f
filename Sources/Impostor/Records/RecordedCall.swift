/// What one call left, as its kind of mock keeps it: the one seam through which an
/// ``Invocation`` reads a call, whatever mock made it. A C mock's call is its record's bytes laid
/// out by the mock's signature (``LaidOutCall``); a Swift member's is the caller's values.
protocol RecordedCall: Sendable {
    var stamp: UInt64 { get }
    /// The calling thread's id (see ``CallingThread``).
    var thread: UInt { get }
    var argumentCount: Int { get }
    var didReturn: Bool { get }
    /// Argument `index` as `T`; a wrong type or index is reported at `site` (naming `mock`) and
    /// a fallback value returned.
    func argument<T>(_ index: Int, as: T.Type, mock: String, site: SourceSite) -> T
    /// What was copied from the memory pointer argument `index` pointed to (`text`: read as
    /// text, which a pointer to another type is not); nil, after reporting why at `site` where
    /// the caller could not know, when there is none.
    func memory(_ index: Int, text: Bool, mock: String, site: SourceSite) -> CapturedMemory?
    /// The returned value as `T`; a wrong type, or a call that did not return (`callText`
    /// names it), is reported at `site` and a fallback value returned.
    func result<T>(as: T.Type, mock: String, callText: () -> String, site: SourceSite) -> T
    var formattedArguments: [String] { get }
    var formattedResult: String? { get }
    /// The call without its result, as messages list it: `add(1, 2)`,
    /// `finder.didFind(path: "a.txt", size: 3)`.
    func text(mockName: String) -> String
}

/// A C mock's call: the bytes its record holds, read through the mock's signature.
struct LaidOutCall: RecordedCall {
    let signature: Signature
    let record: CallRecord

    var stamp: UInt64 { record.stamp }
    var thread: UInt { record.thread }
    var argumentCount: Int { signature.parameters.count }
    var didReturn: Bool { record.didReturn }

    func argument<T>(_ index: Int, as _: T.Type, mock: String, site: SourceSite) -> T {
        guard signature.parameters.indices.contains(index) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentIndexOutOfRange(mock: mock, index: index, count: argumentCount), site: site))
            return TrivialValue.zero(T.self)
        }
        let parameter = signature.parameters[index]
        guard parameter.swiftType == T.self else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentTypeMismatch(
                    mock: mock, index: index, requested: TypeMetadata.name(of: T.self), actual: parameter.name),
                site: site))
            return TrivialValue.zero(T.self)
        }
        return record.value(at: signature.argumentOffsets[index], as: T.self)
    }

    func memory(_ index: Int, text: Bool, mock: String, site: SourceSite) -> CapturedMemory? {
        let reading = text ? "the text" : "the bytes"
        guard let parameter = pointerParameter(index, reading: reading, mock: mock, site: site) else { return nil }
        if text, case .typed(let pointee, _) = parameter.pointer {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentIsNotText(
                    mock: mock, index: index, type: parameter.name, pointee: TypeMetadata.name(of: pointee.type)),
                site: site))
            return nil
        }
        switch record.capture(index) {
        case .memory(let memory):
            return memory
        case .null, .unreadable, .notRead:
            return nil
        case .notCaptured:
            // A NULL pointer is recorded as such only by mocks that copy through it; for any
            // other, say how to have it copied, so that no one mistakes it for NULL.
            if record.address(at: signature.argumentOffsets[index]) == 0 { return nil }
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentNotCopied(mock: mock, index: index, type: parameter.name, reading: reading),
                site: site))
            return nil
        }
    }

    /// Parameter `index`, when there is one and it is a pointer; otherwise nil, after reporting
    /// why at `site`.
    private func pointerParameter(_ index: Int, reading: String, mock: String, site: SourceSite) -> CValueType? {
        guard signature.parameters.indices.contains(index) else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentIndexOutOfRange(mock: mock, index: index, count: argumentCount), site: site))
            return nil
        }
        let parameter = signature.parameters[index]
        guard parameter.representation == .pointer else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.argumentIsNotAPointer(mock: mock, index: index, type: parameter.name, reading: reading),
                site: site))
            return nil
        }
        return parameter
    }

    func result<T>(as _: T.Type, mock: String, callText: () -> String, site: SourceSite) -> T {
        guard let result = signature.result, result.swiftType == T.self else {
            FailureReporter.report(ImpostorFailure(
                message: FailureMessages.returnTypeMismatch(
                    mock: mock, requested: TypeMetadata.name(of: T.self), actual: signature.result?.name ?? "Void"),
                site: site))
            return TrivialValue.zero(T.self)
        }
        guard record.didReturn else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.noReturnValue(call: callText()), site: site))
            return TrivialValue.zero(T.self)
        }
        return record.value(at: signature.resultOffset, as: T.self)
    }

    var formattedArguments: [String] {
        signature.parameters.indices.map { index in
            ValueFormatter.format(
                record, at: signature.argumentOffsets[index], as: signature.parameters[index], capture: record.capture(index))
        }
    }

    var formattedResult: String? {
        guard record.didReturn else { return nil }
        return signature.result.map { ValueFormatter.format(record, at: signature.resultOffset, as: $0) }
    }

    func text(mockName: String) -> String { "\(mockName)(\(formattedArguments.joined(separator: ", ")))" }
}
