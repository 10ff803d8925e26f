#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells whether XCTest runs tests in this process, without importing it.
///
/// SwiftPM's test runner on Linux links XCTest into every test executable, also when it runs
/// Swift Testing, and picks the framework with `--testing-library` (XCTest when absent). So
/// XCTest runs when its library is loaded and the arguments do not pick another framework.
/// A statically linked XCTest has no library of its own and is not detected.
package enum XCTestPresence {
    /// True while XCTest is loaded and the process was asked to run XCTest tests.
    package static var isRunning: Bool {
        selectsXCTest(CommandLine.arguments) && isLoaded("libXCTest.so")
    }

    /// True when a shared library with this name (its soname, as in `libXCTest.so`) is loaded.
    /// Never loads it.
    package static func isLoaded(_ library: String) -> Bool {
        // RTLD_NOLOAD only looks among the loaded objects; the handle adds a reference,
        // which dlclose gives back.
        guard let handle = dlopen(library, RTLD_LAZY | RTLD_NOLOAD) else { return false }
        dlclose(handle)
        return true
    }

    /// True unless `arguments` ask SwiftPM's test runner for another testing library, read as
    /// the runner reads them.
    package static func selectsXCTest(_ arguments: [String]) -> Bool {
        guard let option = arguments.firstIndex(of: "--testing-library"), option + 1 < arguments.count else {
            return true
        }
        return arguments[option + 1].lowercased() == "xctest"
    }
}
