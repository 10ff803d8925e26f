import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Closure, inout and variadic parameters")
struct ClosureParameterTests {
    @Test("non-escaping closures are recorded as a marker, escaping ones as they are; inout as the value passed")
    func closures() {
        assertMockable(
            """
            @Mockable
            protocol Runner {
                func run(_ work: () -> Void) -> Bool
                func subscribe(_ handler: @escaping @Sendable (Int) -> Void)
                func optional(_ handler: ((Int) -> Void)?)
                func lazy(_ value: @autoclosure () -> Int)
                func bump(_ counter: inout Int)
                func many(_ values: Int...)
                func unnamed(_: Int, in: String)
            }
            """,
            expandedSource: """
            protocol Runner {
                func run(_ work: () -> Void) -> Bool
                func subscribe(_ handler: @escaping @Sendable (Int) -> Void)
                func optional(_ handler: ((Int) -> Void)?)
                func lazy(_ value: @autoclosure () -> Int)
                func bump(_ counter: inout Int)
                func many(_ values: Int...)
                func unnamed(_: Int, in: String)
            }

            final class RunnerMock: Impostor.Mock, Runner, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Runner {
                nonisolated static let key_run = Impostor._MockMemberKey(named: "run(_:)")
                nonisolated static let key_subscribe = Impostor._MockMemberKey(named: "subscribe(_:)")
                nonisolated static let key_optional = Impostor._MockMemberKey(named: "optional(_:)")
                nonisolated static let key_lazy = Impostor._MockMemberKey(named: "lazy(_:)")
                nonisolated static let key_bump = Impostor._MockMemberKey(named: "bump(_:)")
                nonisolated static let key_many = Impostor._MockMemberKey(named: "many(_:)")
                nonisolated static let key_unnamed = Impostor._MockMemberKey(named: "unnamed(_:in:)")
            }

            extension Runner where Self: Impostor.Mocking & Sendable {
                func run(_ work: () -> Void) -> Bool {
                    self.call(self._mockReference(_MockKeys_Runner.key_run, as: Impostor.MockReference<Impostor.NonEscapingClosure, Bool, Never>.self), args: Impostor.NonEscapingClosure())
                }

                @discardableResult
                nonisolated func $run(_ work: Impostor.Matcher<Impostor.NonEscapingClosure> = Impostor.any()) -> Impostor.CallPrototype<Impostor.NonEscapingClosure, Bool, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_run, as: Impostor.MockReference<Impostor.NonEscapingClosure, Bool, Never>.self), work)
                }

                func subscribe(_ handler: @escaping @Sendable (Int) -> Void) {
                    self.call(self._mockReference(_MockKeys_Runner.key_subscribe, as: Impostor.MockReference<@Sendable (Int) -> Void, Void, Never>.self), args: handler)
                }

                @discardableResult
                nonisolated func $subscribe(_ handler: Impostor.Matcher<@Sendable (Int) -> Void> = Impostor.any()) -> Impostor.CallPrototype<@Sendable (Int) -> Void, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_subscribe, as: Impostor.MockReference<@Sendable (Int) -> Void, Void, Never>.self), handler)
                }

                func optional(_ handler: ((Int) -> Void)?) {
                    self.call(self._mockReference(_MockKeys_Runner.key_optional, as: Impostor.MockReference<((Int) -> Void)?, Void, Never>.self), args: handler)
                }

                @discardableResult
                nonisolated func $optional(_ handler: Impostor.Matcher<((Int) -> Void)?> = Impostor.any()) -> Impostor.CallPrototype<((Int) -> Void)?, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_optional, as: Impostor.MockReference<((Int) -> Void)?, Void, Never>.self), handler)
                }

                func lazy(_ value: @autoclosure () -> Int) {
                    self.call(self._mockReference(_MockKeys_Runner.key_lazy, as: Impostor.MockReference<Impostor.NonEscapingClosure, Void, Never>.self), args: Impostor.NonEscapingClosure())
                }

                @discardableResult
                nonisolated func $lazy(_ value: Impostor.Matcher<Impostor.NonEscapingClosure> = Impostor.any()) -> Impostor.CallPrototype<Impostor.NonEscapingClosure, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_lazy, as: Impostor.MockReference<Impostor.NonEscapingClosure, Void, Never>.self), value)
                }

                func bump(_ counter: inout Int) {
                    let inout_counter = Impostor.InoutArgument(counter)
                    defer {
                        counter = inout_counter.value
                    }
                    return self.call(self._mockReference(_MockKeys_Runner.key_bump, as: Impostor.MockReference<Impostor.InoutArgument<Int>, Void, Never>.self), args: inout_counter)
                }

                @discardableResult
                nonisolated func $bump(_ counter: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Impostor.InoutArgument<Int>, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_bump, as: Impostor.MockReference<Impostor.InoutArgument<Int>, Void, Never>.self), counter._inoutArgument)
                }

                func many(_ values: Int...) {
                    self.call(self._mockReference(_MockKeys_Runner.key_many, as: Impostor.MockReference<[Int], Void, Never>.self), args: values)
                }

                @discardableResult
                nonisolated func $many(_ values: Impostor.Matcher<[Int]> = Impostor.any()) -> Impostor.CallPrototype<[Int], Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_many, as: Impostor.MockReference<[Int], Void, Never>.self), values)
                }

                func unnamed(_ arg0: Int, in: String) {
                    self.call(self._mockReference(_MockKeys_Runner.key_unnamed, as: Impostor.MockReference<Int, String, Void, Never>.self), args: arg0, `in`)
                }

                @discardableResult
                nonisolated func $unnamed(_ arg0: Impostor.Matcher<Int> = Impostor.any(), in: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<Int, String, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Runner.key_unnamed, as: Impostor.MockReference<Int, String, Void, Never>.self), arg0, `in`)
                }
            }
            """)
    }
}
