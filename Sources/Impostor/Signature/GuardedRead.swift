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

    /// A copy of the `count` bytes at `source`; nil when any of them could not be read.
    @inline(__always)
    static func bytes(at source: UnsafeRawPointer, count: Int) -> [UInt8]? {
        guard count > 0 else { return [] }
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
