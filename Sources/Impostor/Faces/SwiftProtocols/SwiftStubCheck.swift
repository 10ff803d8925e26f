/// What is checked when a stub is made for a Swift mock's member, so that no answer can fail at
/// call time: the block's parameter types, `async` only for `async` members, and errors only
/// for members that can throw them.
enum SwiftStubCheck {
    /// Why `answer` cannot answer `member`'s calls, or nil.
    static func problem(_ member: SwiftMember, answer: SwiftAnswer, blockTypes: [Any.Type], throwing error: (any Error)?) -> String? {
        if !blockTypes.isEmpty, blockTypes.count != member.parameterTypes.count
            || !zip(blockTypes, member.parameterTypes).allSatisfy({ $0 == $1 }) {
            return FailureMessages.stubBlockParameters(
                block: blockTypes.map(TypeMetadata.name(of:)), mock: member.name,
                parameters: member.parameterTypes.map(TypeMetadata.name(of:)))
                + inoutHint(member, blockTypes: blockTypes)
        }
        if answer.isAsync, !member.isAsync {
            return FailureMessages.swiftAsyncAnswerOnSyncMember(
                "stub", mock: member.name, unstatedReference: member.asyncUnstated ? member.memberName : nil)
        }
        if let error, !canThrow(error, member) {
            return FailureMessages.swiftThrowOnNonThrowingMember(
                "stub", mock: member.name, error: ValueFormatter.describeSwiftValue(error), failure: TypeMetadata.name(of: member.failureType))
        }
        return nil
    }

    /// Why a block with these parameter types cannot take `member`'s arguments, or nil.
    static func blockProblem(_ member: SwiftMember, blockTypes: [Any.Type]) -> String? {
        guard !blockTypes.isEmpty, blockTypes.count != member.parameterTypes.count
            || !zip(blockTypes, member.parameterTypes).allSatisfy({ $0 == $1 }) else { return nil }
        return FailureMessages.performBlockParameters(
            block: blockTypes.map(TypeMetadata.name(of:)), mock: member.name, parameters: member.parameterTypes.map(TypeMetadata.name(of:)))
            + inoutHint(member, blockTypes: blockTypes)
    }

    /// How to take an `inout` argument, when the block took its value instead (Swift accepts
    /// a block declared `inout` there, and would drop what it writes); else nothing.
    private static func inoutHint(_ member: SwiftMember, blockTypes: [Any.Type]) -> String {
        for (block, parameter) in zip(blockTypes, member.parameterTypes) {
            if let box = parameter as? any InoutArgumentBox.Type, box.valueType == block {
                return FailureMessages.inoutBlockParameter(value: TypeMetadata.name(of: block), box: TypeMetadata.name(of: parameter))
            }
        }
        return ""
    }

    /// True when `member` may throw `error`: it throws `any Error`, or `error`'s own type.
    static func canThrow(_ error: any Error, _ member: SwiftMember) -> Bool {
        if member.failureType == Never.self { return false }
        if member.failureType == (any Error).self { return true }
        return type(of: error) == member.failureType
    }
}
