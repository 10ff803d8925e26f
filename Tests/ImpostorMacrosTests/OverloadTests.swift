import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Overloads")
struct OverloadTests {
    @Test("each overload gets a key of its own, named by its selector; an overload by result alone too")
    func overloads() {
        assertMockable(
            """
            @Mockable
            protocol Storage {
                func store(_ value: Int)
                func store(_ value: String)
                func store(_ value: Int, times: Int)
                func value() -> Int
                func value() -> String
            }
            """,
            expandedSource: """
            protocol Storage {
                func store(_ value: Int)
                func store(_ value: String)
                func store(_ value: Int, times: Int)
                func value() -> Int
                func value() -> String
            }

            final class StorageMock: Impostor.Mock, Storage, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Storage {
                nonisolated static let key_store = Impostor._MockMemberKey(named: "store(_:)")
                nonisolated static let key_store_2 = Impostor._MockMemberKey(named: "store(_:)")
                nonisolated static let key_store_3 = Impostor._MockMemberKey(named: "store(_:times:)")
                nonisolated static let key_value = Impostor._MockMemberKey(named: "value")
                nonisolated static let key_value_2 = Impostor._MockMemberKey(named: "value")
            }

            extension Storage where Self: Impostor.Mocking & Sendable {
                func store(_ value: Int) {
                    self.call(self._mockReference(_MockKeys_Storage.key_store, as: Impostor.MockReference<Int, Void, Never>.self), args: value)
                }

                @discardableResult
                nonisolated func $store(_ value: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Storage.key_store, as: Impostor.MockReference<Int, Void, Never>.self), value)
                }

                func store(_ value: String) {
                    self.call(self._mockReference(_MockKeys_Storage.key_store_2, as: Impostor.MockReference<String, Void, Never>.self), args: value)
                }

                @discardableResult
                nonisolated func $store(_ value: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<String, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Storage.key_store_2, as: Impostor.MockReference<String, Void, Never>.self), value)
                }

                func store(_ value: Int, times: Int) {
                    self.call(self._mockReference(_MockKeys_Storage.key_store_3, as: Impostor.MockReference<Int, Int, Void, Never>.self), args: value, times)
                }

                @discardableResult
                nonisolated func $store(_ value: Impostor.Matcher<Int> = Impostor.any(), times: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Int, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Storage.key_store_3, as: Impostor.MockReference<Int, Int, Void, Never>.self), value, times)
                }

                func value() -> Int {
                    self.call(self._mockReference(_MockKeys_Storage.key_value, as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                nonisolated func $value() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Storage.key_value, as: Impostor.MockReference<Int, Never>.self))
                }

                func value() -> String {
                    self.call(self._mockReference(_MockKeys_Storage.key_value_2, as: Impostor.MockReference<String, Never>.self))
                }

                @discardableResult
                nonisolated func $value() -> Impostor.CallPrototype<String, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Storage.key_value_2, as: Impostor.MockReference<String, Never>.self))
                }
            }
            """)
    }
}
