import CImpostorTestSupport
import CSQLite3
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// The README's examples, and those of the DocC article "Mocks of C functions" (which were the
// README's first), compiled and run. Keep them in step with README.md and CFunctionMocks.md.

typealias Comparator = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32

typealias CurlWrite = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
typealias ExpatText = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void

@Suite struct ReadmeExamplesTests {
    @Test(.mockery) func whatIsReadThroughPointers() {
        // libcurl's write callback: size_t (*)(char *ptr, size_t size, size_t nmemb, void *userdata)
        let body: CurlWrite = mockFunction(named: "body", capturing: [0: .buffer(count: 1, times: 2)])
        // expat's character data handler: void (*)(void *userData, const XML_Char *s, int len)
        let text: ExpatText = mockFunction(named: "text", capturing: [1: .buffer(count: 2)])

        _ = cp_deliver_body(body, "hello world", 6)
        "hello world".withCString { text(nil, $0, 5) }   // a buffer with more after its 5 bytes
        #expect(invocations(of: body).map { $0.cString(0) } == ["hello ", "world"])
        #expect(invocations(of: text).first?.cString(1) == "hello")
        verify(text(any(), cString("hello"), 5))
    }

    @Test(.mockery) func sortsThroughTheComparator() {
        let compare: Comparator = mockFunction(named: "compare")
        stub(compare(any(), any())).with { (a: UnsafeRawPointer?, b: UnsafeRawPointer?) -> Int32 in
            let x = a!.load(as: Int32.self), y = b!.load(as: Int32.self)
            return x < y ? -1 : (x > y ? 1 : 0)
        }

        var numbers: [Int32] = [3, 1, 2]
        qsort(&numbers, numbers.count, MemoryLayout<Int32>.stride, compare)

        #expect(numbers == [1, 2, 3])
        verify(.atLeast(2), compare(any(), any()))
        for call in invocations(of: compare) {
            #expect(call.description.hasPrefix("compare(0x"))
        }
    }

    @Test(.mockery) func mocksOfEveryForm() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        let onEvent: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = mockFunction(named: "onEvent")
        var ops = file_ops()
        ops.read = mockFunction(named: "read")

