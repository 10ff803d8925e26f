// The parts of a generic member that a reference cannot spell: `@Mockable` records the values
// of a generic method's own type parameters as `Any`, and casts its result back here.

/// The result of a generic member, answered as `Any`, as the type the caller asked for.
///
/// An unanswered call returns the default of the caller's type (`[]`, zero, nil), or stops as
/// any unanswered call whose result has no default does. A stub that answered another type is
/// reported at the call, naming the member and both types, before the documented stop:
/// returning a value of the wrong type is never done.
@_documentation(visibility: private)
public func _mockCast<T>(
    _ value: Any, to type: T.Type, member: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    if let value = value as? T { return value }
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // Nothing answered: the erased result is the default of `Any`, nil. The caller's type has
    // its own default (`[]`, zero, nil), as a member of that type would give.
    if isNil(value) {
        if let made = SwiftDefaults.maker(T.self)?() as? T { return made }
        FailedClosureMock.stop(FailureMessages.noSwiftDefault(mock: member, result: TypeMetadata.name(of: T.self)), site: site)
    }
    FailedClosureMock.stop(
        FailureMessages.genericResultMismatch(
            member: member, produced: TypeMetadata.name(of: Swift.type(of: value)), expected: TypeMetadata.name(of: T.self)),
        site: site)
}

/// True for an Optional holding nothing, boxed as `Any`.
private func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
}

extension Matcher {
    /// This matcher, for an argument a generic member records as `Any`: it matches a value of
    /// this matcher's type that it accepts, and nothing of another type.
    public var erased: Matcher<Any> {
        if isAny { return Matcher<Any>(test: .any, description: description) }
        return Matcher<Any>(description) { value in
            guard let value = value as? Value else { return false }
            return self.matches(value)
        }
    }
}
