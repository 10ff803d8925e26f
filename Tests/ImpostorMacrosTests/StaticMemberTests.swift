import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Static methods and properties")
struct StaticMemberTests {
    @Test("static members record on the mock type’s StaticMock, and their $ forms are static")
    func statics() {
        assertMockable(
            """
            @Mockable
            protocol Factory {
                static func make(_ mock: Int) -> Self
                static var shared: Int { get set }
            }
            """,
            expandedSource: """
            protocol Factory {
                static func make(_ mock: Int) -> Self
                static var shared: Int { get set }
            }

            final class FactoryMock: Impostor.Mock, Factory, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Factory {
                nonisolated static let key_make = Impostor._MockMemberKey(named: "make(_:)")
                nonisolated static let key_shared_get = Impostor._MockMemberKey(named: "shared.get")
                nonisolated static let key_shared_set = Impostor._MockMemberKey(named: "shared.set")
            }

            extension Factory where Self: Impostor.Mocking & Sendable {
                static func make(_ mock: Int) -> Self {
                    let mock_ = Impostor.StaticMock._of(Self.self)
                    return mock_.call(mock_._mockReference(_MockKeys_Factory.key_make, as: Impostor.MockReference<Int, Self, Never>.self), args: mock)
                }

                @discardableResult
                nonisolated static func $make(_ mock: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Self, Never> {
                    let mock_ = Impostor.StaticMock._of(Self.self)
                    return Impostor.CallPrototype(mock_._mockReference(_MockKeys_Factory.key_make, as: Impostor.MockReference<Int, Self, Never>.self), mock)
                }

                static var shared: Int {
                    get {
                        let mock = Impostor.StaticMock._of(Self.self)
                        return mock.call(mock._mockReference(_MockKeys_Factory.key_shared_get, as: Impostor.MockReference<Int, Never>.self))
                    }
                    set {
                        let mock = Impostor.StaticMock._of(Self.self)
                        return mock.call(mock._mockReference(_MockKeys_Factory.key_shared_set, as: Impostor.MockReference<Int, Void, Never>.self), args: newValue)
                    }
                }

                nonisolated static var $shared: Impostor.SettablePropertyPrototype<Impostor.CallPrototype<Int, Never>, Impostor.CallPrototype<Int, Void, Never>, Int> {
                    let mock = Impostor.StaticMock._of(Self.self)
                    return Impostor.SettablePropertyPrototype(
                        get: Impostor.CallPrototype(mock._mockReference(_MockKeys_Factory.key_shared_get, as: Impostor.MockReference<Int, Never>.self)),
                        set: { newValue in
                            Impostor.CallPrototype(mock._mockReference(_MockKeys_Factory.key_shared_set, as: Impostor.MockReference<Int, Void, Never>.self), newValue)
                        })
                }
            }
            """)
    }
}
