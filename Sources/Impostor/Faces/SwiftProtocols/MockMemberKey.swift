import Synchronization

/// One requirement of a protocol that `@Mockable` mocks, as its generated members reach their
/// reference: one object per requirement in the process, held in a `static let` the macro
/// writes beside the mock.
///
/// For code that `@Mockable` writes; a hand-written mock keeps its ``MockReference``s in
/// properties instead. The member's body and its `$member` prototype pass the same key, so they
/// reach the same reference. A key is always passed with the one reference type of its
/// requirement: the look-up trusts that, and does not check it on each call.
@_documentation(visibility: private)
public final class _MockMemberKey: Sendable {
    /// Where every mock's ``MockCore`` keeps this requirement's reference: unique in the
    /// process and counted from 0, so that a lookup masks an integer instead of hashing a text.
    @usableFromInline let index: Int
    /// The name the reference is made with, argument labels included: `didFind(path:size:)`.
    let name: String
    /// Whether the member is `async`: only then may its stubs answer with `async` blocks.
    let isAsync: Bool

    /// The key of the requirement `name` (`didFind(path:size:)`, `title.get`), `async` or not.
    public init(named name: String, isAsync: Bool = false) {
        index = Self.issued.add(1, ordering: .relaxed).oldValue
        self.name = name
        self.isAsync = isAsync
    }

    /// How many keys have been made in the process: the next key's index.
    private static let issued = Atomic<Int>(0)
}
