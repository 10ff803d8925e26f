// The statements shared by every member: record the call and answer it, or make its prototype.
// A static member (and an initializer) records on the mock type's `StaticMock`, held in a
// local whose name no parameter takes.

extension CallShape {
    /// `self`, or the local holding the type's static mock.
    var owner: String {
        guard isStatic else { return "self" }
        var name = "mock"
        while parameters.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// `let mock = Impostor.StaticMock._of(Self.self)` for a static member.
    private var ownerLines: [String] {
        isStatic ? ["let \(owner) = \(RuntimeNames.staticMock)(Self.self)"] : []
    }

    /// The body of the member: records the arguments and answers; `returns` is false for an
    /// initializer, whose call answers nothing.
    func recordingBody(returns: Bool = true) -> [String] {
        let arguments = parameters.isEmpty ? "" : ", args: " + parameters.map(\.recordedValue).joined(separator: ", ")
        var expression = "\(owner).\(RuntimeNames.call)(\(reference(on: owner))\(arguments))"
        if let castResult {
            expression = "\(RuntimeNames.mockCast)(\(expression), to: (\(castResult)).self, member: \"\(name)\")"
        }
        let effects = (failure == "Never" ? "" : "try ") + (isAsync ? "await " : "")
        // Lines before the call leave it no longer the body's only expression.
        let lead = returns && (isStatic || parameters.contains { $0.inoutBox != nil }) ? "return " : ""
        return ownerLines + parameters.flatMap(\.inoutLines) + [lead + effects + expression]
    }

    /// `Impostor.CallPrototype(<reference>, id, title)` for the matchers given.
    func prototypeExpression(matchers: [String]) -> String {
        let tail = matchers.isEmpty ? "" : ", " + matchers.joined(separator: ", ")
        return "\(RuntimeNames.callPrototype)(\(reference(on: owner))\(tail))"
    }

    /// The body of a `$member` returning `expression`, after the static mock's local if any.
    func prototypeBody(_ expression: String) -> [String] {
        isStatic ? ownerLines + ["return " + expression] : [expression]
    }

    /// The `$member`'s parameters: one matcher per argument, any value by default.
    var matcherParameters: String {
        parameters.map {
            var parameter = $0
            parameter.label = parameter.label ?? "_"
            return parameter.declaration(ofType: "\(RuntimeNames.matcher)<\(parameter.matchedType)> = \(RuntimeNames.anyMatcher)")
        }.joined(separator: ", ")
    }

    /// The matchers' names, as the prototype passes them on.
    var matcherNames: [String] { parameters.map(\.matcherExpression) }
}

/// Indents each line of `lines` by `level` steps of four spaces, and joins them.
func indented(_ lines: [String], _ level: Int = 1) -> String {
    let pad = String(repeating: "    ", count: level)
    return lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        .map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
}

/// A declaration with a body: `header {`, the body indented, `}`.
func block(_ header: String, _ body: [String]) -> String {
    "\(header) {\n\(indented(body))\n}"
}
