import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Where a fault sweep runs each of its runs.
public enum FaultIsolation: Sendable {
    /// In the test's own process: fast, but a run that crashes ends the test run.
    case none
    /// Each run in a child process that runs the current test again up to the sweep, fails the
    /// run's call, reports what happened and exits; a run that crashes or hangs comes back as
    /// ``FaultRun/Outcome/crashed`` with its signal, and the sweep goes on. The test must be a
    /// Swift Testing test that is not parameterized; the child's run ends after `timeout`.
    case childProcess(timeout: Duration = .seconds(120))
}

/// The child-process side of an isolated sweep: the parent re-runs the current test with the
/// sweep's site and the run's k in the environment; the sweep at that site runs only that run,
/// prints what happened on lines the parent reads, and ends the process.
enum FaultSweepChild {
    static let variable = "IMPOSTOR_FAULT_POINT"
    private static let marker = "@@impostor-fault-run "

    /// The run this process is to make for the sweep at `site`, if it is such a child.
    static func point(at site: SourceSite) -> Int? {
        guard let raw = getenv(variable) else { return nil }
        let value = String(cString: raw)
        guard let hash = value.lastIndex(of: "#"), value[..<hash] == key(site) else { return nil }
        return Int(value[value.index(after: hash)...])
    }

    /// True in a child process of an isolated sweep.
    static let isChild = getenv(variable) != nil

    /// Prints the call a child's run just failed, before the caller can crash on it.
    static func announce(_ call: String) {
        print("\n" + marker + "call " + call.replacingNewlines)
        fflush(nil)
    }

    static func key(_ site: SourceSite) -> String { "\(site.fileID):\(site.line):\(site.column)" }

    /// Prints the run for the parent and ends the process at once: nothing after the sweep runs.
    static func report(_ run: FaultRun) -> Never {
        func line(_ field: String, _ text: String?) -> String {
            marker + field + " " + (text ?? "").replacingNewlines
        }
        let lines = [
            line("k", String(run.k)), line("selected", String(run.selectedCalls)), line("outcome", run.outcomeWord),
            line("call", run.failedCallDescription), line("error", run.errorDescription),
        ] + run.failures.map { line("failure", $0.message) }
        print("\n" + lines.joined(separator: "\n"))
        fflush(nil)
        _exit(0)
    }

    /// Why the current test cannot be run again in a child process; nil when it can.
    static var refusal: String? {
        guard let test = Test.current else { return FailureMessages.isolatedSweepOutsideATest }
        if test.isParameterized { return FailureMessages.isolatedSweepInParameterizedTest(test.name) }
        return nil
    }

    /// The filter that runs the current test alone (checked by `refusal` first).
    static var currentTestFilter: String { "^" + regexEscaped(String(describing: Test.current!.id)) + "$" }

    /// Runs point `k` of the sweep at `site` in a child process of the test `filter` selects,
    /// waited for on a thread of its own (a task's thread is not held), and reads back what it did.
    static func runOnItsOwnThread(k: Int, test filter: String, site: SourceSite, timeout: Duration) async -> FaultRun {
        await withCheckedContinuation { (continuation: CheckedContinuation<FaultRun, Never>) in
            let started = ThreadRunner.start {
                continuation.resume(returning: run(k: k, test: filter, site: site, timeout: timeout))
            }
            if !started { continuation.resume(returning: run(k: k, test: filter, site: site, timeout: timeout)) }
        }
    }

