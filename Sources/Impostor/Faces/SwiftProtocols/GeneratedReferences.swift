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
            // A key names one requirement and its types, so the first stored reference is
            // nearly always it; two requirements given one key (protocols of the same name in two
            // modules) keep a reference each, told apart by their types.
            let known = table[key, default: []]
            for reference in known {
                if let reference = reference as? MockReference<repeat each Argument, Result, Failure> { return reference }
            }
            let made = MockReference<repeat each Argument, Result, Failure>(named: name, isAsync: isAsync, on: self)
            table[key] = known + [made]
            return made
        }
    }
}
