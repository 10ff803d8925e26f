// Type-checked by Tests/ImpostorTests/Prototypes/CompileDiagnosticsTests.swift against the
// Impostor module the test run was built with; no target compiles this file. A line ending in
// `// error: A, B` must get an error that names both A and B; every other line must compile.
import Impostor

typealias Binary = @convention(c) (Int32, Int32) -> Int32

func singlePrototypeStubMistakes(add: Binary) {
    stub(add(any(), 5)).returning(1.5)  // error: Int32, Double
    stub(add(any(), 5)).returning(1, 2.5)  // error: Int32, Double
    stub(add(1, 2)).with { 1 }.thenReturning(2.5)  // error: Int32, Double
    stub(add(any(), 5)).with { 1.5 }  // error: Double, Int32
    stub(add(1.5, 2)).with { 0 }  // error: Double, Int32
    stub(add(1, 2), add(2, 1)).returning(1.5)  // error: Double, Int32
}

func verifyMistakes(add: Binary) {
    verify(add(1.5, 2))  // error: Double, Int32
    verify(.exactly(2), add(1.5, 2))  // error: Double, Int32
    verify(within: .seconds(1), add(any(), 1.5))  // error: Double, Int32
}

func groupedFormsStillCompile(add: Binary) {
    stub { add(1, 1); add(2, 2) }.with { 0 }
    stub { add(1, 1) }.returning(1, 2)
    verify { add(1, 1); add(2, 2) }
    verify(.exactly(2)) { add(1, 1) }
    verifyInOrder { add(1, 1); add(2, 2) }
    verifyInOrder(within: .seconds(1)) { add(1, 1) }
}

// Swift members: a generated `$member(...)` prototype (written here as fetchCall, since only
// synthesized names may start with `$`) and the reference form carry the member's types.
protocol Directory { func fetch(id: Int, name: String) -> Int }
final class MockDirectory: Mock, Directory, @unchecked Sendable {
    lazy var fetchRef = MockReference(fetch)
    func fetch(id: Int, name: String) -> Int { call(fetchRef, args: id, name) }
    func fetchCall(id: Matcher<Int>, name: Matcher<String>) -> CallPrototype<Int, String, Int, Never> { CallPrototype(fetchRef, id, name) }
}
struct LoadError: Error {}

func typedSwiftBlocks(directory: MockDirectory) {
    stub(directory.fetchCall(id: any(), name: any())).with { id, name in id * 2 + name.count }
    stub(directory.fetchRef, any(), any()).with { id, _ in id }.then { _, name in name.count }.thenReturning(3)
    stub(directory.fetchCall(id: any(), name: any())).with { 7 }
    stub(directory.fetchCall(id: any(), name: any())).with { (call: Invocation) in call.argument(0, as: Int.self) }
    when(directory.fetchCall(id: any(), name: any())).thenAnswer { id, _ in id }
    stub(directory.fetchCall(id: any(), name: any())).with { (id: String) in 7 }  // error: Int, String, same shape
    stub(directory.fetchRef, any(), any()).with { (id: String) in 7 }  // error: Int, String, same shape
    stub(directory.fetchCall(id: any(), name: any())).with { id, name in name }  // error: String, Int
    stub(directory.fetchRef, any(), any()).with { id, name in name }  // error: String, Int
    stub(directory.fetchRef, any(), any()).returning(1).thenThrowing(LoadError())  // error: LoadError, Never
}

// Throwing members in the Mocka-style form: the prototype is written with `try`.
protocol Loader { func load(path: String) throws -> String }
final class MockLoader: Mock, Loader, @unchecked Sendable {
    lazy var loadRef = MockReference(load)
    func load(path: String) throws -> String { try call(loadRef, args: path) }
}

func throwingPrototypes(loader: MockLoader, add: Binary) {
    stub(try loader.load(path: any())).throwing(LoadError())
    stub(try loader.load(path: "a"), try loader.load(path: "b")).returning("ab")
    verify(try loader.load(path: any()))
    verify(.once, try loader.load(path: eq("a")))
    verify(within: .seconds(1), .never, try loader.load(path: eq("b")))
    stub(try loader.load(path: any())).returning(1)  // error: Int, String
    stub { add(1, 1) }.with { 0 }
    verify(.once) { add(1, 1) }
}
