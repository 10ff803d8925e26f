// MARK: Method tables

extension FailureMessages {
    /// Why `mockTable` could not mock a table, or one of its fields.
    static func tableCreation(_ reason: MockCreationError.Reason) -> String {
        switch reason {
        case .notATable(let type, let mock):
            return "Cannot mock \(type) as the table \(mock): mockTable needs a struct of function pointers, "
                + "such as sqlite3_io_methods. For a single function pointer, use mockFunction."
        case .tableWithoutFunctions(let type, let mock):
            return "Cannot mock \(type) as the table \(mock): it has no function-pointer fields, so there is nothing to mock."
        case .unnamedTableMembers(let type, let mock, let members):
            return "Cannot mock every function pointer of \(type) as the table \(mock): Swift's reflection cannot name "
                + "what lies in \(members.map(unnamedMember).joined(separator: ", ")), so a function pointer there "
                + "would not be mocked. Mock the fields you need one by one with mockFunction, or pass "
                + "`unnamedMembers: .keepBytes` to leave those bytes as the template has them (zero without one)."
        case .unknownTableField(let type, let mock, let field, let fields):
            return "capturing: [\"\(field)\": …] names no function-pointer field of \(type) (the table \(mock)); "
                + "its function-pointer fields are \(fields.joined(separator: ", ")). The declaration was left out."
        case .unknownKeptTableField(let type, let mock, let field, let fields):
            return "keeping: [\"\(field)\"] names no function-pointer field of \(type) (the table \(mock)); its "
                + "function-pointer fields are \(fields.joined(separator: ", ")). Every field that can be is a mock."
        case .keptTableFieldsWithoutTemplate(let mock, let fields):
            return "keeping: [\(fields.map { "\"\($0)\"" }.joined(separator: ", "))] keeps the template's function pointers, "
                + "but the table \(mock) was given no template: those fields are mocks as the others. Pass template: with "
                + "the real functions in them."
        case .capturingKeptTableField(let mock, let field):
            return "capturing: [\"\(field)\": …] declares copies for a field of the table \(mock) that keeping: leaves as "
                + "the template has it, so no mock records its calls. The declaration was left out."
        case .tableField(let type, let field, let reason):
            return "Field \(field) of \(type): " + creation(reason)
        default:
            return creation(reason)
        }
    }

    /// `u (ct_value, a union or bitfields: bytes 16..<24)`, `bytes 8..<12 of inner`.
    private static func unnamedMember(_ member: UnnamedMember) -> String {
        let bytes = "bytes \(member.range.lowerBound)..<\(member.range.upperBound)"
        let within = member.path.isEmpty ? "" : " of \(member.path)"
        switch member.kind {
        case .opaque(let type):
            return member.path.isEmpty
                ? "\(type) (a union or bitfields: \(bytes))"
                : "\(member.path) (\(type), a union or bitfields: \(bytes))"
        case .gap:
            return "\(bytes)\(within) (bitfields, or an anonymous union or struct)"
        }
    }
}
