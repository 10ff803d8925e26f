// What the macro knows about the protocol once it has read it: the small model the builders
// turn into the mock class and the protocol extension.

/// The protocol to mock.
struct MockedProtocol {
    /// The protocol's name, which the names of its mock and of its keys enum are made from.
    var name: String
    /// The access modifier the mock and its members get, with its trailing space (`"public "`),
    /// or `""` for internal.
    var access: String
    /// True for a protocol that refines `Actor`: its mock is an actor holding a `MockCore`.
    var isActor: Bool
    /// The protocols it refines, as written: the standard ones ask the mock for members.
    var inherited: [String]
    /// `@MainActor` or another global actor the protocol is isolated to, as written.
    var globalActor: String?
    /// The associated types, which become the mock's generic parameters.
    var associatedTypes: [AssociatedType]
    /// Same-type and conformance requirements the mock's generic parameters must meet.
    var whereRequirements: [String]
    var requirements: [Requirement]

    /// The mock type's name: `AlbumServiceMock`.
    var mockName: String { name + "Mock" }
}

/// An associated type, witnessed by the mock's generic parameter of the same name.
struct AssociatedType {
    var name: String
    /// `Codable & Hashable`, or nil.
    var constraint: String?
}

/// One requirement of the protocol, and what the mock records for it.
enum Requirement {
    case method(Method)
    case property(Property)
    case subscriptRequirement(Subscript)
    case initializer(Initializer)
}

struct Method {
    /// Written before `func`: the requirement's attributes, such as `@discardableResult`.
    var attributes: String
    var name: String
    var genericClause: String
    var whereClause: String
    /// `async throws(E)` and the like, as the implementation declares them.
    var effects: String
    /// `-> Album`, or `""`.
    var returnClause: String
    var call: CallShape
}

struct Property {
    var attributes: String
    var name: String
    var type: String
    /// `async throws`, the getter's effects.
    var getterEffects: String
    var getter: CallShape
    var setter: CallShape?
}

struct Subscript {
    var attributes: String
    var genericClause: String
    var whereClause: String
    var resultType: String
    var getterEffects: String
    var getter: CallShape
    var setter: CallShape?
}

struct Initializer {
    var attributes: String
    /// `?`, `!` or `""`.
    var optionalMark: String
    var genericClause: String
    var whereClause: String
    var effects: String
    var call: CallShape
}
