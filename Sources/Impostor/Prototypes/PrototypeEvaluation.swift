/// Turns prototypes such as `add(any(), 5)` into ``CallPattern``s.
///
/// Each prototype is evaluated in recording mode in two rounds (three when a `Bool` matcher is
/// involved), with fresh sentinels each round (see ``Sentinel``). An argument equal to matcher
/// `k`'s sentinel in every round is bound to matcher `k`; every other argument is a literal,
/// compared as C compares values (a `const char *` literal by its text). Anything that cannot
/// be bound is reported at the line it concerns, and no pattern is made.
enum PrototypeEvaluation {
    /// How many mock calls each prototype must make.
    enum Shape {
        /// `stub(add(1, 2))`, `stub(a(1), b(2))`: exactly one call per prototype.
        case oneCallEach
        /// `stub { a(1); b(2) }`: one or more calls.
        case group
    }

    /// The patterns of prototypes number 0..<count (`prototype(i)` evaluates number i), or nil
    /// after reporting why there are none. `purpose` is the API in use (`stub`, `verify`).
    static func patterns(
        count: Int, shape: Shape, purpose: String, site: SourceSite, _ prototype: (Int) -> Void
    ) -> [any BoundPattern]? {
        if PrototypeRecorder.isRecording {
            // The outer prototype runs in several rounds: report the nesting once.
            if MatcherRecorder.current.round == 0 {
                FailureReporter.report(ImpostorFailure(message: FailureMessages.nestedPrototype(purpose), site: site))
            }
            return nil
        }
        MatcherRecorder.reportLeftovers()
        defer { MatcherRecorder.current.round = 0 }

        var patterns: [any BoundPattern] = []
        for index in 0..<count {
            switch evaluate({ prototype(index) }, shape: shape, purpose: purpose, site: site) {
            case .success(let found): patterns += found
            case .failure(let failure):
                FailureReporter.report(failure)
                return nil
            }
        }
        return patterns
    }

    /// The mock `prototype` evaluates to, when it is a mock itself rather than a call to one
    /// (`ignoring(logger)`); nil otherwise, with nothing reported and no matchers left over.
    static func wholeMock<Result>(_ prototype: () throws -> Result) -> Interceptor? {
        wholeMockValue(prototype).flatMap { MockRegistry.interceptor(of: $0) }
    }

    /// The same for a Swift mock: the mock itself, for `ignoring(service)`.
    static func wholeSwiftMock<Result>(_ prototype: () throws -> Result) -> (any Mocking)? {
        wholeMockValue(prototype) as? any Mocking
    }

    /// The prototype's value when evaluating it calls no mock (it is a mock itself).
    private static func wholeMockValue<Result>(_ prototype: () throws -> Result) -> Any? {
        guard !PrototypeRecorder.isRecording else { return nil }
        MatcherRecorder.reportLeftovers()
        let recorder = PrototypeRecorder()
        var value: Result?
        // In recording mode, so a call to a mock in the prototype is captured, not made.
        recorder.recording { value = try? prototype() }
        _ = MatcherRecorder.current.takeAll()
        MatcherRecorder.current.round = 0
        guard recorder.calls.isEmpty, let value else { return nil }
        return value
    }

