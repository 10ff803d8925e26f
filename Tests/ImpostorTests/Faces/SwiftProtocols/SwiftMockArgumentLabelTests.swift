import Impostor
import Testing

// A hand-written reference named as a selector (`didFind(path:size:)`) puts the member's
// argument labels in messages, as `@Mockable`'s references do.

private protocol Finder {
    func didFind(path: String, size: Int)
    func store(_ value: Int, times: Int)
}

private final class MockFinder: Mock, Finder {
    lazy var didFindRef = MockReference(didFind, named: "didFind(path:size:)")
    lazy var storeRef = MockReference(store, named: "store(_:times:)")
    func didFind(path: String, size: Int) { call(didFindRef, args: path, size) }
    func store(_ value: Int, times: Int) { call(storeRef, args: value, times) }
}

/// Labels that are not one per parameter are dropped, never put on the wrong arguments.
private final class MockMislabelledFinder: Mock, Finder {
    lazy var didFindRef = MockReference(didFind, named: "didFind(path:)")
    lazy var storeRef = MockReference(store, named: "store")
    func didFind(path: String, size: Int) { call(didFindRef, args: path, size) }
    func store(_ value: Int, times: Int) { call(storeRef, args: value, times) }
}

@Suite("Swift mocks: argument labels from the reference's name", .mockery)
struct SwiftMockArgumentLabelTests {
    @Test("a failed verify shows the labels in the pattern, the calls and the mismatches")
    func failedVerify() {
        let finder = MockFinder(named: "finder")
        finder.didFind(path: "b.txt", size: 3)
        let messages = captureFailures { verify(finder.didFindRef, eq("a.txt"), any()) }.map(\.message)
        #expect(messages == [
            """
            Expected finder.didFind to receive finder.didFind(path: eq("a.txt"), size: any()) at least once but received it 0 times.
            Calls to finder.didFind (1 call), nearest match first:
              finder.didFind(path: «"b.txt"», size: 3)  (call #1): argument 1 (path): expected eq("a.txt"), got "b.txt"
            """,
        ])
        #expect(finder.didFindRef.name == "finder.didFind")
    }

    @Test("_ gives an argument no label")
    func unlabelled() {
        let finder = MockFinder(named: "finder")
        finder.store(5, times: 2)
        #expect(finder.calls(to: finder.storeRef).map(\.description) == ["finder.store(5, times: 2)"])
        let messages = captureFailures { verify(.never, finder.storeRef, any(), eq(2)) }.map(\.message)
        #expect(messages == [
            """
            Expected finder.store never to receive finder.store(any(), times: eq(2)) but received it 1 time.
            Calls to finder.store (1 call), nearest match first:
              finder.store(5, times: 2)  (call #1): matches
            """,
        ])
    }

    @Test("labels that are not one per parameter are left out; the name is the selector's")
    func mismatchedLabels() {
        let finder = MockMislabelledFinder(named: "finder")
        finder.didFind(path: "a.txt", size: 3)
        #expect(finder.calls(to: finder.didFindRef).map(\.description) == [#"finder.didFind("a.txt", 3)"#])
        #expect(finder.didFindRef.name == "finder.didFind")
    }
}
