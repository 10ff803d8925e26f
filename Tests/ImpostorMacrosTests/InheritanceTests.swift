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
            }

            extension Child where Self: Impostor.Mocking {
                func child() -> Int {
                    self.call(self._mockReference("Child.child()", named: "child", as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                nonisolated func $child() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference("Child.child()", named: "child", as: Impostor.MockReference<Int, Never>.self))
                }
            }
            """)
    }
}
