import SwiftDiagnostics
import SwiftSyntax

/// Finds two requirements whose `$` prototypes would have one signature: overloads that differ
/// only in what the mock records alike (a generic value and `Any`, two non-escaping closures)
/// or in `async`. Swift would reject the second declaration, so the macro says why instead.
enum PrototypeCollisions {
    struct Entry {
        /// `static $load(_:Int)->Impostor.CallPrototype<Int, Void, Never>`.
        var signature: String
        var node: Syntax
        var description: String
        var prototype: String
    }

    static func check(_ entries: [Entry]) -> [Diagnostic] {
        var seen: [String: Entry] = [:]
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            if let first = seen[entry.signature] {
                diagnostics.append(Diagnostic(
                    node: entry.node,
                    message: MockableDiagnostic.prototypeCollision(prototype: entry.prototype, other: first.description)))
            } else {
                seen[entry.signature] = entry
            }
        }
        return diagnostics
    }
}
