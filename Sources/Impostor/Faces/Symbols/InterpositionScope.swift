/// Which loaded objects an interposition rebinds: whose calls to the symbol the mock answers.
///
/// A string literal names one library, as in `interpose("fdatasync", as: FDataSync.self, in: "libsqlite3")`:
/// it selects every loaded library whose file name is that text, or starts with it followed by
/// `.` or `-` (`"libsqlite3"` selects `/usr/lib/x86_64-linux-gnu/libsqlite3.so.0`).
public enum InterpositionScope: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Every loaded object: the main executable and every shared library, including those
    /// loaded later.
    case allObjects
    /// The main executable only: calls made by code linked into it (your tests, and C targets
    /// linked statically into them).
    case mainExecutable
    /// Every shared library, but not the main executable.
    case sharedLibraries
    /// The libraries named so (see the type's description).
    case library(String)

    /// A library, by name: `in: "libsqlite3"`.
    public init(stringLiteral name: String) { self = .library(name) }

    /// `every loaded object`, `the main executable`, `shared libraries` or the library's name.
    public var description: String {
        switch self {
        case .allObjects: "every loaded object"
        case .mainExecutable: "the main executable"
        case .sharedLibraries: "the shared libraries"
        case .library(let name): name
        }
    }

    /// Whether the object named `name` (`""` or a path), the main executable or not, is selected.
    func selects(objectNamed name: String, isMainExecutable: Bool) -> Bool {
        switch self {
        case .allObjects: return true
        case .mainExecutable: return isMainExecutable
        case .sharedLibraries: return !isMainExecutable
        case .library(let library): return !isMainExecutable && LoadedObjects.name(name, selects: library)
        }
    }

    var includesMainExecutable: Bool {
        switch self {
        case .allObjects, .mainExecutable: true
        case .sharedLibraries, .library: false
        }
    }
}

extension InterpositionScope {
    /// Libraries Impostor's own calls go through (the C library and loader, libffi, the Swift
    /// runtime and toolchain libraries): scoping to one of them would still rebind Impostor's
    /// own calls of a symbol it uses. Impostor's code is in the main executable or its own
    /// library, which a library scope never selects.
    static let impostorsOwnLibraries = [
        "libc", "libm", "libpthread", "libdl", "ld-linux", "libffi", "libswift", "libdispatch", "libBlocksRuntime",
        "libFoundation", "lib_Foundation", "libTesting", "libXCTest", "libstdc++", "libgcc", "libImpostor",
    ]

    /// True when the scope is one library that none of Impostor's own calls go through, so a
    /// symbol Impostor itself calls (`malloc`, `write`) can be rebound there.
    var excludesImpostor: Bool {
        guard case .library(let name) = self else { return false }
        return !Self.impostorsOwnLibraries.contains { name.hasPrefix($0) || $0.hasPrefix(name) }
    }
}