    /// Runs point `k` of the sweep at `site` in a child process of the test `filter` selects
    /// and reads back what it did.
    static func run(k: Int, test filter: String, site: SourceSite, timeout: Duration) -> FaultRun {
        let seconds = max(1, Int(timeout.components.seconds))
        let command = "output=$(mktemp); (SWIFT_BACKTRACE=\(backtraceSettings) \(variable)=\(shellQuoted(key(site) + "#\(k)")) timeout --kill-after=10 \(seconds) "
            + "\(shellQuoted(executablePath)) --testing-library swift-testing --filter \(shellQuoted(filter)) > \"$output\" 2>&1; "
            + "echo \"@@impostor-fault-status $?\" >> \"$output\"); cat \"$output\"; rm -f \"$output\""
        var output = ""
        if let pipe = popen(command, "r") {
            var buffer = [CChar](repeating: 0, count: 4096)
            while fgets(&buffer, Int32(buffer.count), pipe) != nil {
                output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            pclose(pipe)
        }
        return parse(output, k: k, timeout: seconds, site: site)
    }

    /// The run a child printed, or a crash when it printed none.
    static func parse(_ output: String, k: Int, timeout: Int, site: SourceSite) -> FaultRun {
        var fields: [String: String] = [:]
        var failures: [String] = []
        var status: Int32?
        for line in output.split(separator: "\n") {
            if line.hasPrefix(marker) {
                let rest = line.dropFirst(marker.count)
                let name = rest.prefix { $0 != " " }
                let value = String(rest.dropFirst(name.count + 1))
                if name == "failure" { failures.append(value) } else { fields[String(name)] = value }
            } else if line.hasPrefix("@@impostor-fault-status ") {
                status = Int32(line.dropFirst("@@impostor-fault-status ".count))
            }
        }
        guard let outcome = fields["outcome"] else {
            // No report: the child died (128 + its signal), timed out (124, or 137 once killed),
            // or never reached the sweep.
            let ending: FaultRun.Ending = switch status {
            case 124?, 137?: .timedOut(seconds: timeout)
            case let code? where code > 128: .signal(code - 128)
            default: .exited(status ?? -1, tail: String(output.suffix(600)))
            }
            var run = FaultRun(k: k, selectedCalls: k, failedCall: nil, error: nil, failures: [], crash: ending)
            run.failedCallDescription = fields["call"]
            run.crashOutput = crashLines(of: output)
            return run
        }
        return FaultRun(
            k: k, selectedCalls: Int(fields["selected"] ?? "") ?? 0, failedCallDescription: fields["call"].flatMap { $0.isEmpty ? nil : $0 },
            outcome: outcome, errorDescription: fields["error"].flatMap { $0.isEmpty ? nil : $0 },
            failures: failures.map { ImpostorFailure(message: $0, site: site) })
    }

    /// The most lines of a crashed child's own output kept (``FaultRun/crashOutput``).
    static let keptCrashLines = 16

    /// The Swift runtime's crash report in a child: the crashed thread's first 10 frames
    /// (`top=0`: none of the outermost ones, always the test runner's), without registers or
    /// images, so that it takes a fraction of a second.
    /// Under ThreadSanitizer the runtime's backtracer cannot suspend the child's threads and
    /// faults itself (SIGSEGV in place of the crash's own signal): there it is off, and the
    /// excerpt keeps the fatal-error line only.
    static let backtraceSettings = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
        ? "enable=no"
        : "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=10,top=0,sanitize=no"

    /// What a crashed child printed last, less the test framework's progress lines, Impostor's
    /// report lines and the crash report's headings: the fatal error (`Fatal error: …`, with its
    /// file and line), a line or two the code printed before it, and the crashed thread's
    /// first frames. Nil when it printed nothing else.
    static func crashLines(of output: String) -> String? {
        let noise = [
            "◇ ", "↳ ", "✔ ", "✘ ", "Test Suite ", "\tExecuted ", "@@impostor", "Platform: ", "Backtrace took",
            "*** Signal ", "Thread ", "...", "exit status",
        ]
        // The shell's own line about the signal ("Illegal instruction (core dumped)").
        let shell = (1..<32).map { String(cString: strsignal(Int32($0))) }
        let lines = output.split(separator: "\n").map { $0.trimmingTrailingSpaces }.filter { line in
            !line.isEmpty && !line.hasPrefix(marker) && !noise.contains { line.hasPrefix($0) }
                && !line.hasPrefix("sh: ") && !shell.contains { line == $0 || line.hasPrefix($0 + " ") }
        }
        guard !lines.isEmpty else { return nil }
        // From just before the fatal error (or the crash report, for a plain signal) on.
        if let fatal = lines.firstIndex(where: { $0.contains("Fatal error") || $0.hasPrefix("*** Program crashed") }) {
            return lines[max(0, fatal - 2)...].prefix(keptCrashLines).joined(separator: "\n")
        }
        return lines.suffix(keptCrashLines).joined(separator: "\n")
    }

    private static var executablePath: String {
        var path = [CChar](repeating: 0, count: 4096)
        guard readlink("/proc/self/exe", &path, path.count - 1) > 0 else { return "/proc/self/exe" }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func regexEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

private extension Substring {
    var trimmingTrailingSpaces: String {
        var text = String(self)
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}

private extension String {
    var replacingNewlines: String { replacingOccurrences(of: "\n", with: " ") }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
