/// What a matcher that reads through a pointer compares, when the mock's entry point can compare
/// it in C against the call's copy (a memory test of a stub key; see `impostor_stub_keys.h`).
enum MemoryKey: Sendable, Equatable {
    /// `cString("…")`: the copy's text equals these bytes. ASCII text only: Swift compares
    /// strings by canonical equivalence ("K" equals "\u{212A}"), which bytes past ASCII would
    /// need Swift to decide.
    case text([UInt8])
    /// `bytes([…])`: the copy starts with these bytes.
    case prefix([UInt8])

    /// The key for `cString(text)`, or nil for text past ASCII.
    static func text(_ text: String) -> MemoryKey? {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy { $0 < 0x80 } ? .text(bytes) : nil
    }

    /// The bytes compared.
    var bytes: [UInt8] {
        switch self {
        case .text(let bytes), .prefix(let bytes): bytes
        }
    }
}
