import SwiftSyntax

// What the mock records for a declared type: `inout` and `@escaping` dropped, a non-escaping
// closure replaced by a marker, and a type naming the method's own generic parameters erased
// to `Any` (a reference is a type of the protocol extension, which cannot name them).

enum TypeText {
    /// How a parameter of type `type` is recorded: its reference type and the value passed.
    static func recorded(
        _ type: TypeSyntax, isVariadic: Bool, value: String, genericNames: Set<String>
    ) -> (type: String, value: String) {
        let (base, attributes) = unwrap(type)
        if !isVariadic, isFunction(base), !attributes.contains("escaping") {
            return (RuntimeNames.nonEscapingClosure, "\(RuntimeNames.nonEscapingClosure)()")
        }
        if mentions(genericNames, in: type) { return ("Any", value) }
        // `@escaping` and `@autoclosure` say how the value is passed, not what it is.
        let kept = attributes.filter { $0 != "escaping" && $0 != "autoclosure" }.map { "@\($0) " }.joined()
        let plain = kept + recordable(base)
        return (isVariadic ? "[\(plain)]" : plain, value)
    }

    /// The type as a generic argument can spell it: `Int!` becomes `Int?`, and specifiers that
    /// only a parameter or result may carry (`sending`, `borrowing`) are dropped.
    static func recordable(_ type: TypeSyntax) -> String {
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unwrapped.wrappedType.trimmedDescription + "?"
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let attributes = attributed.attributes.trimmedDescription
            return (attributes.isEmpty ? "" : attributes + " ") + recordable(attributed.baseType)
        }
        return type.trimmedDescription
    }

    /// True when `type` carries the specifier `keyword`: a `borrowing` parameter, whose value
    /// the mock must copy to record it, or a `sending` result.
    static func has(_ keyword: Keyword, _ type: TypeSyntax) -> Bool {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        let baseStart = attributed.baseType.position
        return attributed.tokens(viewMode: .sourceAccurate).contains { $0.position < baseStart && $0.tokenKind == .keyword(keyword) }
    }

    /// A name without the backticks that let a keyword be one: `` `default` `` → `default`.
    static func unquoted(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
    }

    /// True when `type` names one of `names`, or is an opaque `some` type (an unnamed generic).
    static func mentions(_ names: Set<String>, in type: some SyntaxProtocol) -> Bool {
        for token in type.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind, names.contains(text) { return true }
            if case .keyword(.some) = token.tokenKind { return true }
        }
        return false
    }

    /// The type without its specifiers (`inout`) and attributes, and the attributes' names.
    static func unwrap(_ type: TypeSyntax) -> (base: TypeSyntax, attributes: [String]) {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return (type, []) }
        let names = attributed.attributes.compactMap {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
        return (attributed.baseType, names)
    }

    /// A function type, possibly in parentheses: `() -> Void`, `((Int) -> Void)`.
    static func isFunction(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return isFunction(unwrap(only.type).base)
        }
        return false
    }

    /// Names that need backticks where the generated code uses them as values.
    static let expressionKeywords: Set<String> = [
        "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
        "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if",
        "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol",
        "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super",
        "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while", "Any",
    ]
}
