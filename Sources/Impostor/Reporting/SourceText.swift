#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The text of the test's own source files, read on demand, for messages that show an
/// expression as it was written where Swift keeps no spelling of it at run time (a key path's
/// computed properties). Nil when the file cannot be read (the binary runs away from its
/// sources): callers then fall back to what Swift can describe.
enum SourceText {
    /// Files read so far, by path: a test file is read once however many matchers it makes.
    private static let files = Locked<[String: [UInt8]?]>([:])

    /// The bytes of `path` from `line` and `column` (both from 1, the column counted in UTF-8
    /// bytes as `#column` counts) to the end of the file.
    static func text(from site: SourceSite) -> Substring.UTF8View? {
        guard let bytes = contents(of: site.filePath) else { return nil }
        var line = 1
        var index = 0
        while line < site.line, index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        let start = index + site.column - 1
        guard line == site.line, site.column >= 1, start <= bytes.count else { return nil }
        return Substring(decoding: bytes[start...], as: UTF8.self).utf8
    }

    private static func contents(of path: String) -> [UInt8]? {
        if let known = files.withLock({ $0[path] }) { return known }
        let read = readFile(path)
        files.withLock { $0[path] = read }
        return read
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
