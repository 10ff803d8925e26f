/// What the closure a Swift closure "mock" hands out does when called: the type could not be
/// mocked (that was reported where it was asked for), so each call reports again, at that
/// place, and returns a default value of the result type.
enum FailedClosureMock {
    static func answer<Result>(_ type: Result.Type, mock name: String, site: SourceSite) -> Result {
        guard let (value, description) = defaultValue(Result.self) else {
            stop(FailureMessages.noDefaultForFailedMock(name, result: TypeMetadata.name(of: Result.self)), site: site)
        }
        FailureReporter.report(ImpostorFailure(message: FailureMessages.callToFailedMock(name, returned: description), site: site))
        return value
    }

    /// A value of `Result` made from nothing, and how a message says it: nil, zero, or empty.
    /// Optionals are tested first: the zero bits of `Int?` are `.some(0)`, not `nil`.
    static func defaultValue<Result>(_ type: Result.Type) -> (Result, String)? {
        if Result.self == Void.self { return (TrivialValue.zero(Result.self), "nothing") }
        if Result.self == Never.self { return nil }
        if let optional = Result.self as? any ExpressibleByNilLiteral.Type, let value = optional.init(nilLiteral: ()) as? Result {
            return (value, "nil")
        }
        if _isPOD(Result.self) { return (TrivialValue.zero(Result.self), "zero") }
        let name = TypeMetadata.name(of: Result.self)
        if let value = emptyLiteral(Result.self) { return (value, "an empty \(name)") }
        return nil
    }

    /// `[]`, `[:]` or `""` as a `Result`, when it can be written as one of those literals.
    private static func emptyLiteral<Result>(_ type: Result.Type) -> Result? {
        func array<T: ExpressibleByArrayLiteral>(_: T.Type) -> T { [] }
        func dictionary<T: ExpressibleByDictionaryLiteral>(_: T.Type) -> T { [:] }
        func string<T: ExpressibleByStringLiteral>(_: T.Type) -> T { "" }
        if let literal = Result.self as? any ExpressibleByArrayLiteral.Type { return array(literal) as? Result }
        if let literal = Result.self as? any ExpressibleByDictionaryLiteral.Type { return dictionary(literal) as? Result }
        if let literal = Result.self as? any ExpressibleByStringLiteral.Type { return string(literal) as? Result }
        return nil
    }

    /// Stops the process after printing `message` with the place it concerns: used only where
    /// no value could be returned and no failure could be reported instead.
    static func stop(_ message: String, site: SourceSite) -> Never {
        StandardError.write("Impostor: \(site): \(message)\n")
        preconditionFailure(message)
    }
}
