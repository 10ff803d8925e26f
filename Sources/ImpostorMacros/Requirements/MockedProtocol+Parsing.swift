import SwiftDiagnostics
import SwiftSyntax

extension MockedProtocol {
    /// Reads `declaration`; a requirement the mock cannot implement adds a diagnostic at it.
    init(_ declaration: ProtocolDeclSyntax, diagnostics: inout [Diagnostic]) {
        name = declaration.name.text
        access = Self.accessModifier(of: declaration.modifiers)
        inherited = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        isActor = inherited.contains { $0 == "Actor" || $0 == "_Concurrency.Actor" }
        // A global actor is any attribute without arguments that Swift does not define itself.
        globalActor = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.arguments == nil && !Self.nonActorAttributes.contains($0.attributeName.trimmedDescription) }?
            .trimmedDescription
        associatedTypes = []
        whereRequirements = []
        requirements = []
        if let clause = declaration.genericWhereClause {
            readWhereClause(clause, of: name, diagnostics: &diagnostics)
        }
        var reader = RequirementReader()
        for item in declaration.memberBlock.members {
            readMember(item.decl, reader: &reader, diagnostics: &diagnostics)
        }
        diagnostics += PrototypeCollisions.check(reader.prototypes)
        // A parent's associated types, named in this protocol's where clause (`where Entity:
        // Identifiable`): the mock must be generic over them too, and the macro sees no other
        // sign of them.
        for inherited in Self.constrainedNames(declaration.genericWhereClause)
        where !associatedTypes.contains(where: { $0.name == inherited }) {
            associatedTypes.append(AssociatedType(name: inherited, constraint: nil))
        }
        // A requirement on a parent's associated type that the mock is not generic over
        // (`where Entity == User`) holds through the conformance; on the class it would be a
        // where clause on a type with no generic parameters.
        let generic = Set(associatedTypes.map(\.name))
        whereRequirements = whereRequirements.filter { generic.contains(String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" })) }
    }

    /// The plain names a where clause constrains by conformance: `Entity` in `where Entity: P`.
    private static func constrainedNames(_ clause: GenericWhereClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.requirements.compactMap { requirement in
            guard let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self),
                let name = conformance.leftType.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil,
                name.name.text != "Self"
            else { return nil }
            return name.name.text
        }
    }

    private mutating func readMember(_ decl: DeclSyntax, reader: inout RequirementReader, diagnostics: inout [Diagnostic]) {
        if let associated = decl.as(AssociatedTypeDeclSyntax.self) {
            let constraint = associated.inheritanceClause?.inheritedTypes
                .map { $0.type.trimmedDescription }.joined(separator: " & ")
            associatedTypes.append(AssociatedType(name: associated.name.text, constraint: constraint))
            if let clause = associated.genericWhereClause {
                readWhereClause(clause, of: associated.name.text, diagnostics: &diagnostics)
            }
        } else if decl.is(IfConfigDeclSyntax.self) {
            diagnostics.append(Diagnostic(node: decl, message: MockableDiagnostic.requirementInsideIfConfig))
        } else if let requirement = reader.read(decl, diagnostics: &diagnostics) {
            requirements.append(requirement)
        }
    }

    /// Moves a where clause to the mock's generic parameters, which cannot refer to `Self`.
    private mutating func readWhereClause(
        _ clause: GenericWhereClauseSyntax, of owner: String, diagnostics: inout [Diagnostic]
    ) {
        // `where Self: AnyObject` on the protocol says what the mock is already; nothing to copy.
        let requirements = clause.requirements.filter { requirement in
            guard let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self) else { return true }
            return conformance.leftType.trimmedDescription != "Self"
        }
        if requirements.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) } }) {
            diagnostics.append(Diagnostic(node: clause, message: MockableDiagnostic.associatedTypeWhereSelf(owner)))
            return
        }
        whereRequirements += requirements.map { $0.requirement.trimmedDescription }
    }

    /// The mock's access modifier: the protocol's, `private` widened to `fileprivate` (a
    /// private protocol is visible in its file, where its mock must be too).
    private static func accessModifier(of modifiers: DeclModifierListSyntax) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.package), .keyword(.fileprivate):
                return modifier.name.text + " "
            case .keyword(.private):
                return "fileprivate "
            default:
                continue
            }
        }
        return ""
    }

    /// Attributes a protocol may carry that are not global actors.
    static let nonActorAttributes: Set<String> = [
        "Mockable", "objc", "preconcurrency", "available", "_spi", "usableFromInline", "_marker", "frozen",
        "dynamicMemberLookup", "_documentation", "retroactive", "unchecked", "rethrows",
    ]
}
