import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Overloads")
struct OverloadTests {
    @Test("keys hold the full signature; an overload by result only adds the result")
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

            extension Storage where Self: Impostor.Mocking & Sendable {
                func store(_ value: Int) {
                    self.call(self._mockReference("Storage.store(_:Int)", named: "store", as: Impostor.MockReference<Int, Void, Never>.self), args: value)
                }

                @discardableResult
                nonisolated func $store(_ value: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Void, Never> {
                    Impostor.CallPrototype(self._mockReference("Storage.store(_:Int)", named: "store", as: Impostor.MockReference<Int, Void, Never>.self), value)
                }

                func store(_ value: String) {
                    self.call(self._mockReference("Storage.store(_:String)", named: "store", as: Impostor.MockReference<String, Void, Never>.self), args: value)
                }

                @discardableResult
                nonisolated func $store(_ value: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<String, Void, Never> {
                    Impostor.CallPrototype(self._mockReference("Storage.store(_:String)", named: "store", as: Impostor.MockReference<String, Void, Never>.self), value)
                }

                func store(_ value: Int, times: Int) {
                    self.call(self._mockReference("Storage.store(_:Int,times:Int)", named: "store", as: Impostor.MockReference<Int, Int, Void, Never>.self), args: value, times)
                }

                @discardableResult
                nonisolated func $store(_ value: Impostor.Matcher<Int> = Impostor.any(), times: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Int, Void, Never> {
                    Impostor.CallPrototype(self._mockReference("Storage.store(_:Int,times:Int)", named: "store", as: Impostor.MockReference<Int, Int, Void, Never>.self), value, times)
                }

                func value() -> Int {
                    self.call(self._mockReference("Storage.value()", named: "value", as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                nonisolated func $value() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference("Storage.value()", named: "value", as: Impostor.MockReference<Int, Never>.self))
                }

                func value() -> String {
                    self.call(self._mockReference("Storage.value()->String", named: "value", as: Impostor.MockReference<String, Never>.self))
                }

                @discardableResult
                nonisolated func $value() -> Impostor.CallPrototype<String, Never> {
                    Impostor.CallPrototype(self._mockReference("Storage.value()->String", named: "value", as: Impostor.MockReference<String, Never>.self))
                }
            }
            """)
    }
}
