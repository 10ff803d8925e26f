import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The macro's arguments: `@Mockable(compilationCondition: "DEBUG")`.
struct MockableOptions {
    /// The condition the mock is compiled under, as written after `#if`; nil for always.
    var condition: String?

    init(_ attribute: AttributeSyntax, diagnostics: inout [Diagnostic]) {
        guard case .argumentList(let arguments)? = attribute.arguments,
            let argument = arguments.first(where: { $0.label?.text == "compilationCondition" })
        else { return }
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1, case .stringSegment(let segment)? = literal.segments.first
        else {
            diagnostics.append(Self.notALiteral(argument.expression))
            return
        }
        let text = segment.content.text
        // The text goes after `#if` as it is, so it must read as a condition there.
        if text.trimmingWhitespace.isEmpty || ExprSyntax("\(raw: text)").hasError {
            diagnostics.append(Diagnostic(node: literal, message: MockableDiagnostic.conditionNotACondition(text)))
            return
        }
        condition = text
    }

    /// An unquoted condition (`compilationCondition: DEBUG`) gets a fix-it that quotes it.
    private static func notALiteral(_ expression: ExprSyntax) -> Diagnostic {
        let text = expression.trimmedDescription
        let quoted = StringLiteralExprSyntax(content: text)
        return Diagnostic(
            node: expression, message: MockableDiagnostic.conditionNotAStringLiteral,
            fixIt: FixIt(
                message: MockableFixIt.quoteCondition(text),
                changes: [.replace(oldNode: Syntax(expression), newNode: Syntax(quoted.with(\.leadingTrivia, expression.leadingTrivia).with(\.trailingTrivia, expression.trailingTrivia)))]))
    }
}

extension String {
    /// The text without leading and trailing whitespace (this target does without Foundation).
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
