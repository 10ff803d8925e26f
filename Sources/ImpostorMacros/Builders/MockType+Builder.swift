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
        return "\(isolation)\(access)final class \(mockName)\(genericClause): \(RuntimeNames.mock), \(name), "
            + "\(RuntimeNames.mockConstructible)\(sendable)\(whereClause) {\n}"
    }
}
