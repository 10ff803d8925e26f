import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a pointer argument points to is copied when the call arrives, within what the caller
/// handed over, so stubs and verifies read it alike, and a verify made after the caller freed
/// its memory never reads that memory (these tests run under AddressSanitizer in CI).
@Suite struct PointerMemoryTests {
    // MARK: A buffer with its size_t length

    @Test(.mockery) func bytesInAVerifyAfterTheCallerFreedTheBuffer() {
        let sink: cp_sink_fn = mockFunction(named: "sink")
        cp_sink_heap(sink, [65, 65, 65, 65], 4)
        let failures = captureFailures { verify(.once, sink(bytes([65, 65, 65, 65]), 4)) }
        #expect(failures.isEmpty)
        #expect(invocations(of: sink).first?.bytes(0) == [65, 65, 65, 65])
    }

    @Test(.mockery) func theVerifyingArticleExample() {
        let sink: @convention(c) (UnsafeRawPointer?, Int) -> Void = mockFunction(named: "sink")
        cp_sink_heap(sink, [65, 65, 65, 65], 4)             // C copies to the heap, calls, frees
        verify(.once, sink(bytes([65, 65, 65, 65]), 4))     // checks the copy; the heap block is gone
    }

    @Test(.mockery) func aFailedBytesVerifyShowsTheBytesCopiedAtCallTime() {
        let sink: cp_sink_fn = mockFunction(named: "sink")
        cp_sink_heap(sink, [65, 66], 2)
        let failures = captureFailures { verify(sink(bytes([66, 66]), any())) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains(
            "argument 1: expected bytes([0x42, 0x42]), got bytes([0x41, 0x42]), the caller handed over 2 bytes") == true)
    }

    @Test(.mockery) func bytesBeyondWhatTheCallerHandedOverDoNotMatch() {
        let sink: cp_sink_fn = mockFunction(named: "sink")
        cp_sink_heap(sink, [65, 65], 2)
        let failures = captureFailures { verify(sink(bytes([65, 65, 65, 65]), any())) }
        #expect(failures.count == 1, "only 2 bytes were handed over, and nothing past them is read")
    }

    @Test(.mockery) func aBufferCaptorGetsTheWholeBuffer() {
        let sink: cp_sink_fn = mockFunction(named: "sink")
        cp_sink_heap(sink, [1, 2, 3], 3)
        cp_sink_heap(sink, [9], 1)
        let buffers = BufferCaptor()
        verify(.exactly(2), sink(buffers.capture(), any()))
        #expect(buffers.values == [[1, 2, 3], [9]])
    }

    // MARK: A buffer with an int length

