#if canImport(Glibc)
import Glibc
#endif

/// Which kind of entry point a new mock gets: Impostor's own static trampoline (a stub in a
/// read+execute copy of a code page from the library's file, see `impostor_static_trampolines.h`)
/// or a libffi closure (signatures the static path does not cover, other platforms, and every
/// mock when `IMPOSTOR_TRAMPOLINE=libffi` is set).
enum TrampolinePath {
    /// False when `IMPOSTOR_TRAMPOLINE=libffi` forces libffi's closures for every mock of this
    /// process (to compare the two, or to rule the static path out). Read once, when the first
    /// mock is made. `static`, the default, may be written out, and an empty value is no value
    /// (`IMPOSTOR_TRAMPOLINE= swift test`); any other value is reported once on standard error
    /// and ignored, so that a misspelt setting does not pass for the one asked for.
    static let staticAllowedInProcess: Bool = {
        guard let raw = getenv("IMPOSTOR_TRAMPOLINE"), raw.pointee != 0 else { return true }
        let value = String(cString: raw)
        if value == "libffi" { return false }
        if value == "static" { return true }
        StandardError.write("Impostor warning: " + FailureMessages.unknownTrampolineSetting(value) + "\n")
        return true
    }()

    /// False when the process forces libffi, or while ``withLibffiTrampolines(_:)`` runs on
    /// this thread.
    static var staticAllowed: Bool {
        staticAllowedInProcess && !ThreadState.libffiOnly
    }
}

/// Runs `body` with every mock it makes on this thread a libffi closure, as
/// `IMPOSTOR_TRAMPOLINE=libffi` does for a whole process.
///
/// For measuring both kinds of entry point in one run (the benchmarks' rows 3L to 7L); tests
/// and users have no need of it: a mock behaves the same on either path.
///
///     let mock = withLibffiTrampolines { mockFunction(of: Add.self, named: "add") }
@_spi(Benchmarks)
public func withLibffiTrampolines<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let outer = ThreadState.libffiOnly
    ThreadState.libffiOnly = true
    defer { ThreadState.libffiOnly = outer }
    return try body()
}
