import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("compilationCondition")
struct CompilationConditionTests {
    @Test("the mock and the members are inside #if")
    func condition() {
        assertMockable(
            """
            @Mockable(compilationCondition: "DEBUG")
            public protocol Clock {
                func now() -> Double
                init(zone: String)
            }
            """,
            expandedSource: """
            public protocol Clock {
                func now() -> Double
                init(zone: String)
            }

            #if DEBUG
            public final class ClockMock: Impostor.Mock, Clock, Impostor._MockConstructible, @unchecked Sendable {
                public nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Clock {
                nonisolated static let key_now = Impostor._MockMemberKey(named: "now")
                nonisolated static let key_init = Impostor._MockMemberKey(named: "init(zone:)")
            }
            #endif

            extension Clock where Self: Impostor.Mocking & Sendable {
                #if DEBUG
                public func now() -> Double {
                    self.call(self._mockReference(_MockKeys_Clock.key_now, as: Impostor.MockReference<Double, Never>.self))
                }

                @discardableResult
                public nonisolated func $now() -> Impostor.CallPrototype<Double, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Clock.key_now, as: Impostor.MockReference<Double, Never>.self))
                }
                #endif
            }

            extension Clock where Self: Impostor._MockConstructible {
                #if DEBUG
                public init(zone: String) {
                    self.init(named: nil)
                    let mock = Impostor.StaticMock._of(Self.self)
                    mock.call(mock._mockReference(_MockKeys_Clock.key_init, as: Impostor.MockReference<String, Void, Never>.self), args: zone)
                }

                @discardableResult
                public nonisolated static func $init(zone: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<String, Void, Never> {
                    let mock = Impostor.StaticMock._of(Self.self)
                    return Impostor.CallPrototype(mock._mockReference(_MockKeys_Clock.key_init, as: Impostor.MockReference<String, Void, Never>.self), zone)
                }
                #endif
            }
            """)
    }
}
