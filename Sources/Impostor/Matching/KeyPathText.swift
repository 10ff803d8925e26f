// How a key-path matcher shows its path. Swift describes stored properties by name
// (`\LogEvent.message`) but every computed property, subscript and `count` by address
// (`\LogEvent.<computed 0x… (String)>`), which tells a reader nothing. The only spelling of
// those is the test's source, so the path is read from the `has(...)` call's own line and
// column, which `#filePath`, `#line` and `#column` give.

enum KeyPathText {
    /// `\Root.path` as the user wrote it: Swift's description when it names every component,
    /// else the source text at `site` (a `\.path` written without its root gets `rootName`),
    /// else Swift's description with each computed component as `<computed Type>`.
    static func describe(_ described: String, rootName: String, site: SourceSite) -> String {
        guard described.contains("<computed ") else { return described }
        if let written = written(at: site) {
            return written.hasPrefix("\\.") ? "\\" + rootName + written.dropFirst() : written
        }
        return withoutAddresses(described)
    }

    /// The first argument of the call that starts at `site`, when it is a key-path literal:
    /// from `\` to the comma or parenthesis that ends it, outside brackets and string literals,
    /// with line breaks and the indentation after them removed.
    static func written(at site: SourceSite) -> String? {
        guard let text = SourceText.text(from: site) else { return nil }
        guard var index = text.firstIndex(of: UInt8(ascii: "(")) else { return nil }
        index = text.index(after: index)
        while index < text.endIndex, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(text[index]) {
            index = text.index(after: index)
        }
        guard index < text.endIndex, text[index] == UInt8(ascii: "\\") else { return nil }
        var path: [UInt8] = []
        var depth = 0
        var inString = false
        var skippingIndentation = false
        while index < text.endIndex {
            let byte = text[index]
            if inString {
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                if depth == 0 { break }
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                break
            }
            if byte == UInt8(ascii: "\n") {
                skippingIndentation = true
            } else if !(skippingIndentation && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t"))) {
                skippingIndentation = false
                path.append(byte)
            }
            index = text.index(after: index)
        }
        while let last = path.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { path.removeLast() }
        guard index < text.endIndex, path.count > 1 else { return nil }
        return String(decoding: path, as: UTF8.self)
    }

    /// `\Root.<computed 0x55d0… (String)>` → `\Root.<computed String>`: no address that differs
    /// between runs.
    static func withoutAddresses(_ described: String) -> String {
        var result = ""
        var rest = Substring(described)
        while let start = rest.firstRange(of: "<computed 0x") {
            result += rest[..<start.lowerBound]
            guard let open = rest[start.upperBound...].firstIndex(of: "("),
                  let close = rest[open...].firstRange(of: ")>") else { break }
            result += "<computed " + rest[rest.index(after: open)..<close.lowerBound] + ">"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
