#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The processor architecture this process runs on, for failures that depend on it.
///
/// Asked of the kernel (`uname -m`) rather than spelled per `#if arch(...)`, so that the name
/// is right on an architecture nobody listed.
enum MachineArchitecture {
    /// `x86_64`, `aarch64`, `riscv64`, ...; "an unknown architecture" when the kernel does not say.
    static var name: String {
        var info = utsname()
        guard uname(&info) == 0 else { return "an unknown architecture" }
        // Sound: `machine` is a NUL-terminated array inside `info`, read while `info` lives.
        let machine = withUnsafeBytes(of: &info.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return machine.isEmpty ? "an unknown architecture" : machine
    }
}
