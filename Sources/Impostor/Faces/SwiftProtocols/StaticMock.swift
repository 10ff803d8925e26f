/// The recorder of a generated mock type's static requirements, one per mock type in each
/// Mockery, so that tests running side by side do not share their static calls.
///
/// `@Mockable` uses it for `static` methods and properties: `AlbumServiceMock.$make()` is
/// stubbed and verified like an instance member, and its messages name the mock type
/// (`AlbumServiceMock.make()`). Released with its Mockery, like every Swift mock.
public final class StaticMock: Mocking, Sendable {
    /// Where the static members' calls are recorded.
    public let mockCore: MockCore

    private init(named name: String) {
        mockCore = MockCore(named: name)
    }

    /// The static recorder of mock type `type` in the current Mockery, made on first use.
    @_documentation(visibility: private)
    public static func _of(_ type: Any.Type) -> StaticMock {
        let mockery = Mockery.current
        return mockery.attachment(StaticMockTable.self).recorders.withLock { table in
            if let known = table[ObjectIdentifier(type)] { return known }
            // Made inside the Mockery's scope already (`Mockery.current`), so `MockCore`
            // registers with it and is released with it.
            let made = StaticMock(named: TypeMetadata.name(of: type))
            table[ObjectIdentifier(type)] = made
            return made
        }
    }
}

/// The static recorders a Mockery keeps, one per mock type; their cores are released with the
/// Mockery's other Swift mocks (``OwnedSwiftMocks``).
final class StaticMockTable: MockeryAttachment {
    let recorders = Locked<[ObjectIdentifier: StaticMock]>([:])

    init() {}
}
