import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Calls that hand a mock memory it cannot read in full, run by UnreadableMemoryTests in a child
// process with a timeout, one test per child: if reading that memory ever faulted again, it
// would take that child down, not the test run. Enabled only in the child; each test of
// UnreadableMemoryScenarios is listed in UnreadableMemoryTests.scenarios.

/// True in the child process UnreadableMemoryTests starts; the value names the scenario.
let unreadableMemoryScenario = getenv("IMPOSTOR_UNREADABLE_SCENARIO").map { String(cString: $0) }

/// `unreadable at call time (0x00007f…)`, as listings show the pointer.
func unreadableText(_ address: UInt) -> String {
    let digits = String(address, radix: 16)
    return "unreadable at call time (0x" + String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ")"
}

/// The failure a matcher reports when the memory it reads was unreadable at call time.
func cannotRead(_ matcher: String, in purpose: String, argument: Int, of mock: String, call: Int? = nil, address: UInt) -> String {
    "\(matcher) in \(purpose)(...) reads the memory argument \(argument) of \(mock) points to, but"
        + (call.map { " in call #\($0)" } ?? "") + " that memory was \(unreadableText(address)): a page before its end "
        + "could not be read, or its length was more than any process can own. The call does not match."
}

@Suite(.enabled(if: unreadableMemoryScenario == "reads"))
struct UnreadableMemoryScenarios {
    // MARK: The readers themselves