        stub(ops.read!(any(), any(), any())).with { 5 }
        #expect(cr_read_through(&ops, nil, nil, 10) == 5)
        onEvent(3, nil)
        #expect(add(1, 2) == 0)
        #expect(invocations(of: onEvent).map(\.description) == ["onEvent(3, nil)"])
        #expect(invocations(of: ops.read).first?.argument(2, as: UInt.self) == 10)
    }

    @Test func expectations() {
        let failures = captureFailures {
            let context = Mockery("publisher")                          // or Mockery.current in a .mockery test
            let subscriber: Subscriber = context.mock(named: "subscriber one")
            let query: @convention(c) (Int32) -> Int32 = context.mock(named: "query")
            let connect: @convention(c) () -> Int32 = context.mock(named: "connect")
            let login: @convention(c) () -> Int32 = context.mock(named: "login")
            let logout: @convention(c) () -> Int32 = context.mock(named: "logout")
            let publisher = ce_publisher_new()!
            defer { ce_publisher_free(publisher) }
            ce_publisher_add(publisher, subscriber, nil)
            let network = context.states("network", startsAs: "down")
            let session = context.sequence("session")
            context.checking {
                oneOf(subscriber(any(), "hello"))                                     // exactly once
                exactly(2).of(query(5)).will(returnValue(7))
                atLeast(1).of(query(1)); atMost(3).of(query(2)); between(1...3).of(query(3))
                allowing(query(any())).will(returnValue(-1))                          // any number of times, none included
                never(subscriber(any(), "spam"))
                oneOf(connect()).when(network.is("up")).then(network.becomes("connected"))
                oneOf(login()).inSequence(session); oneOf(logout()).inSequence(session)
            }
            ce_publisher_publish(publisher, "hello")                    // a C publisher calling its subscribers
            #expect([query(5), query(5), query(1), query(3), query(8)] == [7, 7, 0, 0, -1])
            network.become("up")
            _ = connect()
            context.waitUntil(network.is("connected"),
              timeout: .seconds(1))
            _ = login(); _ = logout()
            context.assertIsSatisfied()                                 // automatic at the end of a .mockery test
        }
        #expect(failures.isEmpty)
    }

    @Test(.mockery) func functionTables() {
        var methods = sqlite3_io_methods()
        methods.iVersion = 1
        let io = mockTable(named: "io", template: methods, capturing: ["xWrite": [1: .buffer(count: 2)]])
        stub(io.xSectorSize!(any())).with { 512 }
        stub(io.xFileSize!(any(), any())).with { (file: UnsafeMutablePointer<sqlite3_file>?, size: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 in
            size?.pointee = 0
            return SQLITE_OK
        }
        // What SQLite does through a file's pMethods (SQLiteVFSTests runs the real thing).
        var file = sqlite3_file()
        var size: sqlite3_int64 = -1
        var page = [UInt8](repeating: 0, count: 4096)
        page.replaceSubrange(0..<16, with: Array("SQLite format 3\0".utf8))
        #expect(io.xSectorSize!(&file) == 512)
        #expect(io.xFileSize!(&file, &size) == SQLITE_OK && size == 0)
        _ = io.xRead!(&file, &page, 100, 0)
        _ = io.xWrite!(&file, page, 4096, 0)
        _ = io.xSync!(&file, 0)

        verify(io.xWrite!(any(), bytes(Array("SQLite format 3\0".utf8)), 4096, 0))
        verifyInOrder { io.xWrite!(any(), any(), any(), 0); io.xSync!(any(), any()) }
        #expect(invocations(of: io.xRead)[0].description.hasPrefix("io.xRead(0x"))
        #expect(invocations(of: io.xRead)[0].description.hasSuffix(", 100, 0) -> 0"))
        #expect(methods.iVersion == 1 && io.iVersion == 1)
    }

    @Test func packedStructIsRefusedWithTheReadmeMessage() {
        typealias Takes = @convention(c) (Int32, packed_pair) -> Void
        #expect(throws: MockCreationError.self) { try Mockery().makeMock(of: Takes.self, named: "takes") }
        do throws(MockCreationError) {
            _ = try Mockery().makeMock(of: Takes.self, named: "takes")
        } catch {
            #expect(error.description == "Cannot mock @convention(c) (Int32, packed_pair) -> (): parameter 2 has type packed_pair, "
                + "a packed struct: field `value` (Int32) is at offset 1, which is not a multiple of its alignment 4. "
                + "libffi cannot describe misaligned fields.")
            #expect(error.position == .parameter(2))
        }
    }

    @Test(.mockery) func stubbingForms() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        stub(add(anyInt(), 5)).with { (a: Int32, b: Int32) in a * b }
        #expect(add(3, 5) == 15)
        stub(add(1, 2)).with { 42 }
        #expect(add(1, 2) == 42)
        stub(add(any(), any())).with { (call: Invocation) -> Int32 in 7 }
        #expect(add(1, 2) == 7)
        stub(add(1, 2), add(2, 1)).with { 3 }
        #expect(add(1, 2) == 3 && add(2, 1) == 3)
        stub { add(1, 1); add(2, 2) }.with { 0 }
        #expect(add(2, 2) == 0)
        stub(add(gt(10), any())).returning(1, 2, 3)
        #expect([add(11, 0), add(11, 0), add(11, 0), add(11, 0)] == [1, 2, 3, 3])
        stub(add(0, 0)).with { 1 }.then { 2 }.thenReturning(3, 4)
        #expect([add(0, 0), add(0, 0), add(0, 0), add(0, 0), add(0, 0)] == [1, 2, 3, 4, 4])
    }

    /// "A call is in the log before its answer runs: inside a block, `invocations(of:)` holds
    /// the calls before it and the call itself, which has not returned yet."
    @Test(.mockery) func aBlockSeesTheCallsBeforeItsOwnAndItsOwn() {
        let add = mockFunction(of: ct_binary_i32.self, named: "add")
        var seen: [[Bool]] = []
        stub(add(any(), any())).with { (a: Int32, _: Int32) -> Int32 in
            seen.append(invocations(of: add).map(\.didReturn))
            return a
        }
        #expect(ct_call_binary_i32(add, 1, 0) == 1)
        #expect(ct_call_binary_i32(add, 2, 0) == 2)
        #expect(seen == [[false], [true, false]])
        #expect(invocations(of: add).map { $0.returnValue(as: Int32.self) } == [1, 2])
    }

    /// "for a `void *` declared `capturing: [i: .cString]`, read the text with
    /// `Invocation.cString(i)`": the text, copied when the call came from C.
    @Test(.mockery) func aVoidPointerDeclaredAsTextReadsAsText() {
        let sink = mockFunction(of: cp_sink_fn.self, named: "sink", capturing: [0: .cString])
        let text = Array("void text\0".utf8)
        cp_sink_heap(sink, text, text.count)
        #expect(invocations(of: sink).first?.cString(0) == "void text")
    }

    @Test(.mockery) func verifyingForms() {
        let add = mockFunction(of: (@convention(c) (Int32, Int32) -> Int32).self, named: "add")
        let onEvent: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = mockFunction(named: "onEvent")
        _ = add(1, 2)
        _ = add(3, 5)
        onEvent(3, nil)
        onEvent(7, nil)

        verify(add(1, 2))
        verify(.exactly(1), add(any(), 5))
        verify(.times(1), add(any(), 5))
        verify(.never, add(9, 9))
        verify(.atLeast(1), add(any(), any())); verify(.atMost(3), add(any(), any())); verify(.between(1...3), add(any(), any()))
        verifyInOrder { add(1, 2); onEvent(3, nil) }
        verify(within: .seconds(1), onEvent(7, any()))
        verifyInOrder(within: .seconds(1)) { add(1, 2); onEvent(7, any()) }
        verifyNoMoreInvocations(add)

        let sizes = ArgumentCaptor<Int32>()
        verify(.exactly(2), add(any(), sizes.capture()))
        #expect(sizes.values == [2, 5])
        let quiet: @convention(c) (Int32) -> Void = mockFunction(named: "quiet")
        verifyZeroInvocations(quiet)

        stub(add(any(), any())).with { 5 }
        clearInvocations(add)                              // forgets the calls so far; stubs stay
        #expect(invocations(of: add).isEmpty && add(1, 1) == 5)
        reset(add, onEvent)                                // forgets stubs and calls
        #expect(invocations(of: add).isEmpty && invocations(of: onEvent).isEmpty && add(1, 1) == 0)
    }

    /// The "Swift protocols" section; its Converter and MockConverter are MockingKit's, in
    /// Faces/SwiftProtocols/MockingKitExampleTests.swift.
    @Test(.mockery) func convertsThroughTheMock() {
        let converter = MockConverter()
        converter.registerResult(for: converter.convertRef) { text in String(text.reversed()) }
        stub(converter.convert("Hello")).with { "HELLO" }      // the prototype form, as for C
        #expect(converter.convert("Hello") == "HELLO")
        #expect(converter.convert("abc") == "cba")             // the registered result
        verify(.times(2), converter.convertRef, any())         // the reference form: any argument type
        #expect(converter.calls(to: converter.convertRef).count == 2)
    }
}
