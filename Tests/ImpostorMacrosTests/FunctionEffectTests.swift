import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Methods: sync, async, throws, async throws, typed throws")
struct FunctionEffectTests {
    @Test("each effect is redeclared, awaited or tried, and named in the reference type")
    func effects() {
        assertMockable(
            """
            @Mockable
            protocol Service {
                func sync(id: Int) -> String
                func later(_ id: Int) async -> String
                func risky() throws
                func both(id: Int, _ name: String) async throws -> [String: Int]
                func typed() throws(ServiceError) -> Int
                func passes(_ body: () throws -> Void) rethrows
                mutating func reset()
                @discardableResult func fire() -> Bool
            }
            """,
            expandedSource: """
            protocol Service {
                func sync(id: Int) -> String
                func later(_ id: Int) async -> String
                func risky() throws
                func both(id: Int, _ name: String) async throws -> [String: Int]
                func typed() throws(ServiceError) -> Int
                func passes(_ body: () throws -> Void) rethrows
                mutating func reset()
                @discardableResult func fire() -> Bool
            }

            final class ServiceMock: Impostor.Mock, Service, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Service {
                nonisolated static let key_sync = Impostor._MockMemberKey(named: "sync(id:)")
                nonisolated static let key_later = Impostor._MockMemberKey(named: "later(_:)", isAsync: true)
                nonisolated static let key_risky = Impostor._MockMemberKey(named: "risky")
                nonisolated static let key_both = Impostor._MockMemberKey(named: "both(id:_:)", isAsync: true)
                nonisolated static let key_typed = Impostor._MockMemberKey(named: "typed")
                nonisolated static let key_passes = Impostor._MockMemberKey(named: "passes(_:)")
                nonisolated static let key_reset = Impostor._MockMemberKey(named: "reset")
                nonisolated static let key_fire = Impostor._MockMemberKey(named: "fire")
            }

            extension Service where Self: Impostor.Mocking & Sendable {
                func sync(id: Int) -> String {
                    self.call(self._mockReference(_MockKeys_Service.key_sync, as: Impostor.MockReference<Int, String, Never>.self), args: id)
                }

                @discardableResult
                nonisolated func $sync(id: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, String, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_sync, as: Impostor.MockReference<Int, String, Never>.self), id)
                }

                func later(_ id: Int) async -> String {
                    await self.call(self._mockReference(_MockKeys_Service.key_later, as: Impostor.MockReference<Int, String, Never>.self), args: id)
                }

                @discardableResult
                nonisolated func $later(_ id: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, String, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_later, as: Impostor.MockReference<Int, String, Never>.self), id)
                }

                func risky() throws {
                    try self.call(self._mockReference(_MockKeys_Service.key_risky, as: Impostor.MockReference<Void, any Error>.self))
                }

                @discardableResult
                nonisolated func $risky() -> Impostor.CallPrototype<Void, any Error> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_risky, as: Impostor.MockReference<Void, any Error>.self))
                }

                func both(id: Int, _ name: String) async throws -> [String: Int] {
                    try await self.call(self._mockReference(_MockKeys_Service.key_both, as: Impostor.MockReference<Int, String, [String: Int], any Error>.self), args: id, name)
                }

                @discardableResult
                nonisolated func $both(id: Impostor.Matcher<Int> = Impostor.any(), _ name: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<Int, String, [String: Int], any Error> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_both, as: Impostor.MockReference<Int, String, [String: Int], any Error>.self), id, name)
                }

                func typed() throws(ServiceError) -> Int {
                    try self.call(self._mockReference(_MockKeys_Service.key_typed, as: Impostor.MockReference<Int, ServiceError>.self))
                }

                @discardableResult
                nonisolated func $typed() -> Impostor.CallPrototype<Int, ServiceError> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_typed, as: Impostor.MockReference<Int, ServiceError>.self))
                }

                func passes(_ body: () throws -> Void) {
                    self.call(self._mockReference(_MockKeys_Service.key_passes, as: Impostor.MockReference<Impostor.NonEscapingClosure, Void, Never>.self), args: Impostor.NonEscapingClosure())
                }

                @discardableResult
                nonisolated func $passes(_ body: Impostor.Matcher<Impostor.NonEscapingClosure> = Impostor.any()) -> Impostor.CallPrototype<Impostor.NonEscapingClosure, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_passes, as: Impostor.MockReference<Impostor.NonEscapingClosure, Void, Never>.self), body)
                }

                func reset() {
                    self.call(self._mockReference(_MockKeys_Service.key_reset, as: Impostor.MockReference<Void, Never>.self))
                }

                @discardableResult
                nonisolated func $reset() -> Impostor.CallPrototype<Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_reset, as: Impostor.MockReference<Void, Never>.self))
                }

                @discardableResult func fire() -> Bool {
                    self.call(self._mockReference(_MockKeys_Service.key_fire, as: Impostor.MockReference<Bool, Never>.self))
                }

                @discardableResult
                nonisolated func $fire() -> Impostor.CallPrototype<Bool, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Service.key_fire, as: Impostor.MockReference<Bool, Never>.self))
                }
            }
            """)
    }
}
