import Foundation
import Testing

// The package must compile on arm64 Linux too, which this machine cannot build for. What
// compiles on x86-64 only is x86's API used where no `#if` keeps it from arm64: Float80 and
// CLongDouble (an x87 `long double`), SSE intrinsics, `__rdtsc`, and what the C headers give
// Swift only on some architectures (see CHeaderArchitectureNames). This check reads every
// Swift source of the package, Sources/, Tests/ and Benchmarks/, and names each such use.
// The generated ABI suite is read too: its generator guards the signatures with a `long double`.

@Suite("Architecture: x86-only API only under #if arch(x86_64)")
struct ArchitectureGuardTests {
    private let root = ArticleExamples.packageRoot()

    /// The package's files under `folder` whose names end in `suffix`, as paths from the root.
    private func files(under folder: String, endingIn suffix: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".build") && !$0.contains("/.build/") }
            .map { "\(folder)/\($0)" }.sorted()
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The C headers Swift imports: the modules' include/ folders and their module maps' shims.
    private func headers() throws -> [String] {
        let paths = ["CSupport", "Tests", "Benchmarks"].flatMap { files(under: $0, endingIn: ".h") }
            .filter { $0.contains("/include/") || $0.hasSuffix("/shim.h") }
        return try paths.map(text)
    }

    @Test func everyX86OnlyUseIsGuarded() throws {
        let restricted = CHeaderArchitectureNames.collect(from: try headers())
        // The real headers' names are seen: a `long double` typedef, and a function using it.
        #expect(restricted["ct_fn_ldouble"] == .x86 && restricted["ct_call_ldouble"] == .x86)
        var scanner = ArchitectureGuardScanner.builtIn
        scanner.names.merge(restricted) { builtIn, _ in builtIn }
        let sources = ["Sources", "Tests", "Benchmarks"].flatMap { files(under: $0, endingIn: ".swift") }
        #expect(sources.count > 200)
        var scanned = 0
        for path in sources {
            let source = try text(path)
            scanned += 1
            for finding in scanner.findings(in: source) {
                Issue.record("\(path):\(finding)")
            }
        }
        #expect(scanned > 200)
    }

    /// The scanner finds exactly the unguarded use in a sample with one of each.
    @Test func scannerFindsOnlyTheUnguardedUse() {
        let sample = """
            let guarded: Any.Type
            #if arch(x86_64)
            let wide: Float80 = 1  // Float80 in a comment is no use
            #elseif arch(arm64)
            let other = "Float80 in a string is none either"
            #endif
            let unguarded = Float80.self
            """
        #expect(ArchitectureGuardScanner.builtIn.findings(in: sample).map(\.description) == ["7: Float80 outside #if arch(x86_64)"])
    }

    /// Which branches keep code off arm64: those implying x86, an `#else` of `!arch(x86_64)`,
    /// nesting; not `os(Linux)`, not the `#else` of x86's `#if`, nor `!arch(arm64)` (riscv64
    /// compiles it).
    @Test func onlyConditionsImplyingX86Guard() {
        let sample = """
            #if arch(x86_64) || arch(i386)
            _ = CLongDouble(1)
            #else
            _ = CLongDouble(2)
            #endif
            #if !arch(x86_64)
            #elseif os(Linux)
            _ = _mm_setzero_ps()
            #else
            _ = __rdtsc()
            #endif
            #if os(Linux)
            #if canImport(Glibc) && arch(x86_64)
            _ = Float80.pi
            #endif
            _ = Float80.pi
            #endif
            #if !arch(arm64)
            _ = Float80.pi
            #endif
            let text = "\\(Float80.self)"
            /* Float80 /* nested */ Float80 */ let after = 0
            let raw = #"Float80 \\(Float80.self)"#
            let block = \"""
                Float80
                \"""
            """
        #expect(ArchitectureGuardScanner.builtIn.findings(in: sample).map(\.description) == [
            "4: CLongDouble outside #if arch(x86_64)",
            "16: Float80 outside #if arch(x86_64)",
            "19: Float80 outside #if arch(x86_64)",
            "21: Float80 outside #if arch(x86_64)",
        ])
    }

    /// Names a header declares inside `#if defined(__x86_64__)`, or with a `long double`, are
    /// restricted, with what uses them; a struct holding a long double is not, nor what an
    /// inline function's body or an include guard holds.
    @Test func headerNamesAreCollected() {
        let header = """
            #ifndef SAMPLE_H
            #define SAMPLE_H
            #ifdef __cplusplus
            extern "C" {
            #endif
            #if defined(__x86_64__)
            #define SAMPLE_SAVE_REGISTERS(base) "movq %rdi, 0(%rsp)"
            uint64_t sample_ticks(void);
            typedef void (*sample_fn)(int);
            #elif defined(__aarch64__)
            uint64_t sample_ticks(void);
            #endif
            static inline int sample_inline(void) {
            #if defined(__x86_64__)
                int hidden(void);
            #endif
                return 0;
            }
            typedef long double (*sample_wide)(long double);
            int sample_call_wide(sample_wide f, int expected);
            typedef struct sample_holder { long double x; } sample_holder;
            void sample_plain(void (*_Nonnull done)(void));
            #ifdef __cplusplus
            }
            #endif
            #endif
            """
        let names = CHeaderArchitectureNames.collect(from: [header])
        #expect(names.mapValues(\.guardText) == [
            "SAMPLE_SAVE_REGISTERS": "#if arch(x86_64)",
            "sample_ticks": "#if arch(arm64) || arch(x86_64)",
            "sample_fn": "#if arch(x86_64)",
            "sample_wide": "#if arch(x86_64)",
            "sample_call_wide": "#if arch(x86_64)",
        ])
    }
}
