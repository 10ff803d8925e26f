import CImpostor
#if canImport(Glibc)
import Glibc
#endif

/// Which kind of entry point a mock's function pointer is.
enum TrampolinePath: Equatable, Sendable {
    /// Impostor's own trampoline: a stub in a read+execute copy of a code page from the
    /// library's file, calling the handler with a layout decided when the mock was made.
    case `static`
    /// A libffi closure: signatures the static path does not cover, other platforms, and every
    /// mock when `IMPOSTOR_TRAMPOLINE=libffi` is set.
    case libffi

    /// False when `IMPOSTOR_TRAMPOLINE=libffi` forces libffi's closures for every mock of this
    /// process (to compare the two, or to rule the static path out). Read once, when the first
    /// mock is made; any other value is reported once on standard error and ignored, so that a
    /// misspelt setting does not pass for the one asked for.
    static let staticAllowed: Bool = {
        guard let raw = getenv("IMPOSTOR_TRAMPOLINE") else { return true }
        let value = String(cString: raw)
        guard value != "libffi" else { return false }
        StandardError.write("Impostor warning: " + FailureMessages.unknownTrampolineSetting(value) + "\n")
        return true
    }()

    /// Why this process makes no static trampolines, or nil when it does (for the benchmarks'
    /// report and the tests).
    static var staticUnavailableReason: String? {
        if !staticAllowed { return "IMPOSTOR_TRAMPOLINE=libffi" }
        return impostor_static_trampolines_unavailable().map { String(cString: $0) }
    }
}
