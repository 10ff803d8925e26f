/// One argument matcher of a Swift mock's call pattern, type-erased: tests an argument kept as
/// `Any` by casting it to the matcher's own type (a different type never matches).
struct SwiftArgumentMatcher: @unchecked Sendable {
    // @unchecked: the predicate is the user's matcher, run on whichever thread calls the mock.
    let description: String
    let isAny: Bool
    let valueType: Any.Type
    let test: (Any) -> Bool
    /// Argument captors: handed the argument of a call that matched.
    let onMatch: ((Any) -> Void)?
    /// The matcher's test on its own type (a ``TypedArgumentTest``), for stub tables and the
    /// verify scan; nil for a literal of a type other than the parameter's (an existential
    /// parameter), which is tested only through `test`.
    let typed: AnyObject?

    init<Value>(_ matcher: Matcher<Value>, onMatch: ((Any) -> Void)? = nil) {
        description = matcher.description
        isAny = matcher.isAny
        valueType = Value.self
        typed = TypedArgumentTest<Value>(isAny: matcher.isAny, test: matcher.test.value, literal: matcher.literal, equalTo: matcher.equalTo)
        test = { argument in
            guard let value = argument as? Value else { return false }
            return matcher.matches(value)
        }
        self.onMatch = onMatch
    }

    /// A literal argument of a prototype, compared with `==` when its type is Equatable.
    init?(literal value: Any, type: Any.Type) {
        guard let equatable = value as? any Equatable else { return nil }
        description = ValueFormatter.describeSwiftValue(value)
        isAny = false
        valueType = type
        test = { argument in SwiftArgumentMatcher.equal(equatable, argument) }
        onMatch = nil
        // The argument is read as the literal's own type: only where that is the parameter's.
        typed = Swift.type(of: value) == type ? Self.typedLiteral(equatable) : nil
    }

    /// A literal's test on its own type, as `eq(value)` makes it: a prototype's `5` is `eq(5)`.
    private static func typedLiteral<E: Equatable>(_ value: E) -> AnyObject {
        TypedArgumentTest<E>(isAny: false, test: { $0 == value }, literal: LiteralValue(value), equalTo: value)
    }

    /// `lhs == rhs` when `rhs` has `lhs`'s type (the existential opened at run time).
    static func equal<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? E else { return false }
        return lhs == rhs
    }
}

/// A call to one member of a Swift mock with a matcher for each argument: what a stub answers,
/// a verify counts and an expectation takes. The Swift counterpart of ``CallPattern``.
final class SwiftCallPattern: Sendable {
    let member: SwiftMember
    let arguments: [SwiftArgumentMatcher]
    let site: SourceSite

    init(member: SwiftMember, arguments: [SwiftArgumentMatcher], site: SourceSite) {
        self.member = member
        self.arguments = arguments
        self.site = site
    }

    func matches(_ values: [Any]) -> Bool {
        guard values.count == arguments.count else { return false }
        for index in arguments.indices where !arguments[index].isAny && !arguments[index].test(values[index]) { return false }
        return true
    }

    /// Hands a matching call's arguments to the captors among the matchers.
    func capture(_ values: [Any]) {
        for (index, argument) in arguments.enumerated() { argument.onMatch?(values[index]) }
    }

    /// `printer.print("Hello!")`, `albums.getAlbum(id: any())`, `settings.volume = eq(3)`.
    var description: String {
        SwiftCallText.call(member.name, member.argumentLabels.apply(to: arguments.map(\.description)), accessor: member.accessor)
    }

    /// For each argument that does not match: `argument 1: expected "Hello!", got "Bye"`, or
    /// `argument 1 (path): …` for a labelled one.
    func mismatches(_ values: [Any]) -> [String] {
        // A setter's last argument is the value set, which the call site writes after `=`.
        let newValue = member.accessor == .setter ? arguments.count - 1 : nil
        return arguments.indices.compactMap { index in
            guard index < values.count, !arguments[index].test(values[index]) else { return nil }
            return FailureMessages.argumentMismatch(
                position: index + 1, label: member.argumentLabels.label(at: index) ?? (index == newValue ? FailureMessages.newValueLabel : nil),
                expected: arguments[index].description, got: ValueFormatter.describeSwiftValue(values[index]))
        }
    }
}
