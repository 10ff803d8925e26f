import CImpostorTestSupport
import Impostor
import Testing

/// Asking for a mock of a Swift closure type is a mistake (only C function pointers can be
/// mocked), reported where it was made; the closure handed out must be safe to call. These
/// closures cannot be called from C, so the tests call them from Swift.
@Suite struct SwiftClosureMockTests {
    static let swiftClosureFailure = "Cannot mock (Int32) -> Int32: it is a Swift function type, not a C function pointer. "
        + "Write the type with `@convention(c)`, as in `@convention(c) (Int32) -> Int32`."

    @Test func callingTheClosureReportsAtTheCreationLineAndReturnsZero() {
        var results: [Int32] = []
        let line = #line + 2
        let failures = captureFailures {
            let callback: (Int32) -> Int32 = mockFunction(named: "callback")
            results = [callback(5), callback(6)]
        }
        #expect(results == [0, 0])
        #expect(failures.map(\.message) == [
            Self.swiftClosureFailure,
            "Call to mock callback, which could not be created (see the failure at its creation); the call returned zero.",
            "Call to mock callback, which could not be created (see the failure at its creation); the call returned zero.",
        ])
        #expect(failures.map(\.site.line) == [line, line, line])
    }

    @Test func everySpellingOfTheTypeGetsACallableClosure() throws {
        var results: [Int32] = []
        let failures = captureFailures {
            let named = mockFunction(of: ((Int32) -> Int32).self, named: "named")
            let throwing: (Int32) throws -> Int32 = mockFunction(named: "throwing")
            let sendable: @Sendable (Int32) -> Int32 = mockFunction(named: "sendable")
            let typedThrows: (Int32) throws(CancellationError) -> Int32 = mockFunction(named: "typed")
            let inMockery: (Int32) -> Int32 = Mockery.current.mock(named: "inMockery")
            results.append(named(1))
            results.append((try? throwing(2)) ?? -1)
            results.append(sendable(3))
            results.append((try? typedThrows(4)) ?? -1)
            results.append(inMockery(5))
        }
        #expect(results == [0, 0, 0, 0, 0])
        #expect(failures.count == 10)
        #expect(failures.filter { $0.message.hasPrefix("Cannot mock ") }.count == 5)
    }

    @Test func defaultValuesOfOtherResultTypes() {
        var descriptions: [String] = []
        let failures = captureFailures {
            let optional: (Int32) -> String? = mockFunction(named: "optional")
            let optionalInt: () -> Int? = mockFunction(named: "optionalInt")
            let text: () -> String = mockFunction(named: "text")
            let list: () -> [Int] = mockFunction(named: "list")
            let table: () -> [String: Int] = mockFunction(named: "table")
            let flag: () -> Bool = mockFunction(named: "flag")
            let point: () -> cs_point = mockFunction(named: "point")
            let nothing: (Int32, String) -> Void = mockFunction(named: "nothing")
            nothing(1, "x")
            descriptions = [
                "\(optional(1) as Any)", "\(optionalInt() as Any)", text(), "\(list())", "\(table())", "\(flag())",
                "\(point().x),\(point().y)",
            ]
        }
        #expect(descriptions == ["nil", "nil", "", "[]", "[:]", "false", "0,0"])
        let returned = failures.map(\.message).filter { $0.hasPrefix("Call to mock") }.map { $0.split(separator: ";").last ?? "" }
        #expect(returned == [
            " the call returned nothing.", " the call returned nil.", " the call returned nil.", " the call returned an empty String.",
            " the call returned an empty Array<Int>.", " the call returned an empty Dictionary<String, Int>.",
            " the call returned zero.", " the call returned zero.", " the call returned zero.",
        ])
    }

    @Test func asyncClosuresToo() async {
        // captureFailures takes no async body; the failures are the known issues here.
        await withKnownIssue {
            let fetch: (Int32) async -> String? = Mockery.current.mock(named: "fetch")
            let load: (Int32) async throws -> Int32 = mockFunction(named: "load")
            #expect(await fetch(1) == nil)
            #expect((try? await load(2)) == 0)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Cannot mock (Int32) async") || $0.rawValue.hasPrefix("Call to mock") }
        }
    }

    @Test func cFunctionPointersStillGetRealMocks() {
        // Each of these would not compile if a closure overload had been chosen: a C function
        // pointer cannot be made from a Swift closure.
        let add: @convention(c) (Int32, Int32) -> Int32 = mockFunction(named: "add")
        let named = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "named")
        var ops = file_ops()
        ops.read = mockFunction(named: "read")
        let inMockery: @convention(c) (Int32, Int32) -> Int32 = Mockery.current.mock(named: "inMockery")
        stub(add(1, 2)).with { 3 }
        #expect(ct_call_binary_i32(add, 1, 2) == 3)
        #expect(ct_call_binary_i32(named, 1, 2) == 0)
        #expect(ct_call_binary_i32(inMockery, 1, 2) == 0)
        #expect(cr_read_through(&ops, nil, nil, 4) == 0)
        #expect(invocations(of: named).count == 1)
        #expect(invocations(of: inMockery).count == 1)
        #expect(invocations(of: ops.read).first?.argument(2, as: UInt.self) == 4)
    }

    @Test func anOptionalSwiftClosureIsNil() {
        // Its zero bits are nil, a value of the type that is safe to use.
        var isNil = false
        let failures = captureFailures {
            let callback: ((Int32) -> Int32)? = mockFunction(named: "callback")
            isNil = callback == nil
        }
        #expect(isNil)
        #expect(failures.map(\.message) == [
            "Cannot mock (Int32) -> Int32: it is a Swift function type, not a C function pointer. "
                + "Write the type with `@convention(c)`, as in `@convention(c) (Int32) -> Int32`."
        ])
    }
}
