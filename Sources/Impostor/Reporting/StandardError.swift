#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes to standard error without Foundation.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        // Impostor's own call (see `FrameworkCalls`): it reaches the real `write` while a test fakes it.
        GOT.asOwnCode { text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) } }
    }
}
