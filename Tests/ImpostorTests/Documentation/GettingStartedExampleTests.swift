import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// The DocC article Sources/Impostor/Impostor.docc/GettingStarted.md, as written there, with
// the failure it shows checked too. `everyExampleLineIsHere` keeps the article and this file in
// step.

typealias Compare = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32

@Suite struct GettingStartedExampleTests {
    @Test(.mockery) func findsTheKeyThroughTheComparator() {
        let compare: Compare = mockFunction(named: "compare")
        stub(compare(any(), any())).with { (key: UnsafeRawPointer?, element: UnsafeRawPointer?) -> Int32 in
            let wanted = key!.load(as: Int32.self), seen = element!.load(as: Int32.self)
            return wanted < seen ? -1 : (wanted > seen ? 1 : 0)
        }

        let sorted: [Int32] = [2, 3, 5, 7, 11, 13]
        var key: Int32 = 11
        let found = sorted.withUnsafeBufferPointer { buffer in
            bsearch(&key, buffer.baseAddress!, buffer.count, MemoryLayout<Int32>.stride, compare)
        }

        #expect(found?.load(as: Int32.self) == 11)
        verify(.atMost(3), compare(any(), any()))

        // "Read a failure": the text a verify allowing fewer calls reports, addresses aside.
        let failures = captureFailures { verify(.atMost(1), compare(any(), any())) }
        #expect(failures.map { Self.withoutAddresses($0.message) } == [
            """
            Expected compare to receive compare(any(), any()) at most once but received it 3 times.
            Calls to compare (3 calls), nearest match first:
              compare(0x…, 0x…) -> 1  (call #1): matches
              compare(0x…, 0x…) -> -1  (call #2): matches
              compare(0x…, 0x…) -> 0  (call #3): matches
            """
        ])
    }

    /// The text with every 16-digit address written `0x…`.
    static func withoutAddresses(_ text: String) -> String {
        text.replacing(/0x[0-9a-f]{16}/, with: "0x…")
    }

    @Test func everyExampleLineIsHere() throws {
        try ArticleExamples.expectEveryLine(of: "GettingStarted.md", in: [#filePath], atLeast: 15)
    }
}
