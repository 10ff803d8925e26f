// Binding a prototype's call to a Swift mock's member: as for C mocks, an argument that is a
// matcher's placeholder in every round gets that matcher, and any other argument is a literal,
// compared with `==`.

/// A Swift member's call inside a prototype: the arguments as passed, or the pattern itself when
/// written in the matcher form (`ref.called(eq(x))`), bound already.
struct MemberCallee: PrototypeCallee {
    let member: SwiftMember
    let values: [Any]
    var pattern: SwiftCallPattern? = nil

    var mockName: String { member.name }
    var mock: ObjectIdentifier { ObjectIdentifier(member) }

    func bind(_ rounds: [PrototypeRecorder.CapturedCall], purpose: String, site: SourceSite) -> Result<any BoundPattern, ImpostorFailure> {
        if let pattern { return .success(pattern) }
        // Every round called this member (the evaluation compared them).
        let calls = rounds.compactMap { round in (round.callee as? MemberCallee).map { (values: $0.values, matchers: round.matchers) } }
        return PrototypeEvaluation.bindSwift(calls, of: member, purpose: purpose, site: site).map { $0 }
    }
}

extension PrototypeEvaluation {
    static func bindSwift(
        _ rounds: [(values: [Any], matchers: [RecordedMatcher])], of member: SwiftMember, purpose: String, site: SourceSite
    ) -> Result<SwiftCallPattern, ImpostorFailure> {
        let first = rounds[0]
        var arguments: [SwiftArgumentMatcher] = []
        var bound = Set<Int>()
        for (index, type) in member.parameterTypes.enumerated() {
            let placeholders = first.matchers.indices.filter { matcher in
                rounds.allSatisfy { $0.matchers[matcher].isPlaceholder($0.values[index]) }
            }
            if placeholders.count > 1 {
                return .failure(ImpostorFailure(
                    message: FailureMessages.ambiguousArgument(mock: member.name, position: index + 1, type: TypeMetadata.name(of: type)),
                    site: first.matchers[placeholders[0]].site))
            }
            if let matcherIndex = placeholders.first {
                let matcher = first.matchers[matcherIndex]
                guard matcher.valueType == type else {
                    return .failure(ImpostorFailure(
                        message: FailureMessages.matcherTypeMismatch(
                            matcher.description, matcherType: TypeMetadata.name(of: matcher.valueType), mock: member.name,
                            position: index + 1, parameterType: TypeMetadata.name(of: type)),
                        site: matcher.site))
                }
                if matcher.onMatch != nil {
                    return .failure(ImpostorFailure(
                        message: FailureMessages.swiftCaptorOnValue(matcher.description, mock: member.name), site: matcher.site))
                }
                bound.insert(matcherIndex)
                arguments.append(matcher.swift)
                continue
            }
            guard let literal = SwiftArgumentMatcher(literal: first.values[index], type: type) else {
                return .failure(ImpostorFailure(
                    message: FailureMessages.swiftLiteralNotEquatable(
                        purpose, mock: member.name, position: index + 1, type: TypeMetadata.name(of: type)),
                    site: site))
            }
            let changed = rounds.dropFirst().contains { !literal.test($0.values[index]) }
            if changed {
                return .failure(ImpostorFailure(
                    message: FailureMessages.literalChanged(
                        purpose, mock: member.name, position: index + 1, type: TypeMetadata.name(of: type), isPointer: false),
                    site: site))
            }
            arguments.append(literal)
        }
        if let unbound = first.matchers.indices.first(where: { !bound.contains($0) }) {
            let matcher = first.matchers[unbound]
            return .failure(ImpostorFailure(
                message: FailureMessages.matcherNotBound(matcher.description, mock: member.name, purpose: purpose), site: matcher.site))
        }
        return .success(SwiftCallPattern(member: member, arguments: arguments, site: site))
    }
}
