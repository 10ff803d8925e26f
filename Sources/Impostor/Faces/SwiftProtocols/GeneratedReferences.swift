// What `@Mockable`'s generated code calls to reach a member's reference. A protocol extension
// cannot store one, so the mock's core keeps them, made on first use. The same key from the
// member's body and from its `$member` prototype gives the same reference, so stubs and
// verifications see the calls.

extension Mocking {
    /// The reference of the generated member `key`, made on first use and owned by this mock.
    ///
    /// For code that `@Mockable` writes; a hand-written mock keeps its ``MockReference``s in
    /// properties instead. Inlinable so that a call, specialized for the member's types, is a
    /// masked index into the mock's table.
    @_documentation(visibility: private)
    @inlinable
    public func _mockReference<each Argument, Result, Failure: Error>(
        _ key: _MockMemberKey, as type: MockReference<repeat each Argument, Result, Failure>.Type
    ) -> MockReference<repeat each Argument, Result, Failure> {
        // Sound: only `_makeReference` stores under a key, always a reference of the types
        // passed with it. Those are the requirement's, fixed for one mock: its associated
        // types are, and a generic member records its own type parameters as `Any`.
        if let known = mockCore.keyedReferences.reference(at: key.index) { return unsafeDowncast(known, to: type) }
        return _makeReference(key, as: type)
    }

    /// The first use of `key` on this mock: makes its reference and stores it.
    @usableFromInline
    func _makeReference<each Argument, Result, Failure: Error>(
        _ key: _MockMemberKey, as type: MockReference<repeat each Argument, Result, Failure>.Type
    ) -> MockReference<repeat each Argument, Result, Failure> {
        let reference = mockCore.keyedReferences.reference(at: key.index) {
            MockReference<repeat each Argument, Result, Failure>(named: key.name, isAsync: key.isAsync, on: self)
        }
        // Sound: as in `_mockReference`.
        return unsafeDowncast(reference, to: type)
    }

    /// The reference of the member `key`, made on first use and owned by this mock: what an
    /// older `@Mockable` wrote, kept so that code it expanded still compiles and runs.
    ///
    /// Each call hashes `key` under a lock and casts the reference found, where the
    /// `_MockMemberKey` form indexes a table.
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
