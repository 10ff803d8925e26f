/// A call in flight, as listings print it and matchers read it.
struct LiveCall {
    /// The C mock's interceptor or the Swift mock's member.
    let mock: AnyObject
    let name: String
    /// Each argument as it prints.
    let formatted: [String]
    /// `argument 2: expected 5, got 6` for each argument an expectation's pattern rejects.
    let mismatches: (Expectation) -> [String]
    /// A Swift member's call, which reads as Swift spells it (see `SwiftCallText`).
    let isSwift: Bool
    let accessor: SwiftAccessor?

    init(interceptor: Interceptor, frame: CallFrame, stamp: UInt64) {
        mock = interceptor
        name = interceptor.name
        isSwift = false
        accessor = nil
        let record = frame.record(stamp: stamp, thread: CallingThread.currentID)
        let formatted = Invocation(mockName: interceptor.name, signature: interceptor.signature, record: record).formattedArguments
        self.formatted = formatted
        // The frame is read only while the call is in flight: listings are made during it.
        mismatches = { expectation in
            expectation.pattern.map { CallListing.mismatches($0, slot: frame.slot, formatted: formatted) } ?? []
        }
    }

    init(member: SwiftMember, call: SwiftCall) {
        mock = member
        name = member.name
        isSwift = true
        accessor = member.accessor
        formatted = member.argumentLabels.apply(to: call.arguments.map { ValueFormatter.describeSwiftValue($0) })
        mismatches = { expectation in expectation.swiftPattern?.mismatches(call.arguments) ?? [] }
    }

    /// `subscriber one(0x00007f…, "goodbye")`, `settings.volume = 3`: no result, which is not
    /// known yet.
    var text: String { isSwift ? SwiftCallText.call(name, formatted, accessor: accessor) : "\(name)(\(formatted.joined(separator: ", ")))" }
}

/// How expectations read in messages.
enum ExpectationText {
    /// `subscriber one(any(), "hello")`, or `every call to logger`.
    static func call(_ expectation: Expectation) -> String {
        expectation.patternDescription ?? "every call to \(expectation.mock.name)"
    }

    /// `oneOf(add(1, any()))`, `ignoring(logger)`.
    static func declaration(_ expectation: Expectation) -> String {
        switch expectation.kind {
        case .expected(let cardinality): "\(cardinality.spelling == "oneOf" ? "oneOf" : cardinality.spelling + ".of")(\(call(expectation)))"
        case .allowed: "allowing(\(call(expectation)))"
        case .ignored: "ignoring(\(expectation.patternDescription ?? expectation.mock.name))"
        case .forbidden: "never(\(call(expectation)))"
        }
    }

    /// `expected once, never invoked`, `allowed, already invoked 2 times`, `forbidden`.
    static func status(_ expectation: Expectation) -> String {
        let invoked = expectation.count == 0
            ? "never invoked" : "already invoked \(expectation.count) time\(expectation.count == 1 ? "" : "s")"
        switch expectation.kind {
        case .expected(let cardinality):
            let phrase = cardinality.minimum == 1 && cardinality.maximum == 1 ? "once" : cardinality.description
            return "expected \(phrase), \(invoked)"
        case .allowed: return "allowed, \(invoked)"
        case .ignored: return "ignored, \(invoked)"
        case .forbidden: return "forbidden"
        }
    }

    /// ` -> 7`, ` will(setErrno(2), returnValue(-1))`, then `; when network is up`,
    /// `; then network becomes connected`, `; in sequence session`.
    static func clauses(_ expectation: Expectation) -> String {
        var text = ""
        if let actions = expectation.actions {
            text += actions.returns.map { " -> " + $0 } ?? " will(\(actions.description))"
        }
        if let condition = expectation.condition { text += "; when \(condition)" }
        if let change = expectation.change { text += "; then \(change)" }
        for sequence in expectation.sequences { text += "; in sequence \(sequence.name)" }
        return text
    }
}

/// The jMock-style listing under an unexpected call or a timed-out wait: every expectation
/// with its status, gMock's per-argument detail under the one nearest the call, the states,
/// and what happened before.
enum ExpectationListing {
    /// How many earlier calls "What happened before this" shows.
    static let historyLimit = 10

