import CImpostor
@_spi(Benchmarks) import Impostor

/// The two kinds of entry point a mock can be, measured side by side in one run: Impostor's
/// static trampoline (rows 3 to 7) and a libffi closure (rows 3L to 7L).
enum EntryPath: CaseIterable {
    case `static`, libffi

    /// Appended to the row id: "3", "3L".
    var suffix: String { self == .static ? "" : "L" }

    /// Said in the row's notes.
    var note: String {
        switch self {
        case .static:
            if let reason = impostor_static_trampolines_unavailable() {
                return "static trampolines are off here (\(String(cString: reason))): a libffi closure"
            }
            return "static trampoline"
        case .libffi:
            return "libffi closure (what IMPOSTOR_TRAMPOLINE=libffi gives every mock)"
        }
    }

    /// Runs `body`, which makes the row's mock, so that the mock gets this kind of entry point.
    func making<T>(_ body: () throws -> T) throws -> T {
        switch self {
        case .static: try body()
        case .libffi: try withLibffiTrampolines(body)
        }
    }
}
