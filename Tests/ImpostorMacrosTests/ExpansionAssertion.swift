import ImpostorMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

// Swift Testing rather than XCTest: SwiftSyntaxMacrosGenericTestSupport (600 and later) takes a
// failure handler, so `assertMacroExpansion` reports through `Issue.record` at the caller's
// line, like every other test in the package; SwiftSyntaxMacrosTestSupport would need XCTest.

/// Asserts that `source` expands to `expanded` with `diagnostics`, under `@Mockable`.
func assertMockable(
    _ source: String, expandedSource expanded: String, diagnostics: [DiagnosticSpec] = [],
    applyFixIts: [String]? = nil, fixedSource: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    assertMacroExpansion(
        source, expandedSource: expanded, diagnostics: diagnostics,
        macroSpecs: ["Mockable": MacroSpec(type: MockableMacro.self)],
        applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID, filePath: failure.location.filePath,
                    line: failure.location.line, column: failure.location.column))
        },
        fileID: fileID, filePath: filePath, line: line, column: column)
}
