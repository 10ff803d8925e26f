import Foundation

/// `--peers`: row 5 written with cmocka, gMock and Python's unittest.mock, built at run time
/// from `Benchmarks/Peers` and reported as ratios to row 2 like every other row.
enum PeerRows {
    /// Where the peer programs' sources are: `Benchmarks/Peers`, next to this target's folder.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Peers")

    static func measure(into report: Report) {
        let plan = report.plan
        guard FileManager.default.fileExists(atPath: sources.appendingPathComponent("peer_loop.h").path) else {
            for peer in Peer.all {
                report.add(Row("peer", peer.name, .skipped("skipped (peer sources not found at \(sources.path))")))
            }
            return
        }
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("impostor-peers-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        for peer in Peer.all {
            report.measure("peer", peer.name) {
                report.add(peer.row(plan: plan, workspace: workspace, report: report))
            }
        }
    }
}

/// One peer: how to find it, build it and run it.
struct Peer: Sendable {
    let name: String
    let notes: [String]
    /// Nil when the tool is installed, else why it is skipped.
    let missing: @Sendable () -> String?
    /// Builds into the workspace; the command that runs the built peer (before its sampling
    /// arguments), or an error.
    let build: @Sendable (URL) -> Result<[String], BenchmarkError>

    static let all = [cmocka, gmock, python]

    /// Measures the peer; a missing tool or a failed build is a skipped row, never a number.
    func row(plan: SamplingPlan, workspace: URL, report: Report) -> Row {
        if let reason = missing() { return Row("peer", name, .skipped("skipped (\(reason))")) }
        let command: [String]
        switch build(workspace) {
        case .success(let built): command = built
        case .failure(let error): return Row("peer", name, .skipped("skipped (\(error.description))"))
        }
        // Other tools are slower per call: fewer samples keep the run short.
        let samples = max(10, plan.samples / 5)
        let arguments = [String(samples), String(plan.sampleNanoseconds * 2), String(plan.warmupNanoseconds / 2)]
        guard let output = Shell.run(command[0], Array(command.dropFirst()) + arguments) else {
            return Row("peer", name, .skipped("skipped (\(command[0]) could not be started)"))
        }
        let values = output.standardOutput.split(separator: "\n").compactMap { line -> Double? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[0] == "sample" else { return nil }
            return Double(parts[1])
        }
        guard output.succeeded, !values.isEmpty else {
            let reason = output.standardError.split(separator: "\n").last.map(String.init) ?? "status \(output.status)"
            return Row("peer", name, .skipped("skipped (run failed: \(reason))"))
        }
        let statistics = Statistics(values)
        var notes = notes
        if let row5 = report.median(of: "5") {
            notes.append("\(Format.ratio(statistics.median / row5)) Impostor's row 5")
        }
        notes.append("\(statistics.count) samples")
        return Row("peer", name, .time(statistics), notes: notes)
    }

    // MARK: The peers

    static let cmocka = Peer(
        name: "cmocka, row 5 equivalent",
        notes: ["check_expected on both arguments + will_return_always; ten other mocked functions' expectations registered first (cmocka has no alternative stubs)"],
        missing: {
            if !Shell.has("cc") { return "no C compiler (cc)" }
            if Shell.run("pkg-config", ["--exists", "cmocka"])?.succeeded == true { return nil }
            return FileManager.default.fileExists(atPath: "/usr/include/cmocka.h") ? nil : "cmocka not installed: libcmocka-dev"
        },
        build: { workspace in
            let flags = Shell.run("pkg-config", ["--cflags", "--libs", "cmocka"]).flatMap { $0.succeeded ? $0.standardOutput : nil } ?? "-lcmocka"
            return compile(
                "cc", sources: ["cmocka_peer.c"], output: workspace.appendingPathComponent("cmocka_peer"),
                flags: ["-O2", "-std=gnu11"] + words(flags))
        })

    static let gmock = Peer(
        name: "gMock, row 5 equivalent",
        notes: ["EXPECT_CALL(f, Call(_, Eq(5))) then ten newer EXPECT_CALL(f, Call(Eq(100+k), _)), tried first; gMock keeps counts, not calls"],
        missing: {
            if !Shell.has("c++") { return "no C++ compiler (c++)" }
            guard Shell.run("pkg-config", ["--exists", "gmock", "gtest"])?.succeeded == true else {
                return "gMock not installed: libgmock-dev"
            }
            return nil
        },
        build: { workspace in
            let flags = Shell.run("pkg-config", ["--cflags", "--libs", "gmock", "gtest"]).flatMap { $0.succeeded ? $0.standardOutput : nil } ?? ""
            return compile(
                "c++", sources: ["gmock_peer.cc"], output: workspace.appendingPathComponent("gmock_peer"),
                flags: ["-O2", "-std=c++17"] + words(flags) + ["-pthread"])
        })

    static let python = Peer(
        name: "Python unittest.mock via ctypes",
        notes: ["Mock(side_effect=...) trying eleven (pattern, result) stubs newest first with mock.ANY, behind ctypes.CFUNCTYPE"],
        missing: {
            if !Shell.has("cc") { return "no C compiler (cc) for the C loop" }
            guard Shell.run("python3", ["-c", "import ctypes, unittest.mock"])?.succeeded == true else {
                return "python3 with ctypes not installed"
            }
            return nil
        },
        build: { workspace in
            let library = workspace.appendingPathComponent("python_loop.so")
            switch compile("cc", sources: ["python_loop.c"], output: library, flags: ["-O2", "-std=gnu11", "-shared", "-fPIC"]) {
            case .success: return .success(["python3", PeerRows.sources.appendingPathComponent("python_peer.py").path, library.path])
            case .failure(let error): return .failure(error)
            }
        })

    // MARK: Building

    private static func compile(
        _ compiler: String, sources: [String], output: URL, flags: [String]
    ) -> Result<[String], BenchmarkError> {
        let paths = sources.map { PeerRows.sources.appendingPathComponent($0).path }
        let arguments = paths + ["-I", PeerRows.sources.path, "-o", output.path] + flags
        guard let result = Shell.run(compiler, arguments) else {
            return .failure(BenchmarkError(description: "\(compiler) could not be started"))
        }
        guard result.succeeded else {
            let lines = result.standardError.split(separator: "\n")
            let first = lines.first { $0.contains("error") } ?? lines.first
            return .failure(BenchmarkError(description: "build failed: \(first.map(String.init) ?? "status \(result.status)")"))
        }
        return .success([output.path])
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
