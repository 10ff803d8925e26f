extension MockedProtocol {
    /// `<Item: Codable, Key>`, the associated types as the mock's generic parameters.
    private var genericClause: String {
        guard !associatedTypes.isEmpty else { return "" }
        let parameters = associatedTypes.map { type in type.constraint.map { "\(type.name): \($0)" } ?? type.name }
        return "<\(parameters.joined(separator: ", "))>"
    }

    private var whereClause: String {
        whereRequirements.isEmpty ? "" : " where " + whereRequirements.joined(separator: ", ")
    }

    /// The mock type: a final `Mock` subclass, or an actor holding its `MockCore` for a
    /// protocol that refines `Actor` (an actor cannot inherit a class).
    var mockTypeDeclaration: String {
        let isolation = globalActor.map { $0 + "\n" } ?? ""
        if isActor {
            let core = RuntimeNames.mockCore
            return block(
                "\(access)actor \(mockName)\(genericClause): \(name), \(RuntimeNames.mocking), \(RuntimeNames.mockConstructible)\(whereClause)",
                [
                    "\(access)nonisolated let mockCore: \(core)", "",
                    block("\(access)init(named name: String? = nil)", ["mockCore = \(core)(named: name ?? \"\(mockName)\")"]),
                ])
        }
        // Every mock is `@unchecked Sendable`: its only state is its `MockCore`, which is
        // Sendable, and the macro cannot see whether a refined protocol requires Sendable. A
        // global actor does not make it Sendable, since its superclass `Mock` is not.
        let sendable = ", @unchecked Sendable"
        // Restated `nonisolated`, so that a target whose default isolation is the main actor
        // does not isolate it, unlike the `Mock` initializer it overrides.
        let initializer = block(
            "\(access)nonisolated override init(named name: String? = nil)", ["super.init(named: name)"])
        return block(
            "\(isolation)\(access)final class \(mockName)\(genericClause): \(RuntimeNames.mock), \(name), "
                + "\(RuntimeNames.mockConstructible)\(sendable)\(whereClause)",
            [initializer] + conformanceMembers)
    }
}

extension MockedProtocol {
    /// What the standard protocols a mocked protocol may refine ask of the mock: identity is
    /// equality (each mock is one object), and the description is the mock's name.
    var conformanceMembers: [String] {
        var members: [String] = []
        if inherits("Equatable") || inherits("Hashable") {
            members += ["", block("\(access)static func == (lhs: \(mockName), rhs: \(mockName)) -> Bool", ["lhs === rhs"])]
        }
        if inherits("Hashable") {
            members += ["", block("\(access)func hash(into hasher: inout Hasher)", ["hasher.combine(ObjectIdentifier(self))"])]
        }
        if inherits("CustomStringConvertible") {
            members += ["", block("\(access)var description: String", ["mockCore.name"])]
        }
        return members
    }

    private func inherits(_ protocolName: String) -> Bool {
        inherited.contains(protocolName) || inherited.contains("Swift." + protocolName)
    }
}
