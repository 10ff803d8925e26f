import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@MainActor and actor protocols")
struct IsolationTests {
    @Test("a @MainActor protocol: the class and extension are @MainActor, the $ members nonisolated")
    func mainActor() {
        assertMockable(
            """
            @MainActor
            @Mockable
            protocol ViewModel {
                func load() async -> [String]
                nonisolated func id() -> Int
            }
            """,
            expandedSource: """
            @MainActor
            protocol ViewModel {
                func load() async -> [String]
                nonisolated func id() -> Int
            }

            @MainActor
            final class ViewModelMock: Impostor.Mock, ViewModel, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_ViewModel {
                nonisolated static let key_load = Impostor._MockMemberKey(named: "load", isAsync: true)
                nonisolated static let key_id = Impostor._MockMemberKey(named: "id")
            }

            @MainActor extension ViewModel where Self: Impostor.Mocking & Sendable {
                func load() async -> [String] {
                    await self.call(self._mockReference(_MockKeys_ViewModel.key_load, as: Impostor.MockReference<[String], Never>.self))
                }

                @discardableResult
                nonisolated func $load() -> Impostor.CallPrototype<[String], Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_ViewModel.key_load, as: Impostor.MockReference<[String], Never>.self))
                }

                nonisolated func id() -> Int {
                    self.call(self._mockReference(_MockKeys_ViewModel.key_id, as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                nonisolated func $id() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_ViewModel.key_id, as: Impostor.MockReference<Int, Never>.self))
                }
            }
            """)
    }
    @Test("a protocol refining Actor: the mock is an actor holding its MockCore")
    func actor() {
        assertMockable(
            """
            @Mockable
            public protocol Counter: Actor {
                func increment(by amount: Int) -> Int
            }
            """,
            expandedSource: """
            public protocol Counter: Actor {
                func increment(by amount: Int) -> Int
            }

            public actor CounterMock: Counter, Impostor.Mocking, Impostor._MockConstructible {
                public nonisolated let mockCore: Impostor.MockCore

                public init(named name: String? = nil) {
                    mockCore = Impostor.MockCore(named: name ?? "CounterMock")
                }
            }

            enum _MockKeys_Counter {
                nonisolated static let key_increment = Impostor._MockMemberKey(named: "increment(by:)")
            }

            extension Counter where Self: Impostor.Mocking & Sendable {
                public func increment(by amount: Int) -> Int {
                    self.call(self._mockReference(_MockKeys_Counter.key_increment, as: Impostor.MockReference<Int, Int, Never>.self), args: amount)
                }

                @discardableResult
                public nonisolated func $increment(by amount: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Counter.key_increment, as: Impostor.MockReference<Int, Int, Never>.self), amount)
                }
            }
            """)
    }
}
