extension MockedProtocol {
    /// The protocol's mock members, for every `Mocking` type that adopts it (so also for the mock
    /// of a protocol that refines it), and its initializers for the mocks that can be made.
    func extensionDeclarations(for type: String, condition: String?) -> [String] {
        var members: [String] = []
        var initializers: [String] = []
        let memberAccess = access
        let keys = keysType(for: type)
        for requirement in requirements.map({ $0.keyed(in: keys) }) {
            switch requirement {
            case .method(let method): members += method.declarations(access: memberAccess)
            case .property(let property): members += property.declarations(access: memberAccess)
            case .subscriptRequirement(let subscriptRequirement): members += subscriptRequirement.declarations(access: memberAccess)
            case .initializer(let initializer): initializers += initializer.declarations(access: memberAccess)
            }
        }
        let isolation = globalActor.map { $0 + " " } ?? ""
        // An isolated member's `await call(...)` sends `self` to the runtime's nonisolated
        // `call`. Members can be isolated one by one, or through a parent protocol the macro
        // cannot see, so the extension always asks for Sendable: every generated mock is.
        let sendable = " & Sendable"
        var extensions: [String] = []
        if !members.isEmpty {
            extensions.append(Self.extensionText("\(isolation)extension \(type) where Self: \(RuntimeNames.mocking)\(sendable)", members, condition))
        }
        if !initializers.isEmpty {
            extensions.append(Self.extensionText(
                "\(isolation)extension \(type) where Self: \(RuntimeNames.mockConstructible)", initializers, condition))
        }
        return extensions
    }

    /// An extension with `members` a blank line apart, inside `#if condition` when there is one.
    private static func extensionText(_ header: String, _ members: [String], _ condition: String?) -> String {
        var body = Array(members.map { [$0] }.joined(separator: [""]))
        if let condition { body = ["#if \(condition)"] + body + ["#endif"] }
        return block(header, body)
    }
}
