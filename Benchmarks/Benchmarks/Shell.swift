import Foundation

/// Runs the external tools the peers need (pkg-config, cc, c++, python3).
enum Shell {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
        var succeeded: Bool { status == 0 }
    }

    /// Runs `command` found on PATH with `arguments`, waiting for it to end. Nil when it
    /// cannot be started (not installed).
    static func run(_ command: String, _ arguments: [String]) -> Output? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Read both pipes to the end before waiting, so a chatty tool cannot block on a full pipe.
        let errorData = Locked(Data())
        let errorReader = Thread { errorData.value = errors.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { Thread.sleep(forTimeInterval: 0.001) }
        // `env` exits with 127 when the command is not on PATH.
        if process.terminationStatus == 127 { return nil }
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self))
    }

    /// True when `command` is on PATH.
    static func has(_ command: String) -> Bool {
        run("sh", ["-c", "command -v \(command)"])?.succeeded ?? false
    }
}

/// A value handed from the pipe-reading thread back to the caller.
private final class Locked<Value>: @unchecked Sendable {
    // @unchecked: written by one thread before it finishes, read after `isFinished` is true.
    var value: Value
    init(_ value: Value) { self.value = value }
}
