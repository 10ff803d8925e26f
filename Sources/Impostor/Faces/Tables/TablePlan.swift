/// What `mockTable` makes of a table type, decided before any mock is made: the mock of each
/// function-pointer field, its name and capture declarations, and every problem found.
struct TablePlan {
    struct Field {
        let member: TableLayout.Member
        /// `io.xRead`, `plugin.handlers[2]`.
        let mockName: String
        let capturing: [Int: PointerCapture]
        /// False when the field's function type cannot be mocked (reported in `problems`).
        let isMockable: Bool
        /// True when `keeping` names it and a template was given: the template's function
        /// pointer stays, and no mock is made.
        let isKept: Bool
    }

    let name: String
    /// Nil when the type is not a struct or tuple.
    let layout: TableLayout?
    private(set) var fields: [Field] = []
    /// In the order they are reported; makeMockTable throws the first.
    private(set) var problems: [MockCreationError] = []

    init(
        _ type: Any.Type, named name: String, keeping: Set<String> = [], hasTemplate: Bool = false,
        capturing: [String: [Int: PointerCapture]], unnamedMembers: UnnamedMembers
    ) {
        self.name = name
        let typeName = TypeMetadata.name(of: type)
        guard let layout = TableLayout(of: type) else {
            layout = nil
            problems.append(MockCreationError(.notATable(type: typeName, mock: name)))
            return
        }
        self.layout = layout
        if unnamedMembers == .fail, !layout.unnamed.isEmpty {
            problems.append(MockCreationError(.unnamedTableMembers(type: typeName, mock: name, members: layout.unnamed)))
        }
        if layout.members.isEmpty {
            problems.append(MockCreationError(.tableWithoutFunctions(type: typeName, mock: name)))
        }
        for key in capturing.keys.sorted() where !layout.memberPaths.contains(key) {
            problems.append(MockCreationError(.unknownTableField(type: typeName, mock: name, field: key, fields: layout.memberPaths)))
        }
        for key in keeping.sorted() where !layout.memberPaths.contains(key) {
            problems.append(MockCreationError(.unknownKeptTableField(type: typeName, mock: name, field: key, fields: layout.memberPaths)))
        }
        let kept = hasTemplate ? keeping : []
        if !hasTemplate, !keeping.isEmpty {
            problems.append(MockCreationError(.keptTableFieldsWithoutTemplate(mock: name, fields: keeping.sorted())))
        }
        for key in kept.sorted() where capturing[key] != nil {
            problems.append(MockCreationError(.capturingKeptTableField(mock: name, field: key)))
        }
        for member in layout.members {
            let mockName = member.path.hasPrefix("[") ? name + member.path : "\(name).\(member.path)"
            if kept.contains(member.path) {
                fields.append(Field(member: member, mockName: mockName, capturing: [:], isMockable: true, isKept: true))
                continue
            }
            let declared = capturing[member.path] ?? [:]
            var isMockable = true
            do {
                let signature = try SignatureCache.signature(of: TypeMetadata.wrappedType(ofOptional: member.type) ?? member.type)
                for problem in CapturePlan.declared(declared, over: signature.parameters).problems {
                    let reason = MockCreationError.Reason.invalidCapture(function: signature.typeName, mock: mockName, problem: problem)
                    problems.append(MockCreationError(.tableField(type: typeName, field: member.path, reason: reason)))
                }
            } catch {
                isMockable = false
                problems.append(MockCreationError(.tableField(type: typeName, field: member.path, reason: error.reason)))
            }
            fields.append(Field(member: member, mockName: mockName, capturing: declared, isMockable: isMockable, isKept: false))
        }
    }
}
