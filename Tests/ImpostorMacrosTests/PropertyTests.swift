import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Properties: get, get set, async and throwing getters")
struct PropertyTests {
    @Test("getters and setters record under name.get and name.set; $name gives their prototypes")
    func properties() {
        assertMockable(
            """
            @Mockable
            protocol Settings {
                var name: String { get }
                var volume: Int { get set }
                var remote: Int { get async }
                var fragile: Int { get throws }
                var loaded: Data { get async throws }
                var legacy: Int! { get }
            }
            """,
            expandedSource: """
            protocol Settings {
                var name: String { get }
                var volume: Int { get set }
                var remote: Int { get async }
                var fragile: Int { get throws }
                var loaded: Data { get async throws }
                var legacy: Int! { get }
            }

            final class SettingsMock: Impostor.Mock, Settings, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            extension Settings where Self: Impostor.Mocking & Sendable {
                var name: String {
                    get {
                        self.call(self._mockReference("Settings.name.get", named: "name", as: Impostor.MockReference<String, Never>.self))
                    }
                }

                nonisolated var $name: Impostor.PropertyPrototype<Impostor.CallPrototype<String, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference("Settings.name.get", named: "name", as: Impostor.MockReference<String, Never>.self)))
                }

                var volume: Int {
                    get {
                        self.call(self._mockReference("Settings.volume.get", named: "volume.get", as: Impostor.MockReference<Int, Never>.self))
                    }
                    set {
                        self.call(self._mockReference("Settings.volume.set", named: "volume.set", as: Impostor.MockReference<Int, Void, Never>.self), args: newValue)
                    }
                }

                nonisolated var $volume: Impostor.SettablePropertyPrototype<Impostor.CallPrototype<Int, Never>, Impostor.CallPrototype<Int, Void, Never>, Int> {
                    Impostor.SettablePropertyPrototype(
                        get: Impostor.CallPrototype(self._mockReference("Settings.volume.get", named: "volume.get", as: Impostor.MockReference<Int, Never>.self)),
                        set: { newValue in
                            Impostor.CallPrototype(self._mockReference("Settings.volume.set", named: "volume.set", as: Impostor.MockReference<Int, Void, Never>.self), newValue)
                        })
                }

                var remote: Int {
                    get async {
                        await self.call(self._mockReference("Settings.remote.get", named: "remote", isAsync: true, as: Impostor.MockReference<Int, Never>.self))
                    }
                }

                nonisolated var $remote: Impostor.PropertyPrototype<Impostor.CallPrototype<Int, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference("Settings.remote.get", named: "remote", isAsync: true, as: Impostor.MockReference<Int, Never>.self)))
                }

                var fragile: Int {
                    get throws {
                        try self.call(self._mockReference("Settings.fragile.get", named: "fragile", as: Impostor.MockReference<Int, any Error>.self))
                    }
                }

                nonisolated var $fragile: Impostor.PropertyPrototype<Impostor.CallPrototype<Int, any Error>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference("Settings.fragile.get", named: "fragile", as: Impostor.MockReference<Int, any Error>.self)))
                }

                var loaded: Data {
                    get async throws {
                        try await self.call(self._mockReference("Settings.loaded.get", named: "loaded", isAsync: true, as: Impostor.MockReference<Data, any Error>.self))
                    }
                }

                nonisolated var $loaded: Impostor.PropertyPrototype<Impostor.CallPrototype<Data, any Error>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference("Settings.loaded.get", named: "loaded", isAsync: true, as: Impostor.MockReference<Data, any Error>.self)))
                }

                var legacy: Int? {
                    get {
                        self.call(self._mockReference("Settings.legacy.get", named: "legacy", as: Impostor.MockReference<Int?, Never>.self))
                    }
                }

                nonisolated var $legacy: Impostor.PropertyPrototype<Impostor.CallPrototype<Int?, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference("Settings.legacy.get", named: "legacy", as: Impostor.MockReference<Int?, Never>.self)))
                }
            }
            """)
    }
}
