import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Protocol inheritance")
struct InheritanceTests {
    @Test("a refining protocol’s mock conforms to both; the parent’s members come from the parent’s extension")
    func inheritance() {
        assertMockable(
            """
            @Mockable
            protocol Child: Parent {
                func child() -> Int
            }
            """,
            expandedSource: """
            protocol Child: Parent {
                func child() -> Int
            }

            final class ChildMock: Impostor.Mock, Child, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Child {
                nonisolated static let key_child = Impostor._MockMemberKey(named: "child")
            }

            extension Child where Self: Impostor.Mocking & Sendable {
                func child() -> Int {
                    self.call(self._mockReference(_MockKeys_Child.key_child, as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                nonisolated func $child() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Child.key_child, as: Impostor.MockReference<Int, Never>.self))
                }
            }
            """)
    }

    @Test("a parent's associated type named in the child's where clause makes the mock generic over it")
    func inheritedAssociatedType() {
        assertMockable(
            """
            @Mockable
            protocol Writable: Keyed where Entity: Identifiable {
                func delete(_ id: Entity.ID)
            }
            """,
            expandedSource: """
            protocol Writable: Keyed where Entity: Identifiable {
                func delete(_ id: Entity.ID)
            }

            final class WritableMock<Entity>: Impostor.Mock, Writable, Impostor._MockConstructible, @unchecked Sendable where Entity: Identifiable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Writable {
                nonisolated static let key_delete = Impostor._MockMemberKey(named: "delete(_:)")
            }

            extension Writable where Self: Impostor.Mocking & Sendable {
                func delete(_ id: Entity.ID) {
                    self.call(self._mockReference(_MockKeys_Writable.key_delete, as: Impostor.MockReference<Entity.ID, Void, Never>.self), args: id)
                }

                @discardableResult
                nonisolated func $delete(_ id: Impostor.Matcher<Entity.ID> = Impostor.any()) -> Impostor.CallPrototype<Entity.ID, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Writable.key_delete, as: Impostor.MockReference<Entity.ID, Void, Never>.self), id)
                }
            }
            """)
    }
}
