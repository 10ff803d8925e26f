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

            enum _MockKeys_Settings {
                nonisolated static let key_name_get = Impostor._MockMemberKey(named: "name.get")
                nonisolated static let key_volume_get = Impostor._MockMemberKey(named: "volume.get")
                nonisolated static let key_volume_set = Impostor._MockMemberKey(named: "volume.set")
                nonisolated static let key_remote_get = Impostor._MockMemberKey(named: "remote.get", isAsync: true)
                nonisolated static let key_fragile_get = Impostor._MockMemberKey(named: "fragile.get")
                nonisolated static let key_loaded_get = Impostor._MockMemberKey(named: "loaded.get", isAsync: true)
                nonisolated static let key_legacy_get = Impostor._MockMemberKey(named: "legacy.get")
            }

            extension Settings where Self: Impostor.Mocking & Sendable {
                var name: String {
                    get {
                        self.call(self._mockReference(_MockKeys_Settings.key_name_get, as: Impostor.MockReference<String, Never>.self))
                    }
                }

                nonisolated var $name: Impostor.PropertyPrototype<Impostor.CallPrototype<String, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_name_get, as: Impostor.MockReference<String, Never>.self)))
                }

                var volume: Int {
                    get {
                        self.call(self._mockReference(_MockKeys_Settings.key_volume_get, as: Impostor.MockReference<Int, Never>.self))
                    }
                    set {
                        self.call(self._mockReference(_MockKeys_Settings.key_volume_set, as: Impostor.MockReference<Int, Void, Never>.self), args: newValue)
                    }
                }

                nonisolated var $volume: Impostor.SettablePropertyPrototype<Impostor.CallPrototype<Int, Never>, Impostor.CallPrototype<Int, Void, Never>, Int> {
                    Impostor.SettablePropertyPrototype(
                        get: Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_volume_get, as: Impostor.MockReference<Int, Never>.self)),
                        set: { newValue in
                            Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_volume_set, as: Impostor.MockReference<Int, Void, Never>.self), newValue)
                        })
                }

                var remote: Int {
                    get async {
                        await self.call(self._mockReference(_MockKeys_Settings.key_remote_get, as: Impostor.MockReference<Int, Never>.self))
                    }
                }

                nonisolated var $remote: Impostor.PropertyPrototype<Impostor.CallPrototype<Int, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_remote_get, as: Impostor.MockReference<Int, Never>.self)))
                }

                var fragile: Int {
                    get throws {
                        try self.call(self._mockReference(_MockKeys_Settings.key_fragile_get, as: Impostor.MockReference<Int, any Error>.self))
                    }
                }

                nonisolated var $fragile: Impostor.PropertyPrototype<Impostor.CallPrototype<Int, any Error>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_fragile_get, as: Impostor.MockReference<Int, any Error>.self)))
                }

                var loaded: Data {
                    get async throws {
                        try await self.call(self._mockReference(_MockKeys_Settings.key_loaded_get, as: Impostor.MockReference<Data, any Error>.self))
                    }
                }

                nonisolated var $loaded: Impostor.PropertyPrototype<Impostor.CallPrototype<Data, any Error>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_loaded_get, as: Impostor.MockReference<Data, any Error>.self)))
                }

                var legacy: Int? {
                    get {
                        self.call(self._mockReference(_MockKeys_Settings.key_legacy_get, as: Impostor.MockReference<Int?, Never>.self))
                    }
                }

                nonisolated var $legacy: Impostor.PropertyPrototype<Impostor.CallPrototype<Int?, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Settings.key_legacy_get, as: Impostor.MockReference<Int?, Never>.self)))
                }
            }
            """)
    }
}
