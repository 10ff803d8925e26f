// A hand-written mock's references, found in its stored properties: `reset(mock)` must forget
// the stubs of every member, and a member learns its mock only when the mock first calls it
// (a `lazy var` reference made from `fetch` cannot name `self`), so a member stubbed and never
// called would otherwise be missed.

/// A ``MockReference`` of any types, for finding its member.
protocol AnyMockReference {
    var anyMember: SwiftMember { get }
}

extension MockReference: AnyMockReference {
    var anyMember: SwiftMember { member }
}

enum ReferenceDiscovery {
    /// Ties every reference `mock` holds in a stored property (a `lazy var` once made, a
    /// `let`) to its core, as a call would.
    static func adoptReferences(of mock: any Mocking) {
        let core = mock.mockCore
        var mirror: Mirror? = Mirror(reflecting: mock)
        while let current = mirror {
            for child in current.children {
                reference(in: child.value)?.anyMember.adopt(by: core)
            }
            mirror = current.superclassMirror
        }
    }

    /// The reference `value` is, or holds as an optional (a `lazy var`'s storage).
    private static func reference(in value: Any) -> (any AnyMockReference)? {
        if let reference = value as? any AnyMockReference { return reference }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, let wrapped = mirror.children.first else { return nil }
        return wrapped.value as? any AnyMockReference
    }
}