    private static func evaluate(
        _ prototype: () -> Void, shape: Shape, purpose: String, site: SourceSite
    ) -> Result<[any BoundPattern], ImpostorFailure> {
        func failure(_ message: String, at place: SourceSite = site) -> Result<[any BoundPattern], ImpostorFailure> {
            .failure(ImpostorFailure(message: message, site: place))
        }
        var rounds: [[PrototypeRecorder.CapturedCall]] = []
        var roundCount = 2
        var round = 0
        while round < roundCount {
            MatcherRecorder.current.round = round
            let recorder = PrototypeRecorder()
            recorder.recording(prototype)
            let stray = MatcherRecorder.current.takeAll()
            if let error = recorder.thrown {
                return failure(FailureMessages.prototypeThrew(purpose, error: ValueFormatter.describeSwiftValue(error)))
            }
            if let matcher = stray.first {
                return failure(FailureMessages.matcherNotPassedToMock(matcher.description, purpose: purpose), at: matcher.site)
            }
            let calls = recorder.calls
            if let member = recorder.returnedMember {
                return failure(FailureMessages.swiftMemberAsCall(purpose, mock: member.name, failure: TypeMetadata.name(of: member.failure)))
            }
            if calls.isEmpty {
                if let mock = recorder.returnedMock { return failure(FailureMessages.prototypeIsTheMock(purpose, mock: mock)) }
                return failure(FailureMessages.prototypeCallsNoMock(purpose))
            }
            if shape == .oneCallEach, calls.count > 1 {
                return failure(FailureMessages.prototypeCallsSeveralMocks(purpose, names: calls.map(\.name)))
            }
            if round == 0 {
                let boolMatchers = calls.flatMap(\.matchers).filter { $0.valueType == Bool.self }
                if !boolMatchers.isEmpty { roundCount = 3 }
                if boolMatchers.count > Sentinel.maximumBoolMatchers {
                    return failure(FailureMessages.tooManyBoolMatchers(maximum: Sentinel.maximumBoolMatchers), at: boolMatchers[0].site)
                }
            } else if !sameShape(calls, rounds[0]) {
                return failure(FailureMessages.prototypeNotRepeatable(purpose))
            }
            rounds.append(calls)
            round += 1
        }
        var patterns: [any BoundPattern] = []
        for index in rounds[0].indices {
            let call = rounds.map { $0[index] }
            switch call[0].callee.bind(call, purpose: purpose, site: site) {
            case .success(let pattern): patterns.append(pattern)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(patterns)
    }

    private static func sameShape(_ a: [PrototypeRecorder.CapturedCall], _ b: [PrototypeRecorder.CapturedCall]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.mock == $1.mock && $0.matchers.count == $1.matchers.count }
    }

    /// One round's capture of a C mock's call: its arguments and the matchers pushed before it.
    struct FunctionRound {
        let callee: FunctionCallee
        let matchers: [RecordedMatcher]
        var arguments: [[UInt8]] { callee.arguments }
        var texts: [Int: String?] { callee.texts }
    }

    /// Binds the matchers of one call to `interceptor`'s mock, seen in every round, to its
    /// arguments.
    static func bind(
        _ rounds: [FunctionRound], of interceptor: Interceptor, purpose: String, site: SourceSite
    ) -> Result<CallPattern, ImpostorFailure> {
        let first = rounds[0]
        let signature = interceptor.signature
        var arguments: [ArgumentMatcher] = []
        var boundMatchers = Set<Int>()
        // Reported after unbound matchers: a matcher computed with makes its argument change
        // between rounds too, and "did not reach the argument" says what went wrong.
        var literalFailure: ImpostorFailure?
        for (index, parameter) in signature.parameters.enumerated() {
            let sentinelLeaves = parameter.sentinelLeaves
            let equalToSentinel = first.matchers.indices.filter { matcher in
                rounds.allSatisfy { call in
                    call.matchers[matcher].sentinel.count == parameter.size
                        && call.arguments[index].withUnsafeBytes { argument in
                            ArgumentView(address: argument.baseAddress!)
                                .hasSameBits(as: call.matchers[matcher].sentinel, leaves: sentinelLeaves)
                        }
                }
            }
            // Only a matcher of the parameter's type can be its argument; a placeholder of
            // another type that happens to have the same bits (a UInt8 and a Bool) is not it.
            let candidates = equalToSentinel.filter { compatible(first.matchers[$0].valueType, with: parameter) }
            if candidates.count > 1 {
                return .failure(ImpostorFailure(
                    message: FailureMessages.ambiguousArgument(mock: interceptor.name, position: index + 1, type: parameter.name),
                    site: first.matchers[candidates[0]].site))
            }
            if candidates.isEmpty, let mismatched = equalToSentinel.first {
                let matcher = first.matchers[mismatched]
                return .failure(ImpostorFailure(
                    message: FailureMessages.matcherTypeMismatch(
                        matcher.description, matcherType: TypeMetadata.name(of: matcher.valueType),
                        mock: interceptor.name, position: index + 1, parameterType: parameter.name),
                    site: matcher.site))
            }
            if let matcherIndex = candidates.first {
                let matcher = first.matchers[matcherIndex]
                boundMatchers.insert(matcherIndex)
                if matcher.pointerReading != nil,
                   let message = captureProblem(matcher.description, reading: matcher.pointerReading, at: index, of: interceptor, purpose: purpose) {
                    return .failure(ImpostorFailure(message: message, site: matcher.site))
                }
                if let literal = matcher.literal, matcher.valueType == parameter.swiftType, matcher.onMatch == nil {
                    arguments.append(.literal(literal.bytes, leaves: parameter.leaves, text: matcher.description))
                } else {
                    arguments.append(matcher.isAny ? .any(matcher) : .test(matcher))
                }
            } else {
                if literalFailure == nil {
                    literalFailure = literalProblem(rounds, at: index, of: interceptor, purpose: purpose, site: site)
                }
                arguments.append(literal(first.arguments[index], text: first.texts[index] ?? nil, parameter: parameter, site: site))
            }
        }
        if let unbound = first.matchers.indices.first(where: { !boundMatchers.contains($0) }) {
            let matcher = first.matchers[unbound]
            return .failure(ImpostorFailure(
                message: FailureMessages.matcherNotBound(matcher.description, mock: interceptor.name, purpose: purpose),
                site: matcher.site))
        }
        if let literalFailure { return .failure(literalFailure) }
        return .success(CallPattern(interceptor: interceptor, arguments: arguments, site: site, purpose: purpose))
    }

    /// A matcher of type `T` fits a parameter of type `T`, and any pointer fits any pointer
    /// parameter (Swift converts pointer arguments implicitly).
    private static func compatible(_ type: Any.Type, with parameter: CValueType) -> Bool {
        if type == parameter.swiftType { return true }
        guard parameter.representation == .pointer else { return false }
        return (try? CTypeClassifier.scalarRepresentation(of: type))?.representation == .pointer
    }

    /// A literal argument. A `const char *` or `const unsigned char *` literal is compared by
    /// its text: the pointer Swift passed for a string literal is a temporary.
    private static func literal(_ bytes: [UInt8], text: String?, parameter: CValueType, site: SourceSite) -> ArgumentMatcher {
        guard parameter.pointer.isConstText else {
            let text = ValueFormatter.format(CallRecord(stamp: 0, thread: 0, payload: bytes), at: 0, as: parameter)
            return .literal(bytes, leaves: parameter.leaves, text: text)
        }
        let matcher: Matcher<UnsafeRawPointer?> = text.map { cStringMatcher(equalTo: $0, describedAs: ValueFormatter.quoted($0)) }
            ?? Matcher("nil") { $0 == nil }
        return .test(RecordedMatcher(matcher, sentinel: nil, site: site))
    }

    /// Why a matcher that reads through pointer argument `index` cannot be checked against what
    /// the mock copies from it, or nil.
    private static func captureProblem(
        _ matcher: String, reading: PointerReading?, at index: Int, of interceptor: Interceptor, purpose: String
    ) -> String? {
        guard let reading else { return nil }
        let plan = interceptor.capturePlan
        let parameter = interceptor.signature.parameters[index]
        if plan.undecided[index], case .textUpTo(let length) = plan.rules[index] {
            return FailureMessages.matcherNeedsDecision(
                matcher, purpose: purpose, mock: interceptor.name, position: index, type: parameter.name,
                lengthPosition: length.index, lengthType: interceptor.signature.parameters[length.index].name,
                tableField: interceptor.face?.tableField)
        }
        guard reading.isSatisfied(by: plan.rules[index]) else {
            return FailureMessages.matcherNeedsCapture(
                matcher, purpose: purpose, mock: interceptor.name, position: index, type: parameter.name, tableField: interceptor.face?.tableField)
        }
        return nil
    }

    /// Why a literal argument cannot be used, or nil: its value changed between rounds (a
    /// temporary pointer, or a side effect), it is the placeholder of a matcher written outside
    /// the prototype, or it is text where the mock copies none.
    private static func literalProblem(
        _ rounds: [FunctionRound], at index: Int, of interceptor: Interceptor, purpose: String, site: SourceSite
    ) -> ImpostorFailure? {
        let parameter = interceptor.signature.parameters[index]
        let first = rounds[0]
        if parameter.pointer.isConstText, let text = first.texts[index] {
            guard let text else { return nil }   // NULL: compared as a pointer
            return captureProblem(ValueFormatter.quoted(text), reading: textReading, at: index, of: interceptor, purpose: purpose)
                .map { ImpostorFailure(message: $0, site: site) }
        }
        let leaves = parameter.sentinelLeaves
        let changed = rounds.dropFirst().contains { call in
            call.arguments[index].withUnsafeBytes { ArgumentView(address: $0.baseAddress!).hasSameBits(as: first.arguments[index], leaves: leaves) } == false
        }
        if changed {
            return ImpostorFailure(
                message: FailureMessages.literalChanged(
                    purpose, mock: interceptor.name, position: index + 1, type: parameter.name,
                    isPointer: parameter.representation == .pointer),
                site: site)
        }
        if let stale = MatcherRecorder.current.stalePlaceholder(matching: first.arguments[index], of: parameter.swiftType) {
            return ImpostorFailure(
                message: FailureMessages.stalePlaceholder(
                    stale.description, createdAt: stale.site, purpose: purpose, mock: interceptor.name, position: index + 1),
                site: site)
        }
        return nil
    }
}
