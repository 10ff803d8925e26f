import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Generic methods")
struct GenericFunctionTests {
    @Test("values of the method’s own type parameters are recorded as Any and the result is cast back")
    func generics() {
        assertMockable(
            """
            @Mockable
            protocol Decoder {
                func decode<T: Decodable>(_ data: Data, as type: T.Type) -> T where T: Sendable
                func keep<T>(_ value: T, named name: String) async throws
                func count(_ items: some Collection) -> Int
            }
            """,
            expandedSource: """
            protocol Decoder {
                func decode<T: Decodable>(_ data: Data, as type: T.Type) -> T where T: Sendable
                func keep<T>(_ value: T, named name: String) async throws
                func count(_ items: some Collection) -> Int
            }

            final class DecoderMock: Impostor.Mock, Decoder, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Decoder {
                nonisolated static let key_decode = Impostor._MockMemberKey(named: "decode(_:as:)")
                nonisolated static let key_keep = Impostor._MockMemberKey(named: "keep(_:named:)", isAsync: true)
                nonisolated static let key_count = Impostor._MockMemberKey(named: "count(_:)")
            }

            extension Decoder where Self: Impostor.Mocking & Sendable {
                func decode<T: Decodable>(_ data: Data, as type: T.Type) -> T where T: Sendable {
                    Impostor._mockCast(self.call(self._mockReference(_MockKeys_Decoder.key_decode, as: Impostor.MockReference<Data, Any, Any, Never>.self), args: data, type), to: (T).self, member: "decode")
                }

                @discardableResult
                nonisolated func $decode(_ data: Impostor.Matcher<Data> = Impostor.any(), as type: Impostor.Matcher<Any> = Impostor.any()) -> Impostor.CallPrototype<Data, Any, Any, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Decoder.key_decode, as: Impostor.MockReference<Data, Any, Any, Never>.self), data, type)
                }

                func keep<T>(_ value: T, named name: String) async throws {
                    try await self.call(self._mockReference(_MockKeys_Decoder.key_keep, as: Impostor.MockReference<Any, String, Void, any Error>.self), args: value, name)
                }

                @discardableResult
                nonisolated func $keep(_ value: Impostor.Matcher<Any> = Impostor.any(), named name: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<Any, String, Void, any Error> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Decoder.key_keep, as: Impostor.MockReference<Any, String, Void, any Error>.self), value, name)
                }

                func count(_ items: some Collection) -> Int {
                    self.call(self._mockReference(_MockKeys_Decoder.key_count, as: Impostor.MockReference<Any, Int, Never>.self), args: items)
                }

                @discardableResult
                nonisolated func $count(_ items: Impostor.Matcher<Any> = Impostor.any()) -> Impostor.CallPrototype<Any, Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Decoder.key_count, as: Impostor.MockReference<Any, Int, Never>.self), items)
                }
            }
            """)
    }
}
