import ImpostorMockable
import Testing

// A generated mock's messages keep the member's argument labels, as the member is called:
// `didFind(path: eq("a.txt"), size: any())`, and nothing before an argument declared with `_`.

@Mockable
protocol FileVisitor {
    func didFind(path: String, size: Int)
    func skip(_ path: String, because reason: String)
    func finish()
}

@Suite("@Mockable: argument labels in messages", .mockery)
struct GeneratedLabelTests {
    @Test("a failed verify shows the labels in the pattern and in the calls listed")
    func failedVerify() {
        let visitor = FileVisitorMock(named: "visitor")
        visitor.didFind(path: "b.txt", size: 3)
        let failures = captureFailures { verify(visitor.$didFind(path: eq("a.txt"), size: any())) }
        let messages = failures.map(\.message)
        #expect(messages == [
            """
            Expected visitor.didFind to receive visitor.didFind(path: eq("a.txt"), size: any()) at least once but received it 0 times.
            Calls to visitor.didFind (1 call), nearest match first:
              visitor.didFind(path: «"b.txt"», size: 3)  (call #1): argument 1 (path): expected eq("a.txt"), got "b.txt"
            """,
        ])
    }

    @Test("an argument declared with _ has no label; a labelled one after it has its own")
    func unlabelled() {
        let visitor = FileVisitorMock(named: "visitor")
        visitor.skip("c.txt", because: "hidden")
        let failures = captureFailures { verify(.never, visitor.$skip(any(), because: any())) }
        let messages = failures.map(\.message)
        #expect(messages == [
            """
            Expected visitor.skip never to receive visitor.skip(any(), because: any()) but received it 1 time.
            Calls to visitor.skip (1 call), nearest match first:
              visitor.skip("c.txt", because: "hidden")  (call #1): matches
            """,
        ])
        #expect(visitor.$finish().description == "visitor.finish()")
    }

    @Test("recorded calls print with their labels")
    func recordedCalls() {
        let visitor = FileVisitorMock(named: "visitor")
        visitor.didFind(path: "a.txt", size: 3)
        visitor.skip("c.txt", because: "hidden")
        #expect(invocations(of: visitor.$didFind()).map(\.description) == [#"visitor.didFind(path: "a.txt", size: 3)"#])
        #expect(invocations(of: visitor.$skip()).map(\.description) == [#"visitor.skip("c.txt", because: "hidden")"#])
        let unverified = captureFailures { verifyNoMoreInvocations(visitor) }.map(\.message)
        #expect(unverified.count == 1)
        #expect(unverified.first?.contains(#"visitor.didFind(path: "a.txt", size: 3)"#) == true)
        #expect(unverified.first?.contains(#"visitor.skip("c.txt", because: "hidden")"#) == true)
    }
}
