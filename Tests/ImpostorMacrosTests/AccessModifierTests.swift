import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("The protocol’s access level and Sendable")
struct AccessModifierTests {
    @Test("a public Sendable protocol: public mock and members")
    func publicSendable() {
        assertMockable(
            """
            @Mockable
            public protocol AlbumService: Sendable {
                func getAlbum(id: UUID) async throws -> Album
                var title: String { get set }
            }
            """,
            expandedSource: """
            public protocol AlbumService: Sendable {
                func getAlbum(id: UUID) async throws -> Album
                var title: String { get set }
            }

            public final class AlbumServiceMock: Impostor.Mock, AlbumService, Impostor._MockConstructible, @unchecked Sendable {
                public nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_AlbumService {
                nonisolated static let key_getAlbum = Impostor._MockMemberKey(named: "getAlbum(id:)", isAsync: true)
                nonisolated static let key_title_get = Impostor._MockMemberKey(named: "title.get")
                nonisolated static let key_title_set = Impostor._MockMemberKey(named: "title.set")
            }

            extension AlbumService where Self: Impostor.Mocking & Sendable {
                public func getAlbum(id: UUID) async throws -> Album {
                    try await self.call(self._mockReference(_MockKeys_AlbumService.key_getAlbum, as: Impostor.MockReference<UUID, Album, any Error>.self), args: id)
                }

                @discardableResult
                public nonisolated func $getAlbum(id: Impostor.Matcher<UUID> = Impostor.any()) -> Impostor.CallPrototype<UUID, Album, any Error> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_AlbumService.key_getAlbum, as: Impostor.MockReference<UUID, Album, any Error>.self), id)
                }

                public var title: String {
                    get {
                        self.call(self._mockReference(_MockKeys_AlbumService.key_title_get, as: Impostor.MockReference<String, Never>.self))
                    }
                    set {
                        self.call(self._mockReference(_MockKeys_AlbumService.key_title_set, as: Impostor.MockReference<String, Void, Never>.self), args: newValue)
                    }
                }

                public nonisolated var $title: Impostor.SettablePropertyPrototype<Impostor.CallPrototype<String, Never>, Impostor.CallPrototype<String, Void, Never>, String> {
                    Impostor.SettablePropertyPrototype(
                        get: Impostor.CallPrototype(self._mockReference(_MockKeys_AlbumService.key_title_get, as: Impostor.MockReference<String, Never>.self)),
                        set: { newValue in
                            Impostor.CallPrototype(self._mockReference(_MockKeys_AlbumService.key_title_set, as: Impostor.MockReference<String, Void, Never>.self), newValue)
                        })
                }
            }
            """)
    }
    @Test("package")
    func packageLevel() {
        assertMockable(
            """
            @Mockable
            package protocol Clock {
                func now() -> Double
            }
            """,
            expandedSource: """
            package protocol Clock {
                func now() -> Double
            }

            package final class ClockMock: Impostor.Mock, Clock, Impostor._MockConstructible, @unchecked Sendable {
                package nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Clock {
                nonisolated static let key_now = Impostor._MockMemberKey(named: "now")
            }

            extension Clock where Self: Impostor.Mocking & Sendable {
                package func now() -> Double {
                    self.call(self._mockReference(_MockKeys_Clock.key_now, as: Impostor.MockReference<Double, Never>.self))
                }

                @discardableResult
                package nonisolated func $now() -> Impostor.CallPrototype<Double, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Clock.key_now, as: Impostor.MockReference<Double, Never>.self))
                }
            }
            """)
    }
    @Test("private becomes fileprivate")
    func privateLevel() {
        assertMockable(
            """
            @Mockable
            private protocol Secret {
                func value() -> Int
            }
            """,
            expandedSource: """
            private protocol Secret {
                func value() -> Int
            }

            fileprivate final class SecretMock: Impostor.Mock, Secret, Impostor._MockConstructible, @unchecked Sendable {
                fileprivate nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            fileprivate enum _MockKeys_Secret {
                nonisolated static let key_value = Impostor._MockMemberKey(named: "value")
            }

            extension Secret where Self: Impostor.Mocking & Sendable {
                fileprivate func value() -> Int {
                    self.call(self._mockReference(_MockKeys_Secret.key_value, as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                fileprivate nonisolated func $value() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Secret.key_value, as: Impostor.MockReference<Int, Never>.self))
                }
            }
            """)
    }
}
