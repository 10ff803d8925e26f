import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs this test binary again with `environment` set and only `filter`'s tests enabled;
/// returns what it printed, ending with `exit status N`. `arguments` go to the testing library
/// (`--repetitions 200`). For settings chosen once per process
/// (`IMPOSTOR_CALL_ORDER`, `IMPOSTOR_TRAMPOLINE`), for measurements that other tests running
/// at the same time would disturb, and for runs that may crash or hang.
///
/// With `timeout`, coreutils' `timeout` ends a child still running after that many seconds
/// (SIGTERM, then SIGKILL 10 seconds later for a child that blocks SIGTERM, as one stuck in a
/// crash handler does): its status is then 124 or 137, so a hang fails the test instead of the
/// CI job. A child a signal ended has status 128 + the signal's number (139 for SIGSEGV). Its
/// output then goes through a file, so that a process it leaves behind (a crash reporter) cannot
/// keep the pipe read here open.
func childRun(environment: String, filter: String, arguments: [String] = [], executable: String? = nil, timeout: Int? = 300) throws -> String {
    let executable = try executable ?? testExecutable()
    let run = (["'\(executable)' --testing-library swift-testing --filter \(filter)"] + arguments).joined(separator: " ")
    let command = if let timeout {
        "output=$(mktemp); (\(environment) timeout --kill-after=10 \(timeout) \(run) > \"$output\" 2>&1; "
            + "echo \"exit status $?\" >> \"$output\"); cat \"$output\"; rm -f \"$output\""
    } else {
        "\(environment) \(run) 2>&1; echo \"exit status $?\""
    }
    let pipe = try #require(popen(command, "r"))
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    pclose(pipe)
    return output
}

/// The status `childRun` printed last.
func exitStatus(_ output: String) -> Int32? {
    let marker = "exit status "
    return output.split(separator: "\n").last { $0.hasPrefix(marker) }.flatMap { Int32($0.dropFirst(marker.count)) }
}

/// The path of this test binary.
func testExecutable() throws -> String {
    var path = [CChar](repeating: 0, count: 4096)
    try #require(readlink("/proc/self/exe", &path, path.count - 1) > 0)
    return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
