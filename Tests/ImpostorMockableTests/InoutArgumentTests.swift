import ImpostorMockable
import Testing

// A new user's trial found that a stub declared `{ (record: inout Album) in record.id = 99 }`
// compiled, ran, and wrote to a copy. An `inout` argument now reaches the block in a box it can
// set, and a block declared `inout` is refused when the stub is made.

struct InoutRecord: Equatable, Sendable {
    var id: Int
    var title: String
}

enum InoutFailure: Error { case rejected }

@Mockable
protocol InoutStore {
    func insert(_ record: inout InoutRecord) throws
    func normalize(_ text: inout String, limit: Int) -> Int
    static func bump(_ count: inout Int)
}

@Suite("@Mockable: inout arguments", .mockery)
struct InoutArgumentTests {
    @Test("a stub writes back through the box; verify and the call log keep the value passed")
    func writesBack() {
        let store = InoutStoreMock()
        stub(store.$normalize(any(), limit: any())).with { (text: InoutArgument<String>, limit: Int) in
            text.value = String(text.value.prefix(limit)).uppercased()
            return text.value.count
        }
        var text = "hello world"
        #expect(store.normalize(&text, limit: 5) == 5)
        #expect(text == "HELLO")
        verify(.once, store.$normalize(eq("hello world"), limit: eq(5)))
        verify(.never, store.$normalize(eq("HELLO"), limit: any()))
        let call = invocations(of: store.$normalize(any(), limit: any()))[0]
        #expect(call.argument(0, as: String.self) == "hello world")
        #expect(call.argument(0, as: InoutArgument<String>.self).value == "HELLO")
    }

    @Test("unanswered, the variable keeps its value")
    func unansweredKeepsTheValue() throws {
        let store = InoutStoreMock()
        var record = InoutRecord(id: 1, title: "Blue")
        try store.insert(&record)
        #expect(record == InoutRecord(id: 1, title: "Blue"))
        verify(.once, store.$insert(eq(InoutRecord(id: 1, title: "Blue"))))
    }

    @Test("a throwing stub's write is still written back, as Swift does for a callee that throws")
    func writtenBackWhenThrowing() {
        let store = InoutStoreMock()
        stub(store.$insert(any())).with { (record: InoutArgument<InoutRecord>) throws in
            record.value.id = -1
            throw InoutFailure.rejected
        }
        var record = InoutRecord(id: 7, title: "Court and Spark")
        #expect(throws: InoutFailure.rejected) { try store.insert(&record) }
        #expect(record.id == -1)
    }

    @Test("static members write back too")
    func staticWriteBack() {
        stub(InoutStoreMock.$bump(any())).with { (count: InoutArgument<Int>) in count.value += 1 }
        var count = 41
        InoutStoreMock.bump(&count)
        #expect(count == 42)
        verify(.once, InoutStoreMock.$bump(eq(41)))
    }

    @Test("a failed verify lists an inout argument as it was passed, not as a stub changed it")
    func failureShowsTheValuePassed() {
        let store = InoutStoreMock()
        stub(store.$normalize(any(), limit: any())).with { (text: InoutArgument<String>, _: Int) in
            text.value = "CHANGED"
            return 0
        }
        var text = "as passed"
        _ = store.normalize(&text, limit: 3)
        #expect(text == "CHANGED")
        let failures = captureFailures { verify(.once, store.$normalize(eq("other"), limit: any())) }
        let message = failures.first?.message ?? ""
        #expect(message.contains(#"normalize(«"as passed"», limit: 3)"#), "\(message)")
        #expect(message.contains(#"got "as passed""#), "\(message)")
        #expect(!message.contains("CHANGED"), "\(message)")
    }
}
