import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs this test binary again with `environment` set and only `filter`'s tests enabled;
/// returns what it printed, ending with `exit status N`. For settings chosen once per process
/// (`IMPOSTOR_CALL_ORDER`, `IMPOSTOR_TRAMPOLINE`), for measurements that other tests running
/// at the same time would disturb, and for cases that may crash or hang: the child is killed
/// after `timeout` seconds (`exit status 124`, or 137 if it ignored the first signal), so a
/// deadlock fails the test instead of hanging the run.
func childRun(environment: String, filter: String, executable: String? = nil, timeout: Int = 300) throws -> String {
    let executable = try executable ?? testExecutable()
    let command = "\(environment) timeout --kill-after=10 \(timeout) '\(executable)' --testing-library swift-testing "
        + "--filter \(filter) 2>&1; echo \"exit status $?\""
    let pipe = try #require(popen(command, "r"))
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    pclose(pipe)
    return output
}

/// The path of this test binary.
func testExecutable() throws -> String {
    var path = [CChar](repeating: 0, count: 4096)
    try #require(readlink("/proc/self/exe", &path, path.count - 1) > 0)
    return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
