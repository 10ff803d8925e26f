import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Subscripts: get and get set, with and without labels")
struct SubscriptTests {
    @Test("a subscript records its arguments; $subscript(...) gives .get and .set")
    func subscripts() {
        assertMockable(
            """
            @Mockable
            protocol Table {
                subscript(row: Int) -> String { get }
                subscript(key key: String, default fallback: Int) -> Int { get set }
            }
            """,
            expandedSource: """
            protocol Table {
                subscript(row: Int) -> String { get }
                subscript(key key: String, default fallback: Int) -> Int { get set }
            }

            final class TableMock: Impostor.Mock, Table, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Table {
                nonisolated static let key_subscript_get = Impostor._MockMemberKey(named: "subscript.get")
                nonisolated static let key_subscript_get_2 = Impostor._MockMemberKey(named: "subscript.get(key:default:)")
                nonisolated static let key_subscript_set = Impostor._MockMemberKey(named: "subscript.set(key:default:_:)")
            }

            extension Table where Self: Impostor.Mocking & Sendable {
                subscript(row: Int) -> String {
                    get {
                        self.call(self._mockReference(_MockKeys_Table.key_subscript_get, as: Impostor.MockReference<Int, String, Never>.self), args: row)
                    }
                }

                nonisolated func $subscript(_ row: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.PropertyPrototype<Impostor.CallPrototype<Int, String, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Table.key_subscript_get, as: Impostor.MockReference<Int, String, Never>.self), row))
                }

                subscript(key key: String, default fallback: Int) -> Int {
                    get {
                        self.call(self._mockReference(_MockKeys_Table.key_subscript_get_2, as: Impostor.MockReference<String, Int, Int, Never>.self), args: key, fallback)
                    }
                    set {
                        self.call(self._mockReference(_MockKeys_Table.key_subscript_set, as: Impostor.MockReference<String, Int, Int, Void, Never>.self), args: key, fallback, newValue)
                    }
                }

                nonisolated func $subscript(key: Impostor.Matcher<String> = Impostor.any(), default fallback: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.SettablePropertyPrototype<Impostor.CallPrototype<String, Int, Int, Never>, Impostor.CallPrototype<String, Int, Int, Void, Never>, Int> {
                    Impostor.SettablePropertyPrototype(
                        get: Impostor.CallPrototype(self._mockReference(_MockKeys_Table.key_subscript_get_2, as: Impostor.MockReference<String, Int, Int, Never>.self), key, fallback),
                        set: { newValue in
                            Impostor.CallPrototype(self._mockReference(_MockKeys_Table.key_subscript_set, as: Impostor.MockReference<String, Int, Int, Void, Never>.self), key, fallback, newValue)
                        })
                }
            }
            """)
    }
}
