// The keys enum, a peer of the protocol: one `_MockMemberKey` per requirement, made once in the
// process, which a generated member passes to reach its reference by index on every call. The
// protocol extension cannot store them, nor can the mock class when it is generic.

extension MockedProtocol {
    /// `_MockKeys_AlbumService`, beside the protocol.
    var keysName: String { RuntimeNames.keysPrefix + name }

    /// The keys enum, or nil for a protocol with no member to record.
    var keysDeclaration: String? {
        let shapes = requirements.flatMap(\.callShapes)
        guard !shapes.isEmpty else { return nil }
        // Internal, since only the members' bodies name it; `fileprivate` beside a private
        // protocol, whose namesake in another file would otherwise clash with it.
        let enumAccess = access == "fileprivate " ? access : ""
        // `nonisolated`, so that a target whose default isolation is the main actor does not
        // isolate the keys its nonisolated members read.
        let keys = shapes.map { shape in
            "nonisolated static let \(shape.key) = \(RuntimeNames.memberKey)(named: \"\(shape.referenceName)\""
                + (shape.isAsync ? ", isAsync: true)" : ")")
        }
        return block("\(enumAccess)enum \(keysName)", keys)
    }

    /// The keys enum as the extension of `type` names it: `Outer._MockKeys_P` for `Outer.P`,
    /// since an extension at file scope does not see the types nested beside the protocol.
    func keysType(for type: String) -> String {
        guard let dot = type.lastIndex(of: ".") else { return keysName }
        return String(type[...dot]) + keysName
    }
}

extension Requirement {
    /// The callables the requirement records through, each with a key.
    var callShapes: [CallShape] {
        switch self {
        case .method(let method): [method.call]
        case .property(let property): [property.getter] + (property.setter.map { [$0] } ?? [])
        case .subscriptRequirement(let subscriptRequirement):
            [subscriptRequirement.getter] + (subscriptRequirement.setter.map { [$0] } ?? [])
        case .initializer(let initializer): [initializer.call]
        }
    }

    /// The requirement with its keys named in `keysType`.
    func keyed(in keysType: String) -> Requirement {
        func keyed(_ shape: CallShape) -> CallShape {
            var shape = shape
            shape.keysType = keysType
            return shape
        }
        switch self {
        case .method(var method):
            method.call = keyed(method.call)
            return .method(method)
        case .property(var property):
            property.getter = keyed(property.getter)
            property.setter = property.setter.map(keyed)
            return .property(property)
        case .subscriptRequirement(var subscriptRequirement):
            subscriptRequirement.getter = keyed(subscriptRequirement.getter)
            subscriptRequirement.setter = subscriptRequirement.setter.map(keyed)
            return .subscriptRequirement(subscriptRequirement)
        case .initializer(var initializer):
            initializer.call = keyed(initializer.call)
            return .initializer(initializer)
        }
    }
}