    static func render(
        expectations: [Expectation], call: LiveCall?, forbiddenBy: Expectation?, states: [String],
        history: (calls: [Invocation], earlier: Int)
    ) -> String {
        var lines: [String] = []
        let files = Set(expectations.map { fileName($0.site.fileID) })
        if expectations.isEmpty {
            lines.append("Expectations: none")
        } else {
            lines.append(files.count == 1 ? "Expectations (\(files.first!)):" : "Expectations:")
            let nearest = call.flatMap { nearestExpectation(expectations, to: $0, forbiddenBy: forbiddenBy) }
            let bodies = expectations.map { "  \(ExpectationText.status($0)): \(ExpectationText.call($0))\(ExpectationText.clauses($0))" }
            // Aligned on the lines that fit; a longer line just gets its place after it.
            let width = bodies.map(\.count).filter { $0 <= 72 }.max() ?? 0
            for (expectation, body) in zip(expectations, bodies) {
                let place = files.count == 1 ? "line \(expectation.site.line)" : "\(fileName(expectation.site.fileID)):\(expectation.site.line)"
                lines.append(body + String(repeating: " ", count: max(0, width - body.count)) + "   " + place)
                if let nearest, nearest.expectation === expectation {
                    lines += nearest.details.map { "    " + $0 }
                }
            }
        }
        if !states.isEmpty { lines.append("States: " + states.joined(separator: ", ")) }
        lines.append("What happened before this: " + describe(history))
        return lines.joined(separator: "\n")
    }

    /// `query(3) -> 7, query(4) -> 7`: the last few, after how many came before them.
    private static func describe(_ history: (calls: [Invocation], earlier: Int)) -> String {
        guard !history.calls.isEmpty else { return "nothing" }
        let shown = history.calls.map(\.description).joined(separator: ", ")
        let hidden = history.earlier
        return hidden == 0 ? shown : "… \(hidden) earlier call\(hidden == 1 ? "" : "s"), then " + shown
    }

    /// `PublisherTests.swift` from `ImpostorTests/PublisherTests.swift`.
    private static func fileName(_ fileID: String) -> String {
        fileID.split(separator: "/").last.map(String.init) ?? fileID
    }

    /// The expectation of the called mock that comes nearest to the call (a `never` that
    /// stopped it, else the fewest differing arguments, the first on ties), and why it did
    /// not take the call.
    private static func nearestExpectation(
        _ expectations: [Expectation], to call: LiveCall, forbiddenBy: Expectation?
    ) -> (expectation: Expectation, details: [String])? {
        if let forbiddenBy { return (forbiddenBy, ["matches, but it must never happen"]) }
        var best: (expectation: Expectation, mismatches: [String])?
        for expectation in expectations where expectation.mock === call.mock {
            let mismatches = call.mismatches(expectation)
            if best == nil || mismatches.count < best!.mismatches.count { best = (expectation, mismatches) }
        }
        guard let best else { return nil }
        if !best.mismatches.isEmpty { return (best.expectation, best.mismatches) }
        return (best.expectation, [whyNotTaken(best.expectation)])
    }

    /// Why an expectation whose arguments match did not take a call.
    private static func whyNotTaken(_ expectation: Expectation) -> String {
        if let condition = expectation.condition, !condition.holds {
            return "matches, but only when \(condition) (\(condition.states.name) is \(condition.states.machine.value))"
        }
        for sequence in expectation.sequences {
            switch sequence.track.blocker(for: expectation) {
            case .waitingFor(let earlier)?:
                return "matches, but out of sequence \(sequence.name): \(ExpectationText.call(earlier)) must come first"
            case .overtakenBy(let later)?:
                return "matches, but out of sequence \(sequence.name): \(ExpectationText.call(later)), a later step, already happened"
            case nil: continue
            }
        }
        return "matches, but it was expected \(expectation.cardinality) and already invoked \(expectation.count) time\(expectation.count == 1 ? "" : "s")"
    }
}
