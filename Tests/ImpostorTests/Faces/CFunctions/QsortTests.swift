#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Impostor
import Testing

/// libc's `qsort` calls a mocked comparator the way any C library calls a callback. Unstubbed,
/// the comparator returns 0 ("all equal"), so the test checks what qsort passed it, not the
/// order (a real sort comes with stubbing).
@Suite struct QsortTests {
    /// Deterministic input with duplicates and negative values.
    private static func input(count: Int) -> [Int32] {
        (0..<count).map { Int32(($0 * 7919) % 1000 - 500) }
    }

    @Test(arguments: [2, 10, 100])
    func comparatorReceivesPointersIntoTheArray(count: Int) throws {
        let compare = mockFunction(of: __compar_fn_t.self, named: "compare")
        let original = Self.input(count: count)
        var numbers = original
        let stride = MemoryLayout<Int32>.stride
        let base = numbers.withUnsafeMutableBytes { buffer in
            qsort(buffer.baseAddress!, count, stride, compare)
            return UInt(bitPattern: buffer.baseAddress)
        }

        let calls = invocations(of: compare)
        #expect(calls.count > 0)
        #expect(calls.count <= count * count)
        var outside = 0, misaligned = 0, missing = 0
        for call in calls {
            for index in 0..<2 {
                guard let pointer = call.argument(index, as: UnsafeRawPointer?.self) else {
                    missing += 1
                    continue
                }
                let address = UInt(bitPattern: pointer)
                if address < base || address >= base + UInt(count * stride) {
                    outside += 1
                } else if (address - base) % UInt(stride) != 0 {
                    misaligned += 1
                }
            }
        }
        #expect(missing == 0, "NULL element pointers")
        #expect(outside == 0, "pointers outside the array")
        #expect(misaligned == 0, "pointers between elements")
        #expect(calls.allSatisfy { $0.returnValue(as: Int32.self) == 0 })
        #expect(calls.allSatisfy { $0.thread == .current })
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.stamp < $1.stamp })
        #expect(numbers.sorted() == original.sorted(), "qsort only permutes the array")
        let first = try #require(calls.first)
        #expect(first.description.wholeMatch(of: #/compare\(0x[0-9a-f]{16}, 0x[0-9a-f]{16}\) -> 0/#) != nil)
    }
}
