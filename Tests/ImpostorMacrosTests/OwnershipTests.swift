import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Ownership specifiers")
struct OwnershipTests {
    @Test("a borrowing parameter is recorded as a copy of the value")
    func borrowingAndSending() {
        assertMockable(
            """
            @Mockable
            protocol Sink {
                func peek(_ data: borrowing Data) -> Int
            }
            """,
            expandedSource: """
            protocol Sink {
                func peek(_ data: borrowing Data) -> Int
            }

            final class SinkMock: Impostor.Mock, Sink, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Sink {
                nonisolated static let key_peek = Impostor._MockMemberKey(named: "peek(_:)")
            }

            extension Sink where Self: Impostor.Mocking & Sendable {
                func peek(_ data: borrowing Data) -> Int {
                    self.call(self._mockReference(_MockKeys_Sink.key_peek, as: Impostor.MockReference<Data, Int, Never>.self), args: copy data)
                }

                @discardableResult
                nonisolated func $peek(_ data: Impostor.Matcher<Data> = Impostor.any()) -> Impostor.CallPrototype<Data, Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Sink.key_peek, as: Impostor.MockReference<Data, Int, Never>.self), data)
                }
            }
            """)
    }
}
