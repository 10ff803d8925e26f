/// One member of a Swift mock: what its calls are recorded under, stubbed and verified by.
///
/// Make one per member, from the member itself, in the mock's body (MockingKit's style):
///
/// ```swift
/// final class MockPrinter: Mock, Printer {
///     lazy var printRef = MockReference(print)
///     func print(_ text: String) { call(printRef, args: text) }
/// }
/// ```
///
/// The member's parameter types, result, error type and whether it is `async` come from the
/// function passed; the function itself is not kept (so the mock does not keep itself alive).
/// The name in messages is the property's, without a trailing `Ref` (`printer.print`); pass
/// `named:` to choose another, and `MockReference(print(_:))` to pick one of several overloads.
/// A name written as a selector, with a label (or `_`) per parameter, puts the labels in
/// messages, as `@Mockable` does: `MockReference(didFind, named: "didFind(path:size:)")` prints
/// its calls as `finder.didFind(path: "a.txt", size: 3)` and its patterns as
/// `finder.didFind(path: eq("a.txt"), size: any())`. The member's name is then `didFind`.
///
/// Give the types instead of the function, with ``init(named:isAsync:on:fileID:filePath:line:column:)``,
/// for a member with a closure parameter (Swift 6.3 crashes converting such a method), a
/// `@MainActor` member, and property getters and setters:
/// `MockReference<String, @Sendable (Int) -> Void, Int, Never>(named: "subscribe")`.
///
/// A `lazy var` is initialised on first use: make the first use on one thread (a stub, or a
/// call from the test), or declare the reference with `let` in the mock's initialiser, if
/// several threads may reach it first at once.
public final class MockReference<each Argument, Result, Failure: Error>: Sendable {
    @usableFromInline let member: SwiftMember
    /// The member's calls, kept with their types; `member.log` is the same object.
    @usableFromInline let log: TypedValueCallLog<repeat each Argument, Result>
    /// The value an unanswered call returns, made without a cast.
    @usableFromInline let makeDefault: TypedDefault<Result>
    /// The types of the typed stub parts this member's entry point runs, found once: looking
    /// up a generic type over a parameter pack is a call into the runtime each time.
    @usableFromInline let typedKinds: TypedStubKinds

    /// A reference to a synchronous member, such as `MockReference(print)`.
    ///
    /// Pass `on: self` so that messages name the mock (`printer.print`) even before the mock
    /// first calls the member, as in a `verify(printer.printRef, …)` that fails on a fresh mock.
    public init(
        _ member: @escaping (repeat each Argument) throws(Failure) -> Result, named name: String? = nil,
        on mock: (any Mocking)? = nil, property: String = #function,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        (log, makeDefault, typedKinds) = (TypedValueCallLog(), TypedDefault(), TypedStubKinds(for: Self.self))
        self.member = Self.makeMember(
            name: name, property: property, log: log, isAsync: false, owner: mock,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A reference to an `async` member, such as `MockReference(fetch)`.
    @_disfavoredOverload
    public init(
        _ member: @escaping (repeat each Argument) async throws(Failure) -> Result, named name: String? = nil,
        on mock: (any Mocking)? = nil, property: String = #function,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        (log, makeDefault, typedKinds) = (TypedValueCallLog(), TypedDefault(), TypedStubKinds(for: Self.self))
        self.member = Self.makeMember(
            name: name, property: property, log: log, isAsync: true, owner: mock,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A reference to a property getter or another member with no function to pass, given by
    /// its types: `MockReference<String, Void, Never>(named: "title.set")`. Accessors named
    /// `title.get` and `title.set` (`subscript.get`, `subscript.set`) read in messages as
    /// Swift spells them: `channel.title`, `channel.title = "Evening"`, `table[0]`.
    ///
    /// Nothing in the types says whether the member is `async`: pass `isAsync: true` for one
    /// that is, or its `async` blocks are refused.
    public init(
        named name: String, isAsync: Bool? = nil, on mock: (any Mocking)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        (log, makeDefault, typedKinds) = (TypedValueCallLog(), TypedDefault(), TypedStubKinds(for: Self.self))
        self.member = Self.makeMember(
            name: name, property: name, log: log, isAsync: isAsync ?? false, owner: mock,
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), asyncUnstated: isAsync == nil)
    }

    private static func makeMember(
        name: String?, property: String, log: ValueCallLog, isAsync: Bool, owner: (any Mocking)?, site: SourceSite,
        asyncUnstated: Bool = false
    ) -> SwiftMember {
        var types: [Any.Type] = []
        repeat types.append((each Argument).self)
        let (base, labels) = ArgumentLabels.split(name ?? memberName(fromProperty: property), parameterCount: types.count)
        let member = SwiftMember(
            memberName: base, parameterTypes: types, resultType: Result.self,
            failureType: Failure.self, isAsync: isAsync, site: site, mockery: Mockery.current,
            makeDefault: SwiftDefaults.maker(Result.self), log: log,
            argumentLabels: labels, asyncUnstated: asyncUnstated)
        if let owner { member.adopt(by: owner.mockCore) }
        return member
    }

    /// `printRef` → `print`; `$__lazy_storage_$_printRef` and other spellings are trimmed too.
    static func memberName(fromProperty property: String) -> String {
        var name = property
        if let marker = name.ranges(of: "_$_").last { name = String(name[marker.upperBound...]) }
        if name.hasSuffix("Ref"), name.count > 3 { name.removeLast(3) }
        if name.hasSuffix("Reference"), name.count > 9 { name.removeLast(9) }
        return name
    }

    /// The member's name, as messages show it (`printer.print` once the mock has used it).
    public var name: String { member.name }
}
