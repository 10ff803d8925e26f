import Foundation

/// What a debug build does instead of measuring: builds the release build of this executable
/// and runs it in its place, with the same arguments, so `swift run Benchmarks` gives the table
/// as typed. `swift run -c release Benchmarks` skips this step.
enum ReleaseRelaunch {
    static func run(arguments: [String]) -> Never {
        StandardError.write("Benchmarks: a debug build measures nothing useful, so it builds and runs the release build (swift run -c release Benchmarks does that directly).\n")
        guard let root = packageRoot() else {
            StandardError.write("Benchmarks: cannot find the Impostor package to build; run `swift run -c release Benchmarks` from its folder.\n")
            exit(2)
        }
        var options = ["-c", "release", "--package-path", root]
        if let scratch = scratchPath() { options += ["--scratch-path", scratch] }
        let build = swift(["build", "--product", "Benchmarks"] + options, output: .standardError)
        guard build.status == 0 else { exit(build.status) }
        let binPath = swift(["build", "--show-bin-path"] + options, output: .captured)
        let directory = binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard binPath.status == 0, !directory.isEmpty else {
            StandardError.write("Benchmarks: `swift build --show-bin-path` failed; run `swift run -c release Benchmarks`.\n")
            exit(2)
        }
        let executable = directory + "/Benchmarks"
        // The release build takes this process's place: same arguments, same standard streams,
        // and its exit status is the one `swift run` reports.
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, &argv)
        StandardError.write("Benchmarks: cannot run \(executable): \(String(cString: strerror(errno)))\n")
        exit(2)
    }

    /// The folder holding Impostor's Package.swift: where this file was compiled from, else the
    /// folder above the scratch path, else the working directory or one above it.
    private static func packageRoot() -> String? {
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates = [sourceRoot.path]
        if let scratch = scratchPath() { candidates.append(URL(fileURLWithPath: scratch).deletingLastPathComponent().path) }
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while directory.path != "/" {
            candidates.append(directory.path)
            directory.deleteLastPathComponent()
        }
        return candidates.first { isImpostorRoot($0) }
    }

    private static func isImpostorRoot(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/Package.swift")
            && FileManager.default.fileExists(atPath: path + "/Benchmarks/Benchmarks/main.swift")
    }

    /// The scratch path this debug build lives in (`.build`, or what `--scratch-path` named):
    /// the executable is `<scratch>/<triple>/debug/Benchmarks`, and `<scratch>/debug` points
    /// at its folder. Nil when that does not hold, so that SwiftPM's default is used.
    private static func scratchPath() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent().resolvingSymlinksInPath()
        let scratch = binDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let linked = scratch.appendingPathComponent("debug").resolvingSymlinksInPath()
        return linked.path == binDirectory.path ? scratch.path : nil
    }

    private enum Output { case standardError, captured }

    /// Runs `swift` from PATH, waiting for it to end; its standard output goes to this
    /// process's standard error (so that `--json` output stays clean) or is returned.
    private static func swift(_ arguments: [String], output: Output) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = output == .captured ? pipe : FileHandle.standardError
        do {
            try process.run()
        } catch {
            StandardError.write("Benchmarks: cannot run swift: \(error)\n")
            return (127, "")
        }
        let data = output == .captured ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