    @Test(.mockery) func anIntLengthIsReadOnlyWhenDeclared() {
        let undeclared: cp_sink_int_fn = mockFunction(named: "undeclared")
        let declared: cp_sink_int_fn = mockFunction(named: "declared", capturing: [0: .buffer(count: 1)])
        cp_sink_int_heap(undeclared, [65, 65, 65, 65], 4)
        cp_sink_int_heap(declared, [65, 65, 65, 65], 4)
        let line = #line + 1
        let refused = captureFailures { verify(.once, undeclared(bytes([65, 65, 65, 65]), 4)) }
        #expect(refused.map(\.site.line) == [line])
        #expect(refused.first?.message.hasPrefix(
            "bytes([0x41, 0x41, 0x41, 0x41]) in verify(...) reads the memory argument 1 of undeclared points to, but nothing is copied") == true)
        #expect(captureFailures { verify(.once, declared(bytes([65, 65, 65, 65]), 4)) }.isEmpty)
        #expect(invocations(of: undeclared).first?.bytes(0) == nil)
    }

    // MARK: A typed pointer

    @Test(.mockery) func pointeeInAVerifyAfterTheCallerFreedTheStruct() {
        let area: cp_point_fn = mockFunction(named: "area")
        _ = cp_point_heap(area, 3, 4)
        #expect(captureFailures { verify(.once, area(pointee(eq(cp_point(x: 3, y: 4))))) }.isEmpty)
        let captor = PointeeCaptor<cp_point>()
        verify(area(captor.capture()))
        #expect(captor.values.first??.x == 3)
    }

    @Test(.mockery) func aFailedPointeeVerifyShowsTheValueNotTheAddress() {
        let area: cp_point_fn = mockFunction(named: "area")
        _ = cp_point_heap(area, 3, 4)
        let failures = captureFailures { verify(area(pointee(eq(cp_point(x: 3, y: 5))))) }
        #expect(failures.first?.message.contains(
            "argument 1: expected pointee(eq(cp_point(x: 3, y: 5))), got pointee cp_point(x: 3, y: 4)") == true)
    }

    // MARK: Text that is not NUL-terminated

    @Test(.mockery) func glibcCookieWriterTextIsReadToItsLength() {
        // glibc calls fopencookie's writer from its FILE buffer: "BB" then what is left of
        // "AAAAAAAA", and no NUL. Only the 2 bytes handed over are read.
        let writer: cp_cookie_write_fn = mockFunction(named: "writer")
        stub(writer(any(), any(), any())).with { (_: UnsafeMutableRawPointer?, _: UnsafePointer<CChar>?, size: Int) -> Int in size }
        #expect(cp_write_through_cookie(writer, "AAAAAAAA", "BB") == 0)
        let calls = invocations(of: writer)
        #expect(calls.map { $0.cString(1) } == ["AAAAAAAA", "BB"])
        #expect(calls.last?.description == "writer(nil, \"BB\", 2) -> 2")
        #expect(captureFailures { verify(.once, writer(any(), cString("BB"), 2)) }.isEmpty)
    }

    @Test(.mockery) func saxCharactersAreReadToTheirIntLengthAndNamesByTheirNUL() {
        let start: cp_start_fn = mockFunction(named: "start")
        let characters: cp_characters_fn = mockFunction(named: "characters")
        var starts = 0
        stub(start(any(), "item", any())).with { starts += 1 }     // a literal for const xmlChar *
        cp_parse_element(start, characters, "item", "hello")
        #expect(starts == 1)
        #expect(invocations(of: characters).first?.description == "characters(nil, \"hello\", 5)")
        let failures = captureFailures {
            verify(.once, start(any(), cString("item"), isNil()))
            verify(.once, start(any(), bytes(Array("item\0".utf8)), isNil()))   // a C string's copy keeps its NUL
            verify(.once, characters(any(), cString("hello"), 5))
        }
        #expect(failures.isEmpty)
        #expect(invocations(of: characters).first?.bytes(1) == Array("hello".utf8), "5 bytes, no NUL after them")
    }

    @Test(.mockery) func curlBodyChunksAreReadWhenDeclared() {
        let body: cp_curl_write_fn = mockFunction(named: "body", capturing: [0: .buffer(count: 1, times: 2)])
        stub(body(any(), any(), any(), any())).with { (_: UnsafeMutablePointer<CChar>?, size: Int, count: Int, _: UnsafeMutableRawPointer?) in
            size * count
        }
        #expect(cp_deliver_body(body, "hello world", 4) == 11)
        let chunks = CStringCaptor()
        verify(.exactly(3), body(chunks.capture(), 1, any(), any()))
        #expect(chunks.values == ["hell", "o wo", "rld"])
        #expect(invocations(of: body).first?.description == "body(\"hell\", 1, 4, nil) -> 4")
    }

    @Test(.mockery) func aMutableCharPointerIsAnAddressUntilDeclared() {
        let body: cp_curl_write_fn = mockFunction(named: "body")
        _ = cp_deliver_body(body, "hello", 8)
        let address = invocations(of: body).first?.argument(0, as: UnsafeMutablePointer<CChar>?.self)
        #expect(invocations(of: body).first?.cString(0) == nil)
        #expect(invocations(of: body).first?.formattedArguments.first?.hasPrefix("0x") == true)
        #expect(address != nil)
        let refused = captureFailures { verify(body(cString("hello"), any(), any(), any())) }
        #expect(refused.first?.message.contains("nothing is copied from that parameter (UnsafeMutablePointer<Int8>?)") == true)
    }

    // MARK: Literals for pointers

    @Test(.mockery) func aStringLiteralForARawPointerIsReportedNotComparedByAddress() {
        let find: @convention(c) (UnsafeRawPointer?) -> Int32 = mockFunction(named: "find")
        let line = #line + 1
        let failures = captureFailures { stub(find("item")).with { 1 } }
        #expect(failures.map(\.site.line) == [line])
        #expect(failures.first?.message.hasPrefix("Argument 1 of find (UnsafeRawPointer?) in stub(...) had a different value each time") == true)
    }

    @Test(.mockery) func aStringLiteralForATextPointerIsComparedByText() {
        let find: @convention(c) (UnsafePointer<UInt8>?) -> Int32 = mockFunction(named: "find")
        stub(find("item")).with { 1 }
        #expect(Array("item\0".utf8).withUnsafeBufferPointer { find($0.baseAddress) } == 1)
        #expect(Array("other\0".utf8).withUnsafeBufferPointer { find($0.baseAddress) } == 0)
    }

    // MARK: nftw, a real libc walker

    @Test(.mockery) func nftwEntriesAreVerifiedAfterTheWalk() throws {
        var path = [CChar](repeating: 0, count: 96)
        try #require(cp_make_tree(&path) == 0)
        defer { cp_remove_tree(path) }
        let visit: cp_walk_fn = mockFunction(named: "visit")
        #expect(cp_walk(path, visit) == 0)
        // glibc's stat buffer lived on its stack during the walk; the verify reads the copy.
        let failures = captureFailures {
            verify(.once, visit(
                cString(Matcher("a path ending in note.txt") { $0.hasSuffix("/note.txt") }),
                pointee(Matcher("5 bytes long") { (status: stat) in status.st_size == 5 }),
                Int32(FTW_F),
                any()))
        }
        #expect(failures.isEmpty)
        let directory = try #require(invocations(of: visit).first { $0.argument(2, as: Int32.self) == Int32(FTW_D) })
        #expect(directory.cString(0) == String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
