// `swift run -c release Benchmarks [--quick] [--json] [--peers]`; `swift run Benchmarks` (a
// debug build) builds the release build and runs it with the same arguments.
//
// Measures what a mock costs per call (rows 1 to 7, each timed by a C loop in
// CBenchmarkSupport), what creating and releasing mocks costs (8), verification (9), and
// memory and allocations per recorded call (10), C symbols rebound by interpose (11), and a Swift
// protocol mock against a hand-written fake (12, timed by a Swift loop), and clock reads and
// waits on a virtual timeline beside the real clock (14); `--peers` adds row 5 written with cmocka,
// gMock and Python's unittest.mock. It reports targets; it never fails because of them.
import CBenchmarkSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if DEBUG
ReleaseRelaunch.run(arguments: Array(CommandLine.arguments.dropFirst()))
#else

let usage = """
    usage: Benchmarks [--quick] [--json] [--peers] [--only IDS]
      --quick     a short run for CI smoke tests (well under 30 seconds)
      --json      the figures as JSON on standard output instead of the table
      --peers     also run row 5 with cmocka, gMock and Python unittest.mock, when installed
      --only IDS  measure only these rows (comma-separated: 3,3t,5,8a,10a,10d,11b,12,peer) and the
                  baseline, for profiling one path (10a also gives 10b and 10c; 12 gives
                  12a to 12d, the Swift protocol mocks and their hand-written fake; 13 gives
                  13a to 13j, the same on fetch(id:name:) and an async throws member)

    """

var quick = false
var json = false
var peers = false
var only: Set<String>?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": quick = true
    case "--json": json = true
    case "--peers": peers = true
    case "--only":
        guard let ids = arguments.popFirst() else {
            StandardError.write("Benchmarks: --only needs row ids, such as --only 3,5\n" + usage)
            exit(2)
        }
        only = Set(ids.split(separator: ",").map(String.init))
        if only!.contains("peer") { peers = true }
    case "--help", "-h":
        print(usage, terminator: "")
        exit(0)
    default:
        StandardError.write("Benchmarks: unknown argument \(argument)\n" + usage)
        exit(2)
    }
}

let started = bench_now_ns()
let report = Report(plan: quick ? .quick : .full, progress: Progress(enabled: true), only: only)
CallRows.measure(into: report)
CallbackRows.measure(into: report)
ThreadRows.measure(into: report)
CreationRows.measure(into: report)
VerifyRows.measure(into: report)
MemoryRows.measure(into: report)
InterpositionRows.measure(into: report)
SwiftMockRows.measure(into: report)
SwiftServiceRows.measure(into: report)
VirtualTimeRows.measure(into: report)
if peers { PeerRows.measure(into: report) }
report.finish()
StandardError.write("finished in \(Format.fixed(Double(bench_now_ns() - started) / 1e9, 1)) s\n")

print(json ? JSON.render(report) : Table.render(report), terminator: "")
#endif
