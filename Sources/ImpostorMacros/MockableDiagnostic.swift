import SwiftDiagnostics

// Every text `@Mockable` shows at compile time, in one place (the runtime's texts are in its
// Reporting/ folder; this target cannot import the runtime). Each is an error: the macro then
// writes no mock, so the only message is this one, at the declaration it is about.

enum MockableDiagnostic: DiagnosticMessage {
    case notAProtocol(kind: String)
    case conditionNotAStringLiteral
    case conditionNotACondition(String)
    case requirementInsideIfConfig
    case operatorRequirement(String)
    case parameterPack(String)
    case genericTypedThrows(String)
    case associatedTypeWhereSelf(String)
    case prototypeCollision(prototype: String, other: String)
    case sendingResult(String)

    var message: String {
        switch self {
        case .notAProtocol(let kind):
            return "@Mockable applies to a protocol, not to a \(kind): it writes a mock of the protocol's requirements"
        case .conditionNotAStringLiteral:
            return "compilationCondition must be a string literal, such as \"DEBUG\", so that the macro can write it after #if"
        case .conditionNotACondition(let text):
            return "'\(text)' is not a compilation condition: write one as after #if, such as \"DEBUG\" or \"DEBUG && canImport(Testing)\""
        case .requirementInsideIfConfig:
            return "@Mockable cannot mock a requirement inside #if: the macro cannot tell which branch is compiled; move the requirement out of #if or mock the protocol by hand with Impostor.Mock"
        case .operatorRequirement(let name):
            return "@Mockable cannot mock operator '\(name)': its $ prototype would be named after the operator, which Swift does not allow; mock the protocol by hand with Impostor.Mock"
        case .parameterPack(let name):
            return "@Mockable cannot mock '\(name)': a parameter pack has no single type to record its arguments as; mock the protocol by hand with Impostor.Mock"
        case .genericTypedThrows(let name):
            return "@Mockable cannot mock '\(name)': its thrown error type is one of its own generic parameters, which a reference cannot name; throw 'any Error' or a concrete error type"
        case .associatedTypeWhereSelf(let name):
            return "@Mockable cannot write the mock's constraint for associated type '\(name)': its where clause names Self, which a generic parameter of the mock cannot refer to; name the associated types without 'Self.'"
        case .sendingResult(let name):
            return "@Mockable cannot mock '\(name)': its result is 'sending', but the mock keeps every result in its call log, so the value is never disconnected from it; drop 'sending' or mock the protocol by hand with Impostor.Mock"
        case .prototypeCollision(let prototype, let other):
            return "'\(prototype)' would be declared twice: this requirement and '\(other)' take the same labels and record the same argument types (a generic value as Any, a non-escaping closure as NonEscapingClosure); give one of them another argument label"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .notAProtocol: id = "notAProtocol"
        case .conditionNotAStringLiteral: id = "conditionNotAStringLiteral"
        case .conditionNotACondition: id = "conditionNotACondition"
        case .requirementInsideIfConfig: id = "requirementInsideIfConfig"
        case .operatorRequirement: id = "operatorRequirement"
        case .parameterPack: id = "parameterPack"
        case .genericTypedThrows: id = "genericTypedThrows"
        case .associatedTypeWhereSelf: id = "associatedTypeWhereSelf"
        case .prototypeCollision: id = "prototypeCollision"
        case .sendingResult: id = "sendingResult"
        }
        return MessageID(domain: "Impostor", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its' texts.
enum MockableFixIt: FixItMessage {
    case removeAttribute
    case quoteCondition(String)

    var message: String {
        switch self {
        case .removeAttribute: return "Remove '@Mockable'"
        case .quoteCondition(let text): return "Write the condition as the string \"\(text)\""
        }
    }

    var fixItID: MessageID {
        switch self {
        case .removeAttribute: return MessageID(domain: "Impostor", id: "removeAttribute")
        case .quoteCondition: return MessageID(domain: "Impostor", id: "quoteCondition")
        }
    }
}
