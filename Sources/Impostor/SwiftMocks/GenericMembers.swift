// The parts of a generic member that a reference cannot spell: `@Mockable` records the values
// of a generic method's own type parameters as `Any`, and casts its result back here.

/// The result of a generic member, answered as `Any`, as the type the caller asked for.
///
/// A stub that answered another type is reported at the call, naming the member and both
/// types, before the documented stop: returning a value of the wrong type is never done.
@_documentation(visibility: private)
public func _mockCast<T>(
    _ value: Any, to type: T.Type, member: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> T {
    if let value = value as? T { return value }
    ClosurePlaceholder.stop(
        FailureMessages.genericResultMismatch(
            member: member, produced: TypeMetadata.name(of: Swift.type(of: value)), expected: TypeMetadata.name(of: T.self)),
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
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
