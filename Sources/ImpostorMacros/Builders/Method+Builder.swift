extension Method {
    /// The implementation, which records the call, and its `$` prototype.
    func declarations(access: String) -> [String] {
        let staticWord = call.isStatic ? "static " : ""
        let parameters = call.parameters.map { $0.declaration(ofType: $0.declaredType) }.joined(separator: ", ")
        let implementation = block(
            "\(attributes)\(access)\(staticWord)func \(name)\(genericClause)(\(parameters))\(effects)\(returnClause)\(whereClause)",
            call.recordingBody())
        let prototype = block(
            "@discardableResult\n\(access)nonisolated \(staticWord)func $\(TypeText.unquoted(name))(\(call.matcherParameters)) -> \(call.prototypeType)",
            call.prototypeBody(call.prototypeExpression(matchers: call.matcherNames)))
        return [implementation, prototype]
    }
}
