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
            "argument 1: expected bytes([0x42, 0x42]), got bytes([0x41, 0x42]) (2 bytes copied at call time)") == true)
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

    @Test(.mockery) func copiesStopAtTheLimitAndSaySo() {
        let sink: cp_sink_fn = mockFunction(named: "sink")
        let handedOver = PointerCapture.limit + 10
        let buffer = [UInt8](repeating: 0x5A, count: handedOver)
        cp_sink_heap(sink, buffer, handedOver)
        #expect(invocations(of: sink).first?.bytes(0)?.count == PointerCapture.limit)
        let failures = captureFailures { verify(sink(bytes([0x41]), any())) }
        #expect(failures.first?.message.contains(
            "(\(PointerCapture.limit) bytes copied at call time of \(handedOver) handed over)") == true)
    }

    @Test(.mockery) func textLongerThanTheFirstPassIsReadWhole() {
        // Text is copied in one pass up to about 1 KiB, and scanned then copied beyond.
        let log: @convention(c) (UnsafePointer<CChar>?) -> Void = mockFunction(named: "log")
        for count in [991, 992, 993, 5000] {
            let text = String(repeating: "t", count: count)
            log(text)
            #expect(invocations(of: log).last?.cString(0) == text, "\(count) characters")
            #expect(invocations(of: log).last?.bytes(0)?.count == count + 1, "\(count) characters and the NUL")
        }
        let tooLong = String(repeating: "u", count: PointerCapture.limit + 5)
        log(tooLong)
        #expect(invocations(of: log).last?.bytes(0)?.count == PointerCapture.limit)
        #expect(invocations(of: log).last?.description.hasSuffix("u\"\u{2026})") == true, "cut, and shown so")
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
        // Asked of the call itself, the bytes nothing copied are nil and said to be, at this line.
        let askedLine = #line + 1
        let asked = captureFailures { #expect(invocations(of: undeclared).first?.bytes(0) == nil) }
        #expect(asked.map(\.site.line) == [askedLine])
        #expect(asked.first?.message.hasPrefix(
            "Cannot read the bytes argument 0 of a call to undeclared points to: nothing was copied from that parameter "
                + "(UnsafeRawPointer?) when the call arrived") == true)
        #expect(asked.first?.message.contains("capturing: [0: .bytes(n)]") == true)
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
        let characters: cp_characters_fn = mockFunction(named: "characters", capturing: [1: .buffer(count: 2)])
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

    @Test(.mockery) func anUnsignedTextPointerNextToAnIntWaitsForADeclaration() {
        // libxml2's (const xmlChar *ch, int len) and (const xmlChar *URI, int nb_namespaces)
        // look alike: a text matcher asks which one it is instead of reading a cut copy.
        let characters: cp_characters_fn = mockFunction(named: "characters")
        cp_parse_element(mockFunction(named: "start"), characters, "item", "hello")
        #expect(invocations(of: characters).first?.description == "characters(nil, \"hello\", 5)")
        let failures = captureFailures { verify(.once, characters(any(), cString("hello"), 5)) }
        #expect(failures.map(\.message) == [
            "cString(\"hello\") in verify(...) reads the memory argument 2 of characters points to, but that parameter "
                + "(UnsafePointer<UInt8>?) is followed by an Int32, which may be its length or not, so Impostor copied only up to "
                + "whichever of a NUL and that number came first. Say which it is when you create the mock, by position from 0: "
                + "capturing: [1: .cString] for a NUL-terminated string, [1: .buffer(count: 2)] for a buffer of that length."
        ])
    }

    @Test(.mockery) func textWithALengthFurtherOnStopsAtTheNulOrTheLengthAndWaitsForADeclaration() {
        // (const char *data, void *ctx, size_t len): data may be a C string or `len` bytes.
        // Whichever of the NUL and the length comes first ends the copy (see
        // UnreadableMemoryScenarios for 8 bytes with no NUL before a guard page).
        let visit: cgp_data_fn = mockFunction(named: "visit")
        _ = visit("name", nil, 100)
        _ = visit("name", nil, 2)
        #expect(invocations(of: visit).map(\.description) == ["visit(\"name\", nil, 100) -> 0", "visit(\"na\", nil, 2) -> 0"])
        let line = #line + 1
        let undecided = captureFailures { verify(visit(cString("name"), any(), any())) }
        #expect(undecided.map(\.site.line) == [line])
        #expect(undecided.first?.message.contains("that parameter (UnsafePointer<Int8>?) comes before argument 3 (Int), which may be its length or not") == true)
        // Declared, it is what it says.
        let declared: cgp_data_fn = mockFunction(named: "declared", capturing: [0: .cString])
        _ = declared("name", nil, 2)
        #expect(captureFailures { verify(.once, declared(cString("name"), any(), 2)) }.isEmpty)
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
        let asked = captureFailures { #expect(invocations(of: body).first?.cString(0) == nil) }
        #expect(asked.first?.message.hasPrefix(
            "Cannot read the text argument 0 of a call to body points to: nothing was copied from that parameter") == true)
        #expect(invocations(of: body).first?.formattedArguments.first?.hasPrefix("0x") == true)
        #expect(address != nil)
        let refused = captureFailures { verify(body(cString("hello"), any(), any(), any())) }
        #expect(refused.first?.message.contains("nothing is copied from that parameter (UnsafeMutablePointer<Int8>?)") == true)
    }

    // MARK: What a new user met

    @Test(.mockery) func aLeftoverMatcherOnACopiedPointerIsReportedNotDereferenced() {
        let log: @convention(c) (UnsafePointer<CChar>?) -> Void = mockFunction(named: "log")
        let line = #line + 1
        let failures = captureFailures { log(any()) }
        #expect(failures.map(\.site.line) == [line])
        #expect(failures.first?.message.hasPrefix("Matcher any() was used outside stub(...) or verify(...)") == true)
        #expect(invocations(of: log).count == 1)
        #expect(invocations(of: log).first?.cString(0) == nil, "the placeholder points nowhere: nothing was read")
    }

    @Test(.mockery) func aPlaceholderPointerReachingAnotherThreadIsNeverRead() {
        // A matcher's placeholder kept in a variable and passed on by C code on another
        // thread, which has no pending matcher to warn it.
        let notify: cv_event_fn = mockFunction(named: "notify")
        var calls: [Invocation] = []
        let reported = captureFailures {
            let placeholder: UnsafePointer<CChar>? = any()
            cv_join(cv_call_later(notify, 1, placeholder, 1, 0))
            calls = invocations(of: notify)   // reports the leftover matcher on this thread
        }
        #expect(reported.count == 1)
        #expect(calls.count == 1)
        #expect(calls.first?.cString(1) == nil)
    }

    @Test(.mockery) func expatTextIsReadToItsLengthAndMatchedOnceDeclared() {
        let undeclared: cp_expat_text_fn = mockFunction(named: "text")
        cp_expat_text(undeclared, "hello</a>", 5)
        #expect(invocations(of: undeclared).first?.cString(1) == "hello", "never past the 5 bytes handed over")
        let line = #line + 1
        let refused = captureFailures { verify(undeclared(any(), cString("hello"), 5)) }
        #expect(refused.map(\.site.line) == [line])
        #expect(refused.first?.message == "cString(\"hello\") in verify(...) reads the memory argument 2 of text points to, but that parameter (UnsafePointer<Int8>?) is followed by an Int32, which may be its length or not, so Impostor copied only up to whichever of a NUL and that number came first. Say which it is when you create the mock, by position from 0: capturing: [1: .cString] for a NUL-terminated string, [1: .buffer(count: 2)] for a buffer of that length.")

        let declared: cp_expat_text_fn = mockFunction(named: "text", capturing: [1: .buffer(count: 2)])
        cp_expat_text(declared, "hello</a>", 5)
        #expect(captureFailures { verify(.once, declared(any(), cString("hello"), 5)) }.isEmpty)
    }

    @Test(.mockery) func binaryDataThroughConstCharWithASizeIsCopiedWhole() {
        let writer: cp_cookie_write_fn = mockFunction(named: "writer")
        stub(writer(any(), any(), any())).with { (_: UnsafeMutableRawPointer?, _: UnsafePointer<CChar>?, size: Int) -> Int in size }
        #expect(cp_write_bytes_through_cookie(writer, [0x41, 0x00, 0x42, 0x43], 4) == 0)
        #expect(invocations(of: writer).first?.bytes(1) == [0x41, 0x00, 0x42, 0x43])
        #expect(captureFailures { verify(.once, writer(any(), bytes([0x41, 0x00, 0x42, 0x43]), 4)) }.isEmpty)
    }

    @Test(.mockery) func aPointeeWhoseFunctionPointerFieldIsUnsetStillMatches() {
        // close_cb holds 2: not a valid Swift value of the struct, but the matcher gets it bare.
        let handle: cp_handle_fn = mockFunction(named: "handle")
        _ = cp_call_with_unset_callback(handle, 7)
        _ = cp_call_with_unset_callback(handle, 8)
        let failures = captureFailures {
            verify(.once, handle(pointee(Matcher("id 7") { (h: cp_handle) in h.id == 7 })))
        }
        #expect(failures.isEmpty)
    }

    @Test(.mockery) func eqOfAStringInAComposedMatcherComparesText() {
        let start: cp_start_fn = mockFunction(named: "start")
        let characters: cp_characters_fn = mockFunction(named: "characters")
        cp_parse_element(start, characters, "list", "x")
        #expect(captureFailures { verify(.once, start(any(), that(eq("item") || eq("list")), any())) }.isEmpty)
        #expect(captureFailures { verify(.never, start(any(), that(eq("item")), any())) }.isEmpty)
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
