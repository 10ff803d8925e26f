import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Associated types")
struct AssociatedTypeTests {
    @Test("associated types become the mock’s generic parameters, with their constraints")
    func associatedTypes() {
        assertMockable(
            """
            @Mockable
            protocol Store<Element> {
                associatedtype Element: Codable, Equatable
                associatedtype Key: Hashable where Key: Sendable
                associatedtype Raw
                func put(_ element: Element, at key: Key)
                func all() -> [Element]
            }
            """,
            expandedSource: """
            protocol Store<Element> {
                associatedtype Element: Codable, Equatable
                associatedtype Key: Hashable where Key: Sendable
                associatedtype Raw
                func put(_ element: Element, at key: Key)
                func all() -> [Element]
            }

            final class StoreMock<Element: Codable & Equatable, Key: Hashable, Raw>: Impostor.Mock, Store, Impostor._MockConstructible, @unchecked Sendable where Key: Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Store {
                nonisolated static let key_put = Impostor._MockMemberKey(named: "put(_:at:)")
                nonisolated static let key_all = Impostor._MockMemberKey(named: "all")
            }

            extension Store where Self: Impostor.Mocking & Sendable {
                func put(_ element: Element, at key: Key) {
                    self.call(self._mockReference(_MockKeys_Store.key_put, as: Impostor.MockReference<Element, Key, Void, Never>.self), args: element, key)
                }

                @discardableResult
                nonisolated func $put(_ element: Impostor.Matcher<Element> = Impostor.any(), at key: Impostor.Matcher<Key> = Impostor.any()) -> Impostor.CallPrototype<Element, Key, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Store.key_put, as: Impostor.MockReference<Element, Key, Void, Never>.self), element, key)
                }

                func all() -> [Element] {
                    self.call(self._mockReference(_MockKeys_Store.key_all, as: Impostor.MockReference<[Element], Never>.self))
                }

                @discardableResult
                nonisolated func $all() -> Impostor.CallPrototype<[Element], Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Store.key_all, as: Impostor.MockReference<[Element], Never>.self))
                }
            }
            """)
    }
}
