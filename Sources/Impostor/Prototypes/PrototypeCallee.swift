/// A mock a prototype called, with the call's arguments as its kind of mock captured them: what
/// binding makes the call's pattern from. Each kind binds its own (a C mock's arguments are
/// bytes compared with the matchers' placeholders, a Swift member's are values).
protocol PrototypeCallee {
    var mockName: String { get }
    /// Which mock was called, to compare rounds.
    var mock: ObjectIdentifier { get }
    /// Binds the call, as every round of the evaluation captured it (`rounds`, this one's
    /// first, each on this mock), to its pattern.
    func bind(_ rounds: [PrototypeRecorder.CapturedCall], purpose: String, site: SourceSite) -> Result<any BoundPattern, ImpostorFailure>
}

/// A C mock's call inside a prototype.
struct FunctionCallee: PrototypeCallee {
    let interceptor: Interceptor
    /// Each argument's bytes.
    let arguments: [[UInt8]]
    /// The text of each `const char *` / `const unsigned char *` argument, read during the
    /// call: the pointer Swift passes for a string literal is only valid until it returns.
    let texts: [Int: String?]

    var mockName: String { interceptor.name }
    var mock: ObjectIdentifier { ObjectIdentifier(interceptor) }

    func bind(_ rounds: [PrototypeRecorder.CapturedCall], purpose: String, site: SourceSite) -> Result<any BoundPattern, ImpostorFailure> {
        // Every round called this mock (the evaluation compared them), so each is a C call.
        let calls = rounds.compactMap { round in
            (round.callee as? FunctionCallee).map { PrototypeEvaluation.FunctionRound(callee: $0, matchers: round.matchers) }
        }
        return PrototypeEvaluation.bind(calls, of: interceptor, purpose: purpose, site: site).map { $0 }
    }
}