    /// Both readers, called directly: the assembly one Impostor uses on x86-64, and the
    /// process_vm_readv one other architectures use (compiled here from the same source).
    @Test func theReadersStopAtAGuardPageAndCountWhatTheyCouldNotRead() throws {
        let guardPage = try #require(cgp_map_before_guard())
        defer { cgp_unmap_before_guard(guardPage) }
        typealias Copy = (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int
        typealias Length = (UnsafePointer<CChar>, Int) -> Int
        typealias CopyText = (UnsafeMutableRawPointer, UnsafePointer<CChar>, Int) -> Int
        typealias CopyBlocks = (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32
        let readers: [(name: String, copy: Copy, length: Length, copyText: CopyText, copyBlocks: CopyBlocks)] = [
            ("assembly", impostor_guarded_copy, impostor_guarded_strnlen, impostor_guarded_copy_text, impostor_guarded_copy_blocks),
            ("process_vm_readv", ct_portable_guarded_copy, ct_portable_guarded_strnlen, ct_portable_guarded_copy_text,
             ct_portable_guarded_copy_blocks),
        ]
        impostor_guarded_read_prepare()
        for reader in readers {
            for count in [1, 15, 16, 17, 100, 4096] {
                let text = UnsafeRawPointer(guardPage - count)
                let characters = text.assumingMemoryBound(to: CChar.self)
                #expect(reader.length(characters, 1 << 20) == -1, "\(reader.name), \(count) bytes: SIZE_MAX")
                #expect(reader.length(characters, count) == count, "\(reader.name), \(count) bytes")
                #expect(reader.length(characters, count + 1) == -1, "\(reader.name), \(count) bytes")
                var buffer = [UInt8](repeating: 0, count: count + 64)
                #expect(reader.copy(&buffer, text, count) == 0, "\(reader.name), \(count) bytes")
                #expect(buffer.prefix(count).allSatisfy { $0 == UInt8(ascii: "x") })
                #expect(reader.copy(&buffer, text, count + 64) == 64, "\(reader.name), \(count) bytes: 64 not copied")
                // The scan that copies as it goes: 16 bytes of room on either side.
                var scratch = [UInt8](repeating: 0, count: count + 96)
                scratch.withUnsafeMutableBytes { scratch in
                    let start = scratch.baseAddress! + 16
                    #expect(reader.copyText(start, characters, 1 << 20) == -1, "\(reader.name), \(count) bytes")
                    #expect(reader.copyText(start, characters, count) == count, "\(reader.name), \(count) bytes")
                    #expect(UnsafeRawBufferPointer(start: start, count: count).allSatisfy { $0 == UInt8(ascii: "x") })
                    // The copy by aligned blocks: the same room; one byte into the guard page fails it.
                    scratch.initializeMemory(as: UInt8.self, repeating: 0)
                    #expect(reader.copyBlocks(start, text, count) == 0, "\(reader.name), \(count) bytes")
                    #expect(UnsafeRawBufferPointer(start: start, count: count).allSatisfy { $0 == UInt8(ascii: "x") })
                    #expect(reader.copyBlocks(start, text, count + 1) == 1, "\(reader.name), \(count) bytes and one more")
                    #expect(reader.copyBlocks(start, text, 0) == 0, "\(reader.name): nothing to copy")
                }
            }
            #expect(reader.length(UnsafeRawPointer(guardPage).assumingMemoryBound(to: CChar.self), 8) == -1)
            var buffer = [UInt8](repeating: 0, count: 8)
            #expect(reader.copy(&buffer, guardPage, 8) == 8, "\(reader.name): nothing copied")
            #expect(reader.length(UnsafeRawPointer(guardPage - 3).assumingMemoryBound(to: CChar.self), 0) == 0)
            // Text that ends before the guard page is copied with its NUL.
            (guardPage - 1).pointee = 0
            var scratch = [UInt8](repeating: 0xEE, count: 64)
            scratch.withUnsafeMutableBytes { scratch in
                let length = reader.copyText(scratch.baseAddress! + 16, UnsafeRawPointer(guardPage - 6).assumingMemoryBound(to: CChar.self), 1 << 20)
                #expect(length == 5, "\(reader.name)")
                #expect(Array(scratch[16..<22]) == Array("xxxxx\0".utf8), "\(reader.name)")
            }
            (guardPage - 1).pointee = UInt8(ascii: "x")
        }
    }

    // MARK: Text without a NUL before a guard page

    @Test(.mockery) func textWithoutANulThatRunsIntoAGuardPage() {
        let log: cgp_text_fn = mockFunction(named: "log")
        stub(log(any())).with { 7 }
        let stubLine = #line + 1
        stub(log(cString("xxxx"))).with { 1 }
        var address: UInt = 0
        // The call returns, answered by the next stub, and the stub that could not read says so.
        let answered = captureFailures { #expect(cgp_text_before_guard(log, 64, &address) == 7) }
        #expect(answered.map(\.message) == [cannotRead("cString(\"xxxx\")", in: "stub", argument: 1, of: "log", address: address)])
        #expect(answered.map(\.site.line) == [stubLine])

        // Recorded, listed as unreadable, seen by verify.
        #expect(invocations(of: log).map(\.description) == ["log(\(unreadableText(address))) -> 7"])
        #expect(invocations(of: log).first?.cString(0) == nil)
        #expect(captureFailures { verify(.once, log(any())) }.isEmpty)

        // A text matcher in a verify: its own failure, then the verify's, both at its line.
        let verifyLine = #line + 1
        let verified = captureFailures { verify(log(cString("xxxx"))) }
        #expect(verified.map(\.site.line) == [verifyLine, verifyLine])
        #expect(verified.first?.message == cannotRead("cString(\"xxxx\")", in: "verify", argument: 1, of: "log", call: 1, address: address))
        #expect(verified.last?.message.contains(
            "log(«\(unreadableText(address))») -> 7  (call #1): argument 1: expected cString(\"xxxx\"), got \(unreadableText(address))") == true)

        // A negated matcher does not take "unreadable" for "different", and .never does not pass silently.
        let neverLine = #line + 1
        let never = captureFailures { verify(.never, log(that(!eq("xxxx")))) }
        #expect(never.map(\.message) == [cannotRead("!eq(\"xxxx\")", in: "verify", argument: 1, of: "log", call: 1, address: address)])
        #expect(never.map(\.site.line) == [neverLine])

        // A captor at its own line captures nothing.
        let texts = CStringCaptor()
        let captorLine = #line + 1
        let captured = captureFailures { verify(log(texts.capture())) }
        #expect(captured.first?.message == cannotRead("capture()", in: "verify", argument: 1, of: "log", call: 1, address: address))
        #expect(captured.first?.site.line == captorLine)
        #expect(texts.values.isEmpty)

        // In order, too.
        let ordered = captureFailures { verifyInOrder { log(cString("xxxx")) } }
        #expect(ordered.first?.message == cannotRead("cString(\"xxxx\")", in: "verify", argument: 1, of: "log", call: 1, address: address))
        #expect(ordered.count == 2)
    }

    @Test func anExpectationThatCannotReadItsArgumentSaysSo() {
        var address: UInt = 0
        let expectationLine = #line + 5
        let failures = captureFailures {
            let context = Mockery("expectations")
            let log = context.mock(of: cgp_text_fn.self, named: "log")
            context.checking {
                allowing(log(cString("xxxx"))).will(returnValue(Int32(1)))
            }
            #expect(cgp_text_before_guard(log, 4096, &address) == 0)
            #expect(invocations(of: log).count == 1)
            context.assertIsSatisfied()
        }
        #expect(failures.first?.message == cannotRead("cString(\"xxxx\")", in: "allowing", argument: 1, of: "log", address: address))
        #expect(failures.first?.site.line == expectationLine)
        // The call matched no expectation: an unexpected call, listed as unreadable.
        #expect(failures.dropFirst().contains { $0.message.contains("Unexpected call: log(\(unreadableText(address)))") })
    }

    // MARK: A buffer whose length runs past a guard page

    @Test(.mockery) func aBufferWhoseLengthRunsPastAGuardPage() {
        let sink: cgp_buffer_fn = mockFunction(named: "sink")
        stub(sink(any(), any())).with { 7 }
        let stubLine = #line + 1
        stub(sink(bytes([0x5A, 0x5A]), any())).with { 1 }
        var address: UInt = 0
        let answered = captureFailures { #expect(cgp_buffer_across_guard(sink, 16, 64, &address) == 7) }
        #expect(answered.map(\.message) == [cannotRead("bytes([0x5a, 0x5a])", in: "stub", argument: 1, of: "sink", address: address)])
        #expect(answered.map(\.site.line) == [stubLine])
        // The same buffer within its readable bytes is read.
        #expect(cgp_buffer_across_guard(sink, 16, 16, &address) == 1)

        let calls = invocations(of: sink)
        #expect(calls.count == 2)
        #expect(calls.first?.formattedArguments.first?.hasPrefix("unreadable at call time (0x") == true)
        #expect(calls.first?.bytes(0) == nil)
        #expect(calls.last?.bytes(0) == [UInt8](repeating: 0x5A, count: 16))
        #expect(captureFailures { verify(.exactly(2), sink(any(), any())) }.isEmpty)

        let buffers = BufferCaptor()
        let captorLine = #line + 1
        let captured = captureFailures { verify(.once, sink(buffers.capture(), 64)) }
        #expect(captured.map(\.site.line) == [captorLine, captorLine])
        #expect(captured.first?.message.hasPrefix("capture() in verify(...) reads the memory argument 1 of sink points to, but in call #1 that memory was unreadable at call time (0x") == true)
        #expect(buffers.values.isEmpty)
    }

    // MARK: Data whose length is not next to it

    @Test(.mockery) func dataWithItsLengthFurtherOnIsReadToThatLength() {
        // (const char *data, void *ctx, size_t len): 8 bytes, no NUL, then a guard page. Read
        // as a C string it would run into the page; the default stops at the length.
        let data: cgp_data_fn = mockFunction(named: "data")
        var address: UInt = 0
        #expect(cgp_data_before_guard(data, &address) == 0)
        #expect(invocations(of: data).first?.bytes(0) == Array("abcdefgh".utf8))
        #expect(invocations(of: data).first?.description == "data(\"abcdefgh\", nil, 8) -> 0")
        // A text matcher asks which it is.
        let line = #line + 1
        let undecided = captureFailures { verify(data(cString("abcdefgh"), any(), any())) }
        #expect(undecided.map(\.site.line) == [line])
        #expect(undecided.first?.message == "cString(\"abcdefgh\") in verify(...) reads the memory argument 1 of data points to, "
            + "but that parameter (UnsafePointer<Int8>?) comes before argument 3 (Int), which may be its length or not, so "
            + "Impostor copied only up to whichever of a NUL and that number came first. Say which it is when you create the "
            + "mock, by position from 0: capturing: [0: .cString] for a NUL-terminated string, [0: .buffer(count: 2)] for a "
            + "buffer of that length.")

        // Declared a buffer, it matches; declared a C string, it cannot be read, and says so.
        let buffer: cgp_data_fn = mockFunction(named: "buffer", capturing: [0: .buffer(count: 2)])
        #expect(cgp_data_before_guard(buffer, &address) == 0)
        #expect(captureFailures { verify(.once, buffer(cString("abcdefgh"), any(), 8)) }.isEmpty)
        let text: cgp_data_fn = mockFunction(named: "text", capturing: [0: .cString])
        #expect(cgp_data_before_guard(text, &address) == 0)
        #expect(invocations(of: text).first?.description == "text(\(unreadableText(address)), nil, 8) -> 0")
        let refused = captureFailures { verify(text(cString("abcdefgh"), any(), any())) }
        #expect(refused.first?.message == cannotRead("cString(\"abcdefgh\")", in: "verify", argument: 1, of: "text", call: 1, address: address))
    }

    // MARK: Lengths no buffer can have

    @Test(.mockery, arguments: [Int.max, 1 << 47])
    func aLengthNoProcessCanOwnIsRefusedWithoutReading(length: Int) {
        let sink: cgp_buffer_fn = mockFunction(named: "sink")
        var address: UInt = 0
        #expect(cgp_small_buffer_with_length(sink, length, &address) == 0)
        let calls = invocations(of: sink)
        #expect(calls.map(\.description) == ["sink(\(unreadableText(address)), \(length)) -> 0"])
        #expect(calls.first?.bytes(0) == nil)
        let line = #line + 1
        let failures = captureFailures { verify(sink(bytes([0x5A]), any())) }
        #expect(failures.first?.message == cannotRead("bytes([0x5a])", in: "verify", argument: 1, of: "sink", call: 1, address: address))
        #expect(failures.map(\.site.line) == [line, line])
        // The 16 bytes the caller did hand over are read when the length says so.
        #expect(cgp_small_buffer_with_length(sink, 16, &address) == 0)
        #expect(invocations(of: sink).last?.bytes(0) == [UInt8](repeating: 0x5A, count: 16))
    }

    // MARK: Memory unmapped before the call

    @Test(.mockery) func textInMemoryThatWasUnmapped() {
        let log: cgp_text_fn = mockFunction(named: "log")
        var address: UInt = 0
        let line = #line + 1
        stub(log(cString("gone"))).with { 1 }
        var failures: [ImpostorFailure] = []
        // Again when another thread mapped a page into the hole before the call could read it.
        for _ in 0..<10 {
            clearInvocations(log)
            failures = captureFailures { #expect(cgp_text_after_unmap(log, &address) == 0) }
            if cgp_is_unmapped(address) != 0 { break }
        }
        #expect(failures.map(\.message) == [cannotRead("cString(\"gone\")", in: "stub", argument: 1, of: "log", address: address)])
        #expect(failures.map(\.site.line) == [line])
        #expect(invocations(of: log).map(\.description) == ["log(\(unreadableText(address))) -> 0"])
    }

    @Test(.mockery) func aBufferInMemoryThatWasUnmapped() {
        let sink: cgp_buffer_fn = mockFunction(named: "sink")
        var address: UInt = 0
        for _ in 0..<10 {
            clearInvocations(sink)
            #expect(cgp_buffer_after_unmap(sink, 5, &address) == 0)
            if cgp_is_unmapped(address) != 0 { break }
        }
        #expect(invocations(of: sink).map(\.description) == ["sink(\(unreadableText(address)), 5) -> 0"])
        let line = #line + 1
        let failures = captureFailures { verify(.never, sink(bytes(Array("gone".utf8)), any())) }
        #expect(failures.map(\.message) == [cannotRead("bytes([0x67, 0x6f, 0x6e, 0x65])", in: "verify", argument: 1, of: "sink", call: 1, address: address)])
        #expect(failures.map(\.site.line) == [line])
    }
}

/// Reads fine through the guarded reader, then faults outside it: the fault must end the
/// process as it would without Impostor (the parent test expects a SIGSEGV exit).
@Suite(.enabled(if: unreadableMemoryScenario == "fault elsewhere"))
struct FaultOutsideTheReaderScenario {
    @Test(.mockery) func aFaultAfterACaptureStillEndsTheProcess() {
        let log: cgp_text_fn = mockFunction(named: "log")
        var address: UInt = 0
        #expect(cgp_text_after_unmap(log, &address) == 0)   // a fault the reader survives
        #expect(invocations(of: log).count == 1)
        print("about to fault outside the reader")
        _ = cgp_fault()
        Issue.record("still running after a fault outside the reader")
    }
}

/// A SIGSEGV handler installed after Impostor's takes every fault, the readers' included.
@Suite(.enabled(if: unreadableMemoryScenario == "later handler"))
struct LaterSignalHandlerScenario {
    @Test(.mockery) func aHandlerInstalledLaterTakesPrecedence() {
        let log: cgp_text_fn = mockFunction(named: "log")   // installs Impostor's handler
        cgp_install_exiting_segv_handler(42)
        var address: UInt = 0
        _ = cgp_text_after_unmap(log, &address)
        Issue.record("the test's own handler did not run")
    }
}
