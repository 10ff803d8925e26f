/// The argument labels of a Swift mock's member, as messages show its calls and patterns:
/// `finder.didFind(path: "a.txt", size: 3)`, `finder.didFind(path: eq("a.txt"), size: any())`.
///
/// They come from the reference's name, written as a Swift selector: `didFind(path:size:)`.
struct ArgumentLabels: Sendable, Equatable {
    /// One per parameter, `""` for one written without a label (`_`); empty when none are known.
    let labels: [String]

    /// No labels: arguments print by their values alone.
    static let none = ArgumentLabels(labels: [])

    /// `path: "a.txt"` for each argument with a label, the others as they are.
    func apply(to arguments: [String]) -> [String] {
        arguments.enumerated().map { position, argument in
            position < labels.count && !labels[position].isEmpty ? "\(labels[position]): \(argument)" : argument
        }
    }

    /// The label of the argument at `position` (from 0), or nil when it has none.
    func label(at position: Int) -> String? {
        position < labels.count && !labels[position].isEmpty ? labels[position] : nil
    }

    /// Splits a reference's name into the member's name and its labels: `didFind(path:size:)`
    /// gives `didFind` and `path`, `size`; `store(_:)` gives `store` and one unlabelled argument;
    /// `print()` gives `print`. A name that is no selector (`title.get`) is kept whole; a
    /// selector whose labels are not one per parameter gives its name without labels, since
    /// they could only be put on the wrong arguments.
    static func split(_ name: String, parameterCount: Int) -> (name: String, labels: ArgumentLabels) {
        guard name.hasSuffix(")"), let open = name.firstIndex(of: "("), open > name.startIndex else { return (name, .none) }
        var parts = name[name.index(after: open)..<name.index(before: name.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: false)
        // Each label ends with a colon, so the text after the last one is empty.
        guard parts.removeLast().isEmpty, parts.allSatisfy(isLabel) else { return (name, .none) }
        let base = String(name[..<open])
        guard parts.count == parameterCount else { return (base, .none) }
        return (base, ArgumentLabels(labels: parts.map { $0 == "_" ? "" : String($0) }))
    }

    /// A label as a selector spells it: a name, `_`, or a keyword in backticks.
    private static func isLabel(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
    }
}
