@_exported import Impostor

/// Writes a mock of the protocol it is attached to: `<Name>Mock`, with a `$member` prototype for
/// every requirement, to stub and verify its calls.
///
/// ```swift
/// @Mockable
/// protocol AlbumService: Sendable {
///     func getAlbum(id: UUID) async throws -> Album
///     var title: String { get set }
/// }
///
/// let albums = AlbumServiceMock()
/// when(albums.$getAlbum(id: any())).thenReturn(album)
/// stub(albums.$title.get).returning("Blue")
/// _ = try await albums.getAlbum(id: id)
/// verify(.once, albums.$getAlbum(id: eq(id)))
/// ```
///
/// The mock is a final subclass of Impostor's `Mock` (an actor holding a `MockCore` for a protocol
/// that refines `Actor`), generic over the protocol's associated types. Beside it the macro
/// writes `_MockKeys_<Name>`, one key per requirement, which the members pass to reach their
/// references on each call. Messages show the members' argument labels:
/// `albums.getAlbum(id: eq(id))`. Its members come from an
/// extension of the protocol for `Mocking` types, so the mock of a protocol that refines this
/// one gets them too. Static requirements are recorded per mock type and Mockery
/// (`AlbumServiceMock.$make()`), initializer requirements likewise (`AlbumServiceMock.$init(...)`).
/// A generic method records the values of its own type parameters as `Any`: match them with
/// `any()` or a matcher's `erased`. A non-escaping closure is recorded as `NonEscapingClosure`.
/// Anything the mock cannot implement is reported at the requirement, and no mock is written.
@attached(peer, names: suffixed(Mock), prefixed(_MockKeys_))
@attached(extension, names: arbitrary)
public macro Mockable() = #externalMacro(module: "ImpostorMacros", type: "MockableMacro")

/// Writes the protocol's mock, as ``Mockable()`` does, only where `compilationCondition` holds
/// (`"DEBUG"`): the mock class and the protocol's mock members are inside `#if <condition>`.
///
/// ```swift
/// @Mockable(compilationCondition: "DEBUG")
/// public protocol Clock { func now() -> Double }
/// ```
@attached(peer, names: suffixed(Mock), prefixed(_MockKeys_))
@attached(extension, names: arbitrary)
public macro Mockable(compilationCondition: String) =
    #externalMacro(module: "ImpostorMacros", type: "MockableMacro")
