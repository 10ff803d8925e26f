extension Initializer {
    /// The initializer, which makes the mock and records the call on the mock type, and its
    /// static prototype `$init(...)`. They go in an extension for `_MockConstructible` types.
    func declarations(access: String) -> [String] {
        let parameters = call.parameters.map { $0.declaration(ofType: $0.declaredType) }.joined(separator: ", ")
        let implementation = block(
            "\(attributes)\(access)init\(optionalMark)\(genericClause)(\(parameters))\(effects)\(whereClause)",
            ["self.init(named: nil)"] + call.recordingBody(returns: false))
        let prototype = block(
            "@discardableResult\n\(access)nonisolated static func $init(\(call.matcherParameters)) -> \(call.prototypeType)",
            call.prototypeBody(call.prototypeExpression(matchers: call.matcherNames)))
        return [implementation, prototype]
    }
}
