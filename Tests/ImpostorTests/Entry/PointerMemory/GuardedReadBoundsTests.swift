import CImpostorTestSupport
import Testing

/// The guarded readers on memory that can be read, so that nothing faults and no child process
/// is needed: a text's length is the place of its NUL or `max`, whichever comes first, wherever
/// the NUL falls among the 16-byte blocks the assembly scans (the first block, which also holds
/// bytes before the text, or a later one), and the scan that copies as it goes gives the same
/// length; for both readers (see UnreadableMemoryScenarios for memory that cannot be read).
@Suite struct GuardedReadBoundsTests {
    @Test func aLengthStopsAtTheNulOrAtMaxWhicheverComesFirst() {
        typealias Length = (UnsafePointer<CChar>, Int) -> Int
        typealias CopyText = (UnsafeMutableRawPointer, UnsafePointer<CChar>, Int) -> Int
        let readers: [(name: String, length: Length, copyText: CopyText)] = [
            ("assembly", impostor_guarded_strnlen, impostor_guarded_copy_text),
            ("process_vm_readv", ct_portable_guarded_strnlen, ct_portable_guarded_copy_text),
        ]
        impostor_guarded_read_prepare()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 96, alignment: 16)
        defer { buffer.deallocate() }
        // The copying scan's room: 16 bytes before the destination and a block past `max`.
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 160, alignment: 16)
        defer { scratch.deallocate() }
        for reader in readers {
            for offset in 0..<16 {
                for textLength in [0, 1, 5, 15, 16, 17, 40] {
                    buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "x"), count: 96)
                    (buffer + offset + textLength).storeBytes(of: 0, as: UInt8.self)
                    let text = UnsafePointer((buffer + offset).assumingMemoryBound(to: CChar.self))
                    for max in Set([0, 1, 3, textLength - 1, textLength, textLength + 1, 48]) where max >= 0 {
                        let expected = min(textLength, max)
                        let context = "\(reader.name): text of \(textLength) at offset \(offset), max \(max)"
                        #expect(reader.length(text, max) == expected, "\(context)")
                        #expect(reader.copyText(scratch + 16, text, max) == expected, "\(context)")
                    }
                }
            }
        }
    }
}
