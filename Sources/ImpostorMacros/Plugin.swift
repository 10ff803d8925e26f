import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin: the one macro this target provides.
@main
struct ImpostorMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MockableMacro.self]
}
