// MARK: Matchers on Swift values

extension FailureMessages {
    /// The description of `eq(value)` on a value that has no equality to use: it never
    /// matches, and a failed verify shows this.
    static func notEquatable(_ value: String, type: String) -> String {
        "eq(\(value)) (\(type) is not Equatable: use identical(_:), has(_:_:) or a Matcher)"
    }
}
