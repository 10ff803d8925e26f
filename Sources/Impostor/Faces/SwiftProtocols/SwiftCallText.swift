/// How a Swift member's call reads in messages, as Swift spells it at the call site:
/// `printer.print("Hello!")`, `finder.didFind(path: "a.txt", size: 3)`, and for accessors,
/// which `@Mockable` names `title.get`, `title.set`, `subscript.get` and `subscript.set` (as a
/// hand-written reference may be named): `settings.volume`, `settings.volume = 3`, `table[0]`,
/// `table[0] = "zero"`. A getter read as a method call (`lastSync()`) looked like a method the
/// protocol does not have.
enum SwiftCallText {
    /// The call of `member` (its name as messages show it, `settings.volume.set`) with
    /// `arguments` as they print, labels applied.
    static func call(_ member: String, _ arguments: [String]) -> String {
        if member.hasSuffix(".get") {
            let property = member.dropLast(4)
            if let owner = subscriptOwner(property) { return "\(owner)[\(arguments.joined(separator: ", "))]" }
            if arguments.isEmpty { return String(property) }
        } else if member.hasSuffix(".set"), let newValue = arguments.last {
            let property = member.dropLast(4)
            let target = subscriptOwner(property).map { "\($0)[\(arguments.dropLast().joined(separator: ", "))]" } ?? String(property)
            return "\(target) = \(newValue)"
        }
        return "\(member)(\(arguments.joined(separator: ", ")))"
    }

    /// The member itself, as a message's header names it: `printer.print`, and for accessors
    /// `settings.volume's setter`, `sync.lastSync's getter`, `table's subscript getter`, so that
    /// the header and the calls below it (`settings.volume = 3`) read alike.
    static func member(_ name: String) -> String {
        guard name.hasSuffix(".get") || name.hasSuffix(".set") else { return name }
        let property = name.dropLast(4)
        let owner = subscriptOwner(property)
        return FailureMessages.swiftAccessor(
            owner == "subscript" ? nil : String(owner ?? property), isSubscript: owner != nil, isSetter: name.hasSuffix(".set"))
    }

    /// `table` for `table.subscript`, or `subscript` alone before a mock named it; nil for
    /// a property.
    private static func subscriptOwner(_ property: Substring) -> Substring? {
        if property == "subscript" { return "subscript" }
        return property.hasSuffix(".subscript") ? property.dropLast(10) : nil
    }
}
