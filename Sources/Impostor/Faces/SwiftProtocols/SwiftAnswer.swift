/// What a stub or registered result of a Swift mock does with a call: computes the result from
/// the arguments, or throws. Built from the user's typed block, so the block's own parameter
/// types decode the arguments.
@usableFromInline
struct SwiftAnswer: @unchecked Sendable {
    // @unchecked: the closures wrap the user's block, which runs on whichever thread or task
    // calls the mock, as stub blocks are documented to.

    @usableFromInline
    enum Body {
        case sync((SwiftCall) throws -> Any)
        case async((SwiftCall) async throws -> Any)
    }

    @usableFromInline let body: Body
    /// The block as written (a ``TypedAnswer``), for the typed entry point; nil for answers
    /// only the engine gives (values, errors, async or throwing blocks, `Invocation` blocks).
    @usableFromInline let typed: AnyObject?

    @usableFromInline
    init(_ body: @escaping (SwiftCall) throws -> Any) {
        self.body = .sync(body)
        typed = nil
    }

    /// An answer of `value` for every call, which the typed entry point returns directly.
    ///
    /// A static function, not an initializer: an initializer taking any value would also take
    /// a trailing closure meant as the body (`SwiftAnswer { call in … }`), which then answered
    /// with the closure itself.
    @usableFromInline
    static func constant<Result>(_ value: Result) -> SwiftAnswer {
        SwiftAnswer(body: .sync { _ in value }, typed: ConstantAnswer(value))
    }

    /// An answer that throws `error` for every call, which the typed entry point throws
    /// directly (as a block of nothing that throws).
    @usableFromInline
    static func throwing<Result>(_ error: any Error, as _: Result.Type) -> SwiftAnswer {
        SwiftAnswer(typed: { () throws -> Result in throw error }) { _ in throw error }
    }

    private init(body: Body, typed: AnyObject?) {
        self.body = body
        self.typed = typed
    }

    /// An answer the typed entry point may run directly, with `block` as the engine runs it.
    @usableFromInline
    init<each Argument, Result>(typed block: @escaping (repeat each Argument) throws -> Result, _ body: @escaping (SwiftCall) throws -> Any) {
        self.body = .sync(body)
        typed = TypedAnswer(block)
    }
    @usableFromInline
    init(async body: @escaping (SwiftCall) async throws -> Any) {
        self.body = .async(body)
        typed = nil
    }

    /// An `async` answer the typed entry point of an `async` member may run directly, with
    /// `body` as the engine runs it.
    @usableFromInline
    init<each Argument, Result>(
        asyncTyped block: @escaping (repeat each Argument) async throws -> Result, _ body: @escaping (SwiftCall) async throws -> Any
    ) {
        self.body = .async(body)
        typed = TypedAsyncAnswer(block)
    }

    var isAsync: Bool { if case .async = body { true } else { false } }

    /// Argument `cursor` as `T`, moving the cursor on. The stub checked the block's parameter
    /// types against the member's when it was made, so the cast cannot fail for a stubbed
    /// member; a mismatch still yields no value rather than a reinterpretation.
    @usableFromInline
    static func argument<T>(_ type: T.Type, of call: SwiftCall, at cursor: inout Int) -> T {
        defer { cursor += 1 }
        // Cannot fail: the block's parameter types were checked against the member's when the
        // stub was made (see `Stubbing.install(swift:)`), and the member records each argument
        // as its declared type.
        return call.arguments[cursor] as! T
    }
}
