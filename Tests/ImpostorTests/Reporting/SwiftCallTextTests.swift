@testable import Impostor
import Testing

// How a Swift member's calls and the member itself read in messages (SwiftCallText): accessors
// as Swift spells them, including a subscript's before any mock named it (`subscript.get`
// alone, which a hand-written reference may be named).
@Suite("Swift call texts")
struct SwiftCallTextTests {
    @Test func callsReadAsTheCallSiteWritesThem() {
        #expect(SwiftCallText.call("printer.print", ["\"Hello!\""], accessor: nil) == "printer.print(\"Hello!\")")
        #expect(SwiftCallText.call("sync.lastSync.get", [], accessor: .getter) == "sync.lastSync")
        #expect(SwiftCallText.call("settings.volume.set", ["3"], accessor: .setter) == "settings.volume = 3")
        #expect(SwiftCallText.call("table.subscript.get", ["0"], accessor: .getter) == "table[0]")
        #expect(SwiftCallText.call("table.subscript.set", ["key: \"a\"", "7"], accessor: .setter) == "table[key: \"a\"] = 7")
        #expect(SwiftCallText.call("subscript.get", ["0", "1"], accessor: .getter) == "subscript[0, 1]")
        #expect(SwiftCallText.call("subscript.set", ["0", "\"zero\""], accessor: .setter) == "subscript[0] = \"zero\"")
    }

    @Test func membersReadAsAHeaderNamesThem() {
        #expect(SwiftCallText.member("printer.print", accessor: nil) == "printer.print")
        #expect(SwiftCallText.member("sync.lastSync.get", accessor: .getter) == "sync.lastSync's getter")
        #expect(SwiftCallText.member("settings.volume.set", accessor: .setter) == "settings.volume's setter")
        #expect(SwiftCallText.member("table.subscript.get", accessor: .getter) == "table's subscript getter")
        #expect(SwiftCallText.member("table.subscript.set", accessor: .setter) == "table's subscript setter")
        #expect(SwiftCallText.member("subscript.get", accessor: .getter) == "the subscript getter")
        #expect(SwiftCallText.member("subscript.set", accessor: .setter) == "the subscript setter")
    }
}
