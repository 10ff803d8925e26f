/// A Swift mock that can be made from a name alone: what `@Mockable`'s initializer
/// requirements make the mock with before recording the call.
///
/// The classes `@Mockable` generates conform (``Mock`` provides `init(named:)`), so an
/// initializer requirement of the protocol, or of one it refines, becomes a call the mock
/// records: `AlbumServiceMock(baseURL: url)` is verified as `verify(AlbumServiceMock.$init(baseURL: eq(url)))`.
@_documentation(visibility: private)
public protocol _MockConstructible: Mocking {
    /// Makes the mock, named `name` or after its type.
    init(named name: String?)
}
