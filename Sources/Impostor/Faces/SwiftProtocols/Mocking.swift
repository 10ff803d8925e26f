/// A type that records its calls through a ``MockCore``: what every Swift mock is.
///
/// ``Mock`` adopts it; adopt it yourself for a mock that must inherit another class or is an
/// actor, by holding a `MockCore` (see ``MockCore``). Every method here is then available on
/// the mock: `call` and `invoke` in member bodies, `calls(to:)`, `hasCalled`,
/// `registerResult` and `resetCalls` in tests.
///
/// Named `Mocking` (MockingKit 2 calls it `Mockable`) so that it never clashes with the
/// `@Mockable` macro.
public protocol Mocking: AnyObject {
    /// Where this mock's calls are recorded.
    var mockCore: MockCore { get }
}

extension Mocking {
    /// Records a call of a synchronous member and returns what its stub, registered result or
    /// expectation answers, or the default value of its result type.
    ///
    /// ```swift
    /// func convert(_ text: String) -> String { call(convertRef, args: text) }
    /// ```
    ///
    /// A member that does not throw needs no `try`; a throwing member's stub may throw. The
    /// site parameters default to the call's place, where failures at the call are reported;
    /// they are the compiler's literals (`StaticString`), which cost the call nothing to pass.
    @inlinable @discardableResult
    public func call<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, args: repeat each Argument,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(Failure) -> Result {
        try reference.call(
            repeat each args, owner: mockCore, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records a call of an `async` member; its stubs may be `async` blocks.
    @inlinable @discardableResult
    public func call<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, args: repeat each Argument,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) async throws(Failure) -> Result {
        try await reference.callAsync(
            repeat each args, owner: mockCore, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// MockingKit's older name for `call(_:args:)`.
    @discardableResult
    public func invoke<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, args: repeat each Argument,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(Failure) -> Result {
        try call(reference, args: repeat each args, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// MockingKit's older name for the `async` form of `call`.
    @discardableResult
    public func invoke<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, args: repeat each Argument,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) async throws(Failure) -> Result {
        try await call(reference, args: repeat each args, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The calls the member received, oldest first, as ``Invocation``s: arguments with
    /// `argument(_:as:)`, the result with `returnValue(as:)`, stamps shared with C
    /// mocks.
    public func calls<each Argument, Result, Failure: Error>(
        to reference: MockReference<repeat each Argument, Result, Failure>
    ) -> [Invocation] {
        reference.member.adopt(by: mockCore)
        return reference.member.invocations()
    }

    /// The same as ``calls(to:)``, under the name C mocks use.
    public func invocations<each Argument, Result, Failure: Error>(
        of reference: MockReference<repeat each Argument, Result, Failure>
    ) -> [Invocation] {
        calls(to: reference)
    }

    /// True when the member was called at least once.
    public func hasCalled<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>
    ) -> Bool {
        !calls(to: reference).isEmpty
    }

    /// True when the member was called exactly `numberOfTimes` times.
    public func hasCalled<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, numberOfTimes: Int
    ) -> Bool {
        calls(to: reference).count == numberOfTimes
    }

    /// MockingKit's older name for ``hasCalled(_:)``.
    public func hasInvoked<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>
    ) -> Bool {
        hasCalled(reference)
    }

    /// MockingKit's older name for ``hasCalled(_:numberOfTimes:)``.
    public func hasInvoked<each Argument, Result, Failure: Error>(
        _ reference: MockReference<repeat each Argument, Result, Failure>, numberOfTimes: Int
    ) -> Bool {
        hasCalled(reference, numberOfTimes: numberOfTimes)
    }

    /// Answers every call of the member that no stub or expectation answers, with a block of
    /// its arguments (MockingKit's `registerResult`). Registering again replaces the block.
    ///
    /// ```swift
    /// converter.registerResult(for: converter.convertRef) { text in String(text.reversed()) }
    /// ```
    public func registerResult<each Argument, Result, Failure: Error>(
        for reference: MockReference<repeat each Argument, Result, Failure>,
        _ result: @escaping (repeat each Argument) throws(Failure) -> Result
    ) {
        reference.member.adopt(by: mockCore)
        // Typed: a call no stub answers runs the block where it is made, as a stub's.
        reference.member.register(SwiftAnswer(typed: result) { call in
            var cursor = 0
            return try result(repeat SwiftAnswer.argument((each Argument).self, of: call, at: &cursor))
        })
    }

    /// Forgets every call this mock recorded (stubs and registered results stay).
    public func resetCalls() {
        for member in mockCore.knownMembers { member.resetCalls() }
    }

    /// Forgets the calls of one member.
    public func resetCalls<each Argument, Result, Failure: Error>(
        to reference: MockReference<repeat each Argument, Result, Failure>
    ) {
        reference.member.adopt(by: mockCore)
        reference.member.resetCalls()
    }
}
