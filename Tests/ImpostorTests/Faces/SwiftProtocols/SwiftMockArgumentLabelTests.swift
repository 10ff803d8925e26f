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

// Methods named `get` and `set` (a key-value store's, hummingbird's `PersistDriver`'s) are
// methods: only a member's own name (`title.get`) makes it an accessor, never its mock's name
// before it.

private protocol KeyValue {
    func get(_ key: String) -> Int
    func set(_ key: String, _ value: Int)
    func set(key: String, value: Int, expires: Int?)
}

private final class MockKeyValue: Mock, KeyValue {
    /// A property's setter beside them, named as `@Mockable` names it.
    lazy var limitSetRef = MockReference<Int, Void, Never>(named: "limit.set")
    var limit: Int {
        get { 0 }
        set { call(limitSetRef, args: newValue) }
    }
    lazy var getRef = MockReference(get)
    lazy var setRef = MockReference<String, Int, Void, Never>(named: "set")
    lazy var setExpiringRef = MockReference<String, Int, Int?, Void, Never>(named: "set(key:value:expires:)")
    func get(_ key: String) -> Int { call(getRef, args: key) }
    func set(_ key: String, _ value: Int) { call(setRef, args: key, value) }
    func set(key: String, value: Int, expires: Int?) { call(setExpiringRef, args: key, value, expires) }
}

@Suite("Swift mocks: methods named get and set", .mockery)
struct SwiftMockGetSetMethodTests {
    @Test("a failed verify reads them as method calls, arguments and all")
    func failedVerify() {
        let store = MockKeyValue()
        _ = store.get("a")
        store.set("a", 1)
        store.set(key: "a", value: 1, expires: nil)
        let messages = captureFailures {
            verify(store.getRef, eq("b"))
            verify(store.setRef, eq("b"), any())
            verify(store.setExpiringRef, eq("b"), any(), any())
        }.map(\.message)
        #expect(messages == [
            """
            Expected MockKeyValue.get to receive MockKeyValue.get(eq("b")) at least once but received it 0 times.
            Calls to MockKeyValue.get (1 call), nearest match first:
              MockKeyValue.get(«"a"») -> 0  (call #1): argument 1: expected eq("b"), got "a"
            """,
            """
            Expected MockKeyValue.set to receive MockKeyValue.set(eq("b"), any()) at least once but received it 0 times.
            Calls to MockKeyValue.set (1 call), nearest match first:
              MockKeyValue.set(«"a"», 1)  (call #1): argument 1: expected eq("b"), got "a"
            """,
            """
            Expected MockKeyValue.set to receive MockKeyValue.set(key: eq("b"), value: any(), expires: any()) at least once but received it 0 times.
            Calls to MockKeyValue.set (1 call), nearest match first:
              MockKeyValue.set(key: «"a"», value: 1, expires: nil)  (call #1): argument 1 (key): expected eq("b"), got "a"
            """,
        ])
        #expect(store.calls(to: store.setRef).map(\.description) == [#"MockKeyValue.set("a", 1)"#])
    }

    @Test("an expectation's perform { } block reads the call as the member declares it")
    func performReadsTheCall() {
        let failures = captureFailures {
            let context = Mockery("perform")
            let store = context.withCurrent { MockKeyValue() }
            var seen: [String] = []
            context.checking {
                allowing(store.setExpiringRef, any(), any(), any()).will(perform { (call: Invocation) -> Void in
                    seen.append("\(call) \(call.argument(1, as: Int.self))")
                })
                allowing(store.limitSetRef, any()).will(perform { (call: Invocation) -> Void in seen.append("\(call)") })
            }
            store.set(key: "a", value: 5, expires: 9)
            store.limit = 3
            #expect(seen == ["MockKeyValue.set(key: \"a\", value: 5, expires: 9) 5", "MockKeyValue.limit = 3"])
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
