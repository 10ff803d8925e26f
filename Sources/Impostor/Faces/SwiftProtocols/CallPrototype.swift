/// A call of one member of a Swift mock with a matcher per argument: what a generated mock's
/// `$member(...)` returns, for `stub`, `verify`, `when` and expectations.
///
/// ```swift
/// stub(albums.$getAlbum(id: eq(id))).with { (id: UUID) in Album(id: id, title: "Blue") }
/// verify(.once, albums.$getAlbum(id: any()))
/// ```
///
/// Written as a step of `verifyInOrder { }` or of a grouped `stub { }` / `verify { }`, it is
/// that step. Its `Argument`, `Result` and `Failure` are the member's, so a stub's block and
/// values are checked by the compiler against the member.
public struct CallPrototype<each Argument, Result, Failure: Error> {
    let member: SwiftMember
    let arguments: [SwiftArgumentMatcher]
    let site: SourceSite

    /// The calls of `reference` that `matchers` accept, one matcher per argument.
    public init(
        _ reference: MockReference<repeat each Argument, Result, Failure>, _ matchers: repeat Matcher<each Argument>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        var arguments: [SwiftArgumentMatcher] = []
        repeat arguments.append(SwiftArgumentMatcher(each matchers))
        MatcherRecorder.reportLeftovers()
        self.member = reference.member
        self.arguments = arguments
        self.site = site
        // Inside a block of steps, writing the prototype is the step.
        PrototypeRecorder.active?.capture(pattern(at: site))
    }

    /// The pattern, reported at `site` (the `stub` or `verify` that uses it).
    func pattern(at site: SourceSite) -> SwiftCallPattern {
        SwiftCallPattern(member: member, arguments: arguments, site: site)
    }

    /// The pattern as stub and verify bind it, after the mock's pending failures are shown.
    func bound(at site: SourceSite) -> SwiftCallPattern {
        FailureReporter.flush(member.pendingFailures)
        return pattern(at: site)
    }
}

extension CallPrototype: CustomStringConvertible {
    /// `albums.getAlbum(any())`, as messages show the call.
    public var description: String { pattern(at: site).description }
}

/// The calls a generated mock's prototype accepts, oldest first, as ``Invocation``s: arguments
/// with `argument(_:as:)`, the result with `returnValue(as:)` (MockingKit's `calls(to:)`).
///
/// ```swift
/// let calls = invocations(of: converter.$convert(any()))
/// #expect(calls.first?.argument(0, as: String.self) == "olleH")
/// ```
public func invocations<each Argument, Result, Failure: Error>(
    of prototype: CallPrototype<repeat each Argument, Result, Failure>
) -> [Invocation] {
    let pattern = prototype.pattern(at: prototype.site)
    return prototype.member.invocations(where: { pattern.matches($0) })
}
