// Matchers that look through pointer arguments. They read only what Impostor copied when the
// call arrived (see PointerCapture), so they give the same answer in a stub, while the call is
// in progress, and in a verify, after the caller's memory may be gone.

/// The pointer types C text arrives as: `const char *`, `const unsigned char *` (libxml2's
/// `const xmlChar *`, `const uint8_t *`), their mutable forms, and Optionals of them. Text
/// matchers and captors take the argument's own type.
public protocol CTextPointer {}

/// The character types of C text: `char` (`CChar`) and `unsigned char` (`UInt8`).
public protocol CTextUnit {}

extension Int8: CTextUnit {}
extension UInt8: CTextUnit {}
extension UnsafePointer: CTextPointer where Pointee: CTextUnit {}
extension UnsafeMutablePointer: CTextPointer where Pointee: CTextUnit {}
extension Optional: CTextPointer where Wrapped: CTextPointer {}

/// Matches a text argument (`const char *`, `const xmlChar *`, …) whose text is `text`.
///
/// The text is the one copied at call time: up to the NUL, or the buffer's length for a
/// (buffer, length) pair (see ``PointerCapture``).
///
/// ```swift
/// stub(log(cString("ready"))).with { }
/// verify(characters(any(), cString("hello"), 5))      // libxml2: const xmlChar *, int
/// ```
public func cString<Pointer: CTextPointer>(
    _ text: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Pointer {
    record(cStringMatcher(equalTo: text), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Matches a text argument whose text satisfies `matcher`.
///
/// ```swift
/// stub(log(cString(Matcher("a warning") { $0.hasPrefix("warning:") }))).with { }
/// ```
public func cString<Pointer: CTextPointer>(
    _ matcher: Matcher<String>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Pointer {
    let pointerMatcher = Matcher<Pointer>(
        test: .slot({ slot in slot.text().value.map(matcher.matches) ?? false }, reading: textReading),
        description: "cString(\(matcher))")
    return record(pointerMatcher, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

func cStringMatcher<Pointer>(equalTo text: String, describedAs description: String? = nil) -> Matcher<Pointer> {
    Matcher(
        test: .slot({ $0.text().value == text }, reading: textReading),
        description: description ?? "cString(\(ValueFormatter.quoted(text)))", memoryKey: MemoryKey.text(text))
}

/// How text matchers read: text, shown quoted.
let textReading = PointerReading(need: .text) { slot in
    PointerReading.describe(slot.text(), ValueFormatter.quoted)
}

/// Matches a pointer argument whose pointee satisfies `matcher`.
///
/// The pointee is the copy made at call time: by default one value for a typed pointer such
/// as `const struct point *` (see ``PointerCapture``).
///
/// ```swift
/// stub(area(pointee(eq(Point(x: 1, y: 2))))).with { 0 }
/// ```
public func pointee<P>(
    _ matcher: Matcher<P>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafePointer<P>? {
    record(pointeeMatcher(matcher), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Matches a mutable pointer argument whose pointee satisfies `matcher`, as copied at call
/// time (before any stub wrote through it).
public func pointee<P>(
    _ matcher: Matcher<P>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> UnsafeMutablePointer<P>? {
    record(pointeeMatcher(matcher), SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func pointeeMatcher<P, Pointer>(_ matcher: Matcher<P>) -> Matcher<Pointer> {
    TrivialValue.requireTrivial(P.self)
    return Matcher(
        test: .slot({ slot in slot.withPointee(as: P.self, matcher.matches) ?? false }, reading: pointeeReading(P.self)),
        description: "pointee(\(matcher))")
}

/// How pointee matchers and captors read: one `P`, shown as a value.
func pointeeReading<P>(_ type: P.Type) -> PointerReading {
    PointerReading(need: .bytes(MemoryLayout<P>.size)) { slot in
        if slot.pointerBits == 0 { return "nil" }
        if let address = slot.unreadableAddress { return FailureMessages.unreadableAtCallTime(address) }
        return slot.withPointee(as: P.self) { "pointee " + ValueFormatter.describe($0) } ?? FailureMessages.nothingCaptured
    }
}

/// Matches a pointer argument to memory that starts with `expected`, as copied at call time.
///
/// The caller must have handed over at least that many bytes: a buffer whose length is
/// another argument, a typed pointer's pointee, or what `capturing:` declares.
///
/// ```swift
/// stub(write(bytes([0xCA, 0xFE]), 2)).with { 2 }
/// ```
public func bytes<Pointer>(
    _ expected: [UInt8],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Pointer {
    let matcher = Matcher<Pointer>(
        test: .slot({ $0.pointedBytes(count: expected.count).value == expected }, reading: bytesReading(expected.count)),
        description: "bytes([\(Hex.bytes(expected))])", memoryKey: .prefix(expected))
    return record(matcher, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// How byte matchers and captors read: the first `count` bytes, in hex.
func bytesReading(_ count: Int) -> PointerReading {
    PointerReading(need: .bytes(count)) { slot in
        PointerReading.describe(slot.captured()) { memory in
            let shown = memory.bytes.prefix(max(count, 16))
            let more = memory.bytes.count > shown.count ? " …" : ""
            return "bytes([\(Hex.bytes(Array(shown)))\(more)]) (" + FailureMessages.bytesCopied(memory) + ")"
        }
    }
}

/// A matcher of text arguments whose text is `text`, for `that(...)` and composition:
/// `that(eq("yes") || eq("no"))`. Compared by text: the pointer Swift would make for the
/// string is a temporary.
public func eq<Pointer: CTextPointer>(_ text: String) -> Matcher<Pointer> {
    cStringMatcher(equalTo: text, describedAs: "eq(\(ValueFormatter.quoted(text)))")
}

/// `eq("text")` for a text argument: the same as `cString("text")`, compared by text (the
/// pointer Swift makes for a string is a temporary).
public func eq<Pointer: CTextPointer>(
    _ text: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Pointer {
    cString(text, fileID: fileID, filePath: filePath, line: line, column: column)
}
