/// How a Swift member's call reads in messages, as Swift spells it at the call site:
/// `printer.print("Hello!")`, `finder.didFind(path: "a.txt", size: 3)`, and for accessors,
/// which `@Mockable` names `title.get`, `title.set`, `subscript.get` and `subscript.set` (as a
/// hand-written reference may be named): `settings.volume`, `settings.volume = 3`, `table[0]`,
/// `table[0] = "zero"`. A getter read as a method call (`lastSync()`) looked like a method the
/// protocol does not have.
///
/// Whether a member is an accessor is read from its own name, never from the name messages
/// show: a method named `get` or `set` on a mock named `cache` is `cache.get("a")`, not the
/// mock's getter.
enum SwiftCallText {
    /// The call of `member` (its name as messages show it, `settings.volume.set`) with
    /// `arguments` as they print, labels applied; `accessor` says whether it is a getter or a
    /// setter.
    static func call(_ member: String, _ arguments: [String], accessor: SwiftAccessor?) -> String {
        if accessor == .getter {
            let property = member.dropLast(4)
            if let owner = subscriptOwner(property) { return "\(owner)[\(arguments.joined(separator: ", "))]" }
            if arguments.isEmpty { return String(property) }
        } else if accessor == .setter, let newValue = arguments.last {
            let property = member.dropLast(4)
            let target = subscriptOwner(property).map { "\($0)[\(arguments.dropLast().joined(separator: ", "))]" } ?? String(property)
            return "\(target) = \(newValue)"
        }
        return "\(member)(\(arguments.joined(separator: ", ")))"
    }

    /// The member itself, as a message's header names it: `printer.print`, and for accessors
    /// `settings.volume's setter`, `sync.lastSync's getter`, `table's subscript getter`, so that
    /// the header and the calls below it (`settings.volume = 3`) read alike.
    static func member(_ name: String, accessor: SwiftAccessor?) -> String {
        guard let accessor else { return name }
        let property = name.dropLast(4)
        let owner = subscriptOwner(property)
        return FailureMessages.swiftAccessor(
            owner == "subscript" ? nil : String(owner ?? property), isSubscript: owner != nil, isSetter: accessor == .setter)
    }

    /// `table` for `table.subscript`, or `subscript` alone before a mock named it; nil for
    /// a property.
    private static func subscriptOwner(_ property: Substring) -> Substring? {
        if property == "subscript" { return "subscript" }
        return property.hasSuffix(".subscript") ? property.dropLast(10) : nil
    }
}

/// A property's or subscript's accessor, as a member's own name says: `title.get`,
/// `subscript.set`. A method's name has no dot in it (`get`, `set(key:value:)`).
enum SwiftAccessor: Sendable {
    case getter, setter

    /// The accessor `memberName` (the member's own name, without its mock's) names, or nil for
    /// a method.
    init?(memberName: String) {
        if memberName.hasSuffix(".get") {
            self = .getter
        } else if memberName.hasSuffix(".set") {
            self = .setter
        } else {
            return nil
        }
    }
}
