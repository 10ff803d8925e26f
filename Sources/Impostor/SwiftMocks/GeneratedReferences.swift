// What `@Mockable`'s generated code calls to reach a member's reference. A protocol extension
// cannot store one, so the mock's core keeps them by key, made on first use. The same key from
// the member's body and from its `$member` prototype gives the same reference, so stubs and
// verifications see the calls.

extension Mocking {
    /// The reference of the generated member `key`, made on first use and owned by this mock.
    ///
    /// For code that `@Mockable` writes; a hand-written mock keeps its ``MockReference``s in
    /// properties instead.
    @_documentation(visibility: private)
    public func _mockReference<each Argument, Result, Failure: Error>(
        _ key: String, named name: String, isAsync: Bool = false,
        as type: MockReference<repeat each Argument, Result, Failure>.Type
    ) -> MockReference<repeat each Argument, Result, Failure> {
        let core = mockCore
        return core.generatedReferences.withLock { table in
            // A key names one requirement and its types, so a stored reference always has them;
            // a different type (two requirements given one key) gets a reference of its own.
            if let known = table[key] as? MockReference<repeat each Argument, Result, Failure> { return known }
            let made = MockReference<repeat each Argument, Result, Failure>(named: name, isAsync: isAsync, on: self)
            table[key] = made
            return made
        }
    }
}
