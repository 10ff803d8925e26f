import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Standard protocols and where clauses on Self")
struct StandardConformanceTests {
    @Test("Hashable and CustomStringConvertible: equality and hash by identity, the description is the mock's name")
    func hashableAndDescribed() {
        assertMockable(
            """
            @Mockable
            protocol Token: Hashable, CustomStringConvertible {
                var value: String { get }
            }
            """,
            expandedSource: """
            protocol Token: Hashable, CustomStringConvertible {
                var value: String { get }
            }

            final class TokenMock: Impostor.Mock, Token, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }

                static func == (lhs: TokenMock, rhs: TokenMock) -> Bool {
                    lhs === rhs
                }

                func hash(into hasher: inout Hasher) {
                    hasher.combine(ObjectIdentifier(self))
                }

                var description: String {
                    mockCore.name
                }
            }

            enum _MockKeys_Token {
                nonisolated static let key_value_get = Impostor._MockMemberKey(named: "value.get")
            }

            extension Token where Self: Impostor.Mocking & Sendable {
                var value: String {
                    get {
                        self.call(self._mockReference(_MockKeys_Token.key_value_get, as: Impostor.MockReference<String, Never>.self))
                    }
                }

                nonisolated var $value: Impostor.PropertyPrototype<Impostor.CallPrototype<String, Never>> {
                    Impostor.PropertyPrototype(get: Impostor.CallPrototype(self._mockReference(_MockKeys_Token.key_value_get, as: Impostor.MockReference<String, Never>.self)))
                }
            }
            """)
    }

    @Test("Equatable alone: == by identity, no hash(into:)")
    func equatable() {
        assertMockable(
            """
            @Mockable
            protocol Version: Equatable {
                func major() -> Int
            }
            """,
            expandedSource: """
            protocol Version: Equatable {
                func major() -> Int
            }

            final class VersionMock: Impostor.Mock, Version, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }

                static func == (lhs: VersionMock, rhs: VersionMock) -> Bool {
                    lhs === rhs
                }
            }

            enum _MockKeys_Version {
                nonisolated static let key_major = Impostor._MockMemberKey(named: "major")
            }

            extension Version where Self: Impostor.Mocking & Sendable {
                func major() -> Int {
                    self.call(self._mockReference(_MockKeys_Version.key_major, as: Impostor.MockReference<Int, Never>.self))
                }

                @discardableResult
                nonisolated func $major() -> Impostor.CallPrototype<Int, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Version.key_major, as: Impostor.MockReference<Int, Never>.self))
                }
            }
            """)
    }

    @Test("where Self: AnyObject says what the mock already is: nothing is copied, nothing diagnosed")
    func whereSelfAnyObject() {
        assertMockable(
            """
            @Mockable
            protocol Delegate where Self: AnyObject {
                func didFinish(_ code: Int)
            }
            """,
            expandedSource: """
            protocol Delegate where Self: AnyObject {
                func didFinish(_ code: Int)
            }

            final class DelegateMock: Impostor.Mock, Delegate, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Delegate {
                nonisolated static let key_didFinish = Impostor._MockMemberKey(named: "didFinish(_:)")
            }

            extension Delegate where Self: Impostor.Mocking & Sendable {
                func didFinish(_ code: Int) {
                    self.call(self._mockReference(_MockKeys_Delegate.key_didFinish, as: Impostor.MockReference<Int, Void, Never>.self), args: code)
                }

                @discardableResult
                nonisolated func $didFinish(_ code: Impostor.Matcher<Int> = Impostor.any()) -> Impostor.CallPrototype<Int, Void, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Delegate.key_didFinish, as: Impostor.MockReference<Int, Void, Never>.self), code)
                }
            }
            """)
    }

    @Test("a same-type requirement on a parent's associated type holds through the conformance; the mock is not generic")
    func sameTypeOnParentAssociatedType() {
        assertMockable(
            """
            @Mockable
            protocol UserRepository: Repository where Entity == User {
                func current() -> User
            }
            """,
            expandedSource: """
            protocol UserRepository: Repository where Entity == User {
                func current() -> User
            }

            final class UserRepositoryMock: Impostor.Mock, UserRepository, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_UserRepository {
                nonisolated static let key_current = Impostor._MockMemberKey(named: "current")
            }

            extension UserRepository where Self: Impostor.Mocking & Sendable {
                func current() -> User {
                    self.call(self._mockReference(_MockKeys_UserRepository.key_current, as: Impostor.MockReference<User, Never>.self))
                }

                @discardableResult
                nonisolated func $current() -> Impostor.CallPrototype<User, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_UserRepository.key_current, as: Impostor.MockReference<User, Never>.self))
                }
            }
            """)
    }

    @Test("a custom global actor isolates the class and the extension like @MainActor")
    func customGlobalActor() {
        assertMockable(
            """
            @Storage
            @Mockable
            protocol Vault {
                func read(_ key: String) -> String?
            }
            """,
            expandedSource: """
            @Storage
            protocol Vault {
                func read(_ key: String) -> String?
            }

            @Storage
            final class VaultMock: Impostor.Mock, Vault, Impostor._MockConstructible, @unchecked Sendable {
                nonisolated override init(named name: String? = nil) {
                    super.init(named: name)
                }
            }

            enum _MockKeys_Vault {
                nonisolated static let key_read = Impostor._MockMemberKey(named: "read(_:)")
            }

            @Storage extension Vault where Self: Impostor.Mocking & Sendable {
                func read(_ key: String) -> String? {
                    self.call(self._mockReference(_MockKeys_Vault.key_read, as: Impostor.MockReference<String, String?, Never>.self), args: key)
                }

                @discardableResult
                nonisolated func $read(_ key: Impostor.Matcher<String> = Impostor.any()) -> Impostor.CallPrototype<String, String?, Never> {
                    Impostor.CallPrototype(self._mockReference(_MockKeys_Vault.key_read, as: Impostor.MockReference<String, String?, Never>.self), key)
                }
            }
            """)
    }
}
