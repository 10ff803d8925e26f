import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Initializer requirements")
struct InitializerTests {
    @Test("an initializer makes the mock, then records on the mock type; $init is static")
    func initializers() {
        assertMockable(
            """
            @Mockable
            protocol Connection {
                init(url: String) throws
                init?(retries: Int)
            }
            """,
            expandedSource: """
            protocol Connection {
                init(url: String) throws
                init?(retries: Int)
            }

            final class ConnectionMock: Impostor.Mock, Connection, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Connection {
                nonisolated static let key_init = Impostor._MockMemberKey(named: "init(url:)")
                nonisolated static let key_init_2 = Impostor._MockMemberKey(named: "init(retries:)")
            }

            extension Connection where Self: Impostor._MockConstructible {
                init(url: String) throws {
                    self.init(named: nil)
                    let mock = Impostor.StaticMock._of(Self.self)
                    try mock.call(mock._mockReference(_MockKeys_Connection.key_init, as: Impostor.MockReference<String, Void, any Error>.self), args: url)
                }

                @discardableResult
                nonisolated static func $init(url: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<String, Void, any Error> {
                    let mock = Impostor.StaticMock._of(Self.self)
                    return Impostor.CallPrototype(mock._mockReference(_MockKeys_Connection.key_init, as: Impostor.MockReference<String, Void, any Error>.self), url)
                }

                init?(retries: Int) {
                    self.init(named: nil)
                    let mock = Impostor.StaticMock._of(Self.self)
                    mock.call(mock._mockReference(_MockKeys_Connection.key_init_2, as: Impostor.MockReference<Int, Void, Never>.self), args: retries)
                }

                @discardableResult
                nonisolated static func $init(retries: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Void, Never> {
                    let mock = Impostor.StaticMock._of(Self.self)
                    return Impostor.CallPrototype(mock._mockReference(_MockKeys_Connection.key_init_2, as: Impostor.MockReference<Int, Void, Never>.self), retries)
                }
            }
            """)
    }
}
