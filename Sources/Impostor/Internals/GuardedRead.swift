import CImpostor

/// Reads of a C caller's memory that never fault: the only way captures read through a
/// pointer argument (see `impostor_guarded_read.h`).
///
/// A caller may hand over a pointer whose memory is unmapped, or shorter than its length or
/// missing the NUL a `const char *` should have; such a read stops at the first page that
/// cannot be read and reports it, instead of ending the process with SIGSEGV. A read that does
/// not fault costs what `strnlen` and `memcpy` cost: no system call on Linux x86-64.
enum GuardedRead {
    /// Installs the fault handler the readers rely on, once per process. Called when a mock
    /// that copies pointer memory is made, so that the per-call path never pays for it.
    static func prepare() {
        impostor_guarded_read_prepare()
    }

    /// The length of the NUL-terminated text at `text`, at most `max`; nil when a byte before
    /// the NUL and before `max` could not be read.
    @inline(__always)
    static func textLength(at text: UnsafeRawPointer, max: Int) -> Int? {
        // Sound: the reader reads nothing past the NUL or `max` (beyond the 16-byte blocks they
        // lie in, which share their page), and survives a page that cannot be read.
        let length = impostor_guarded_strnlen(text.assumingMemoryBound(to: CChar.self), max)
        return length < 0 ? nil : length   // SIZE_MAX, which size_t's import as Int reads as -1
    }

    /// The NUL-terminated text at `text`: its bytes up to and including the NUL, or its first
    /// `bound` bytes when no NUL comes before them; nil when a byte it needed could not be read.
    @inline(__always)
    static func text(at text: UnsafeRawPointer, bound: Int) -> [UInt8]? {
        guard bound > 0 else { return [] }
        let characters = text.assumingMemoryBound(to: CChar.self)
        // Most text is short: one pass copies it to a scratch buffer on the stack as it looks
        // for the NUL, where a scan and then a copy would read it twice. (With the copy into
        // the array, benchmark row 3t costs what the unguarded strnlen and Array(_:) cost
        // before, 74 to 76 ns; a guarded scan, then a guarded copy, cost 10 ns more.)
        let firstPass = min(bound, scratchLimit - 32)
        let short = withUnsafeTemporaryAllocation(byteCount: firstPass + 32, alignment: 16) { scratch -> ShortText in
            // Sound: the copy writes from 16 bytes before `start` to `firstPass` + 16 bytes after
            // it, all inside the scratch buffer, and reads nothing past the NUL or `firstPass`
            // (beyond the 16-byte blocks they lie in, which share their page).
            let start = scratch.baseAddress! + 16
            let length = impostor_guarded_copy_text(start, characters, firstPass)
            if length < 0 { return .unreadable }   // SIZE_MAX
            if length == firstPass, firstPass < bound { return .longer }
            return .copied(Array(UnsafeRawBufferPointer(start: start, count: length < firstPass ? length + 1 : firstPass)))
        }
        switch short {
        case .copied(let bytes): return bytes
        case .unreadable: return nil
        case .longer: break
        }
        // Longer text: its length, then its bytes.
        guard let length = textLength(at: text, max: bound) else { return nil }
        return bytes(at: text, count: length < bound ? length + 1 : bound)
    }

    /// What the first pass over a text found.
    private enum ShortText {
        case copied([UInt8])
        case unreadable
        /// No NUL in the scratch buffer's worth, and the bound is further.
        case longer
    }

    /// A copy of the `count` bytes at `source`; nil when any of them could not be read.
    @inline(__always)
    static func bytes(at source: UnsafeRawPointer, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
        guard count <= scratchLimit else { return copiedInPlace(from: source, count: count) }
        // Short copies go through a scratch buffer on the stack, then into the array with
        // Array(UnsafeRawBufferPointer): the standard library's own code for raw bytes, which
        // makes the array with no metadata look-up. Filling the array's storage directly
        // (Array(unsafeUninitializedCapacity:), which calls the unspecialized
        // _ContiguousArrayBuffer initializer) took 17 ns more per call here; the second copy of
        // a few dozen bytes costs about 1.
        return withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { scratch in
            // Sound: the scratch buffer has room for `count` bytes, and the reader writes no others.
            guard impostor_guarded_copy(scratch.baseAddress!, source, count) == 0 else { return nil }
            return Array(UnsafeRawBufferPointer(scratch))
        }
    }

    /// Copies larger than this go straight into the array's storage (see `bytes(at:count:)`):
    /// `withUnsafeTemporaryAllocation` keeps up to 1 KiB on the stack.
    private static let scratchLimit = 1024

    /// `bytes(at:count:)` for long copies, written straight into the array's storage.
    private static func copiedInPlace(from source: UnsafeRawPointer, count: Int) -> [UInt8]? {
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Sound: the buffer has room for `count` bytes, and the reader writes no others; a
            // copy cut short by a fault keeps none of them (`initialized` stays 0).
            complete = impostor_guarded_copy(buffer.baseAddress!, source, count) == 0
            initialized = complete ? count : 0
        }
        return complete ? bytes : nil
    }
}
