/// Answers built from blocks typed by a Swift member: the arguments are read back as the
/// member's own parameter types, which the compiler already matched to the block's.
@usableFromInline
enum SwiftTypedAnswers {
    @inlinable
    static func answer<each Argument, Result>(
        _ body: @escaping (repeat each Argument) throws -> Result
    ) -> SwiftAnswer {
        SwiftAnswer(typed: body) { call in
            var cursor = 0
            return try body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        }
    }

    @inlinable
    static func asyncAnswer<each Argument, Result>(
        _ body: @escaping (repeat each Argument) async throws -> Result
    ) -> SwiftAnswer {
        SwiftAnswer(asyncTyped: body, { call in
            var cursor = 0
            return try await body(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        })
    }

    /// The member's parameter types, for the check made when a stub is made (which also
    /// refuses an `async` block on a member that is not `async`).
    @inlinable
    static func types<each Argument>(_ types: repeat (each Argument).Type) -> [Any.Type] {
        var all: [Any.Type] = []
        repeat all.append(each types)
        return all
    }
}
