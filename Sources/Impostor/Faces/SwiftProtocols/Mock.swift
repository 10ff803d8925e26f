/// The base class of a hand-written Swift mock (MockingKit's style).
///
/// Subclass it, adopt the protocol to mock, and forward each member to `call(_:args:)`
/// through a ``MockReference``:
///
/// ```swift
/// protocol Printer { func print(_ text: String) }
///
/// final class MockPrinter: Mock, Printer {
///     lazy var printRef = MockReference(print)
///     func print(_ text: String) { call(printRef, args: text) }
/// }
/// ```
///
/// The mock belongs to the Mockery current where it is made. Its calls share the call log,
/// stamps, stubs, verification and expectations of C mocks. `Mock` is not
/// `Sendable`; its recording is thread-safe, so a mock of a `Sendable` protocol declares
/// `@unchecked Sendable` itself (`final class MockService: Mock, Service, @unchecked Sendable`).
open class Mock: Mocking {
    /// Where this mock's calls are recorded.
    public let mockCore: MockCore

    /// A mock named after its type (`MockPrinter`), or `name`.
    public init(named name: String? = nil) {
        mockCore = MockCore(named: name ?? String(describing: type(of: self)))
    }
}
