/// What Impostor copies, when a call arrives, from the memory a pointer argument points to.
///
/// A C caller may free or reuse its buffers as soon as the call returns, so everything a
/// matcher, captor or `verify` reads through a pointer is copied while the call is in
/// progress, and nothing is read past what the caller handed over. Most parameters need no
/// declaration (see the defaults below); declare the others when you create the mock, keyed by
/// parameter position counted from 0, as in ``Invocation/argument(_:as:fileID:filePath:line:column:)``:
///
/// ```swift
/// // fopencookie's writer: ssize_t (*)(void *cookie, const char *buf, size_t size)
/// let writer: CookieWrite = mockFunction(named: "writer")                       // buf: `size` bytes, by default
/// // libcurl's write callback: size_t (*)(char *ptr, size_t size, size_t nmemb, void *userdata)
/// let onData: CurlWrite = mockFunction(named: "onData", capturing: [0: .buffer(count: 2, times: 1)])
/// // expat's character data handler: void (*)(void *userData, const XML_Char *s, int len)
/// let onText: ExpatText = mockFunction(named: "onText", capturing: [1: .buffer(count: 2)])
/// ```
///
/// Defaults, decided from the function type when the mock is created:
///
/// | Parameter | Followed by | Copied when the call arrives |
/// | --- | --- | --- |
/// | `const char *`, `const unsigned char *`, `const void *`, `const T *` | `size_t`, `ssize_t` or `long` | a buffer of that many bytes (or `T`s) |
/// | `const char *`, `const unsigned char *` (`const xmlChar *`) | another integer (`int len`) | text up to the NUL or that length, whichever comes first (*) |
/// | `const char *`, `const unsigned char *` | anything else, with a `size_t`, `ssize_t` or `long` further on | text up to the NUL or that length, whichever comes first (*) |
/// | `const char *`, `const unsigned char *` | anything else | text up to the NUL, which is kept |
/// | `T *`, `const T *` with `T` a C type of at most 256 bytes | anything else | one `T`, the pointee |
/// | `void *`, `char *`, `unsigned char *`, opaque and function pointers | anything else | nothing: the address only |
///
/// (*) A `const char *` or `const unsigned char *` next to an `int` may be a C string
/// (`lookup(key, fallback)`, libxml2's `(const xmlChar *URI, int nb_namespaces)`) or a buffer
/// (expat's `(s, len)`), and so may one with a `size_t` further on (`(const char *data, void *ctx,
/// size_t len)`): what is copied is safe either way, but a matcher that reads it asks you to say
/// which, with `.cString` or `.buffer(count:)`.
///
/// Copies stop at ``limit`` bytes; a longer one is marked as cut.
///
/// Reading never faults. A copy that meets a page it cannot read (unmapped or `PROT_NONE`)
/// before its NUL or its end keeps none of its bytes, and a buffer whose address plus length
/// passes the end of user memory is refused before anything is read; the argument is then
/// recorded as `unreadable at call time (0x…)`, and a matcher or captor that needs it does not
/// match and fails at its own line. On Linux
/// x86-64 this takes no system call: Impostor's SIGSEGV/SIGBUS handler, installed with the first
/// mock that copies pointer memory, resumes a fault in its reader and passes every other fault to
/// the handler installed before it. A handler installed later takes precedence.
public struct PointerCapture: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case addressOnly
        case cString
        case buffer(count: Int, times: Int?)
        case bytes(Int)
        case pointee
    }

    let kind: Kind

    /// NUL-terminated text: the bytes up to the first NUL.
    public static var cString: PointerCapture { PointerCapture(kind: .cString) }

    /// A buffer whose element count is the argument at position `count` (an integer
    /// parameter). Elements are bytes for `void *` and `char *`, and `T` for a `T *`.
    public static func buffer(count: Int) -> PointerCapture { PointerCapture(kind: .buffer(count: count, times: nil)) }

    /// A buffer of (argument `count` × argument `times`) elements, as in
    /// `fwrite(ptr, size, nmemb, stream)` and libcurl's write callback.
    public static func buffer(count: Int, times: Int) -> PointerCapture {
        PointerCapture(kind: .buffer(count: count, times: times))
    }

    /// Exactly `count` bytes.
    public static func bytes(_ count: Int) -> PointerCapture { PointerCapture(kind: .bytes(count)) }

    /// One value of the pointer's pointee type (a typed pointer such as `const struct stat *`).
    public static var pointee: PointerCapture { PointerCapture(kind: .pointee) }

    /// Nothing: only the address is recorded (for handles and pointers that need not point
    /// at readable memory).
    public static var addressOnly: PointerCapture { PointerCapture(kind: .addressOnly) }

    /// The most bytes copied from one argument of one call: 1 MiB.
    public static var limit: Int { 1 << 20 }

    /// `.buffer(count: 2)`, as written.
    public var description: String {
        switch kind {
        case .addressOnly: ".addressOnly"
        case .cString: ".cString"
        case .buffer(let count, nil): ".buffer(count: \(count))"
        case .buffer(let count, let times?): ".buffer(count: \(count), times: \(times))"
        case .bytes(let count): ".bytes(\(count))"
        case .pointee: ".pointee"
        }
    }
}
