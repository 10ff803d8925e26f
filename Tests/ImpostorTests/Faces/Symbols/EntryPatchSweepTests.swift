import CImpostorTestSupport
import CSQLite3
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Real exported functions of libc and libsqlite3 entry-patched one after another, each put
/// back byte for byte; while each is patched, every call the process makes of it (the Swift
/// runtime's, the test library's) runs through its relocated original. A sample of them is
/// also called through that original with real arguments. Run in a child process with a
/// timeout: a wrong relocation would end the process.
@Suite(.enabled(if: MachineArchitectureForTests.isX86_64)) struct EntryPatchSweepTests {
    typealias Untyped = @convention(c) () -> Int

    @Test(.enabled(if: getenv("IMPOSTOR_ENTRY_SWEEP") == nil))
    func realFunctionsArePatchedAndRestored() throws {
        let output = try childRun(environment: "IMPOSTOR_ENTRY_SWEEP=1", filter: "EntryPatchSweepTests/sweepScenario", timeout: 240)
        #expect(exitStatus(output) == 0, "\(output.suffix(6000))")
        #expect(output.contains("Test sweepScenario() passed after"), "\(output.suffix(6000))")
    }

    /// The exported functions of `library` (a path), sorted, without those the sweep leaves out:
    /// names starting with `_` (libc's internals and aliases), and those that never return or
    /// switch stacks, which a sweep cannot call through a copy either way.
    static func exportedFunctions(of library: String) throws -> [String] {
        let pipe = try #require(popen("nm -D --defined-only '\(library)'", "r"))
        defer { pclose(pipe) }
        var names: Set<String> = []
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), pipe) != nil {
            let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard fields.count == 3, ["T", "W", "i"].contains(fields[1]) else { continue }
            let name = String(fields[2].split(separator: "@").first ?? "")
            if name.hasPrefix("_") || Self.leftOut.contains(name) { continue }
            names.insert(name)
        }
        return names.sorted()
    }

    static let leftOut: Set<String> = [
        "exit", "abort", "longjmp", "siglongjmp", "setjmp", "sigsetjmp", "vfork", "fork", "clone", "getcontext",
        "setcontext", "swapcontext", "makecontext", "syscall", "pthread_exit", "raise", "sigaction", "sigreturn",
    ]

    /// Every `step`-th of `names`, `count` of them.
    static func sample(_ names: [String], count: Int) -> [String] {
        let step = max(1, names.count / count)
        return stride(from: 0, to: names.count, by: step).prefix(count).map { names[$0] }
    }

    @Test(.enabled(if: getenv("IMPOSTOR_ENTRY_SWEEP") != nil))
    func sweepScenario() throws {
        _ = try #require(dlopen("libsqlite3.so.0", RTLD_NOW))
        // (A function its own library calls through its GOT, as SQLite does its API, is
        // rebound there instead: those are passed over until the count is reached.)
        let libraries = [("libc.so.6", "/lib/x86_64-linux-gnu/libc.so.6", 60), ("libsqlite3", "/lib/x86_64-linux-gnu/libsqlite3.so.0", 40)]
        var patched = 0
        var refused: [String] = []
        for (scope, path, count) in libraries {
            var patchedHere = 0
            for name in Self.sample(try Self.exportedFunctions(of: path), count: count * 4) where patchedHere < count {
                guard usedByImpostor(name) == false, let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { continue }
                var before = [UInt8](repeating: 0, count: 16)
                ct_patch_read_code(address, &before, 16)
                do {
                    // A Mockery of its own: its mock answers only threads claimed by it, none
                    // here, so every call meanwhile runs through the relocated original.
                    let mockery = Mockery(name)
                    let mock = try mockery.makeInterposition(name, as: Untyped.self, in: InterpositionScope.library(scope))
                    if case .entryPatch = interpositionMethod(of: mock) {
                        patched += 1
                        patchedHere += 1
                    }
                    withExtendedLifetime(mockery) {}
                } catch {
                    refused.append(error.description)
                }
                var after = [UInt8](repeating: 0, count: 16)
                ct_patch_read_code(address, &after, 16)
                #expect(after == before, "\(name) was not restored byte for byte")
            }
        }
        print("patched \(patched) functions; refused: \(refused.count)")
        for text in refused { print("  \(text)") }
        #expect(patched == 100)
        try callsThroughOriginals()
    }

    /// Whether Impostor refuses `name` as one it calls itself (not swept).
    func usedByImpostor(_ name: String) -> Bool {
        ["malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc", "memalign", "malloc_usable_size",
         "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock", "pthread_getspecific",
         "pthread_setspecific", "pthread_self", "pthread_once", "dl_iterate_phdr", "dlsym", "dladdr", "dlopen", "mprotect",
         "memcpy", "memmove", "memset", "memcmp", "strlen"].contains(name)
    }

    /// Functions patched in their library's scope and called through their relocated
    /// originals with real arguments.
    func callsThroughOriginals() throws {
        typealias IntToInt = @convention(c) (Int32) -> Int32
        typealias TextToInt = @convention(c) (UnsafePointer<CChar>?) -> Int32
        typealias TwoTexts = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
        typealias NoArguments = @convention(c) () -> Int32
        typealias ToDouble = @convention(c) (Double) -> Double
        let mockery = Mockery("originals")
        for (name, value) in [("abs", -5), ("toupper", 97), ("tolower", 65), ("isdigit", 55)] {
            let mock = try mockery.makeInterposition(name, as: IntToInt.self, in: "libc.so.6")
            let real = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), to: IntToInt.self)
            #expect(original(of: mock)(Int32(value)) == real(Int32(value)), "\(name)")
        }
        // (A sanitizer's interceptor takes atoi and strcasecmp in the executable: they are
        // refused in a library's scope then, and left out here.)
        var entryPatched: [String: String] = [:]
        if InterpositionTestSupport.sanitizerInExecutable(intercepting: "atoi") == nil {
            let atoiMock = try mockery.makeInterposition("atoi", as: TextToInt.self, in: "libc.so.6")
            #expect(original(of: atoiMock)("  -1234x") == -1234)
            entryPatched["atoi"] = interpositionMethod(of: atoiMock).map { "\($0)" } ?? "none"
        }
        if InterpositionTestSupport.sanitizerInExecutable(intercepting: "strcasecmp") == nil {
            let strcmpMock = try mockery.makeInterposition("strcasecmp", as: TwoTexts.self, in: "libc.so.6")
            #expect(original(of: strcmpMock)("Impostor", "IMPOSTOR") == 0)
            entryPatched["strcasecmp"] = interpositionMethod(of: strcmpMock).map { "\($0)" } ?? "none"
        }
        let completeMock = try mockery.makeInterposition("sqlite3_complete", as: TextToInt.self, in: "libsqlite3")
        #expect(original(of: completeMock)("SELECT 1;") == 1)
        #expect(original(of: completeMock)("SELECT 1") == 0)
        let globMock = try mockery.makeInterposition("sqlite3_strglob", as: TwoTexts.self, in: "libsqlite3")
        #expect(original(of: globMock)("imp*", "impostor") == 0)
        let versionMock = try mockery.makeInterposition("sqlite3_libversion_number", as: NoArguments.self, in: "libsqlite3")
        #expect(original(of: versionMock)() == sqlite3_libversion_number())
        let keywordsMock = try mockery.makeInterposition("sqlite3_keyword_count", as: NoArguments.self, in: "libsqlite3")
        #expect(original(of: keywordsMock)() > 100)
        entryPatched["sqlite3_libversion_number"] = interpositionMethod(of: versionMock).map { "\($0)" } ?? "none"
        entryPatched["sqlite3_keyword_count"] = interpositionMethod(of: keywordsMock).map { "\($0)" } ?? "none"
        for (name, method) in entryPatched { #expect(method.hasPrefix("the entry"), "\(name): \(method)") }
        withExtendedLifetime(mockery) {}
    }
}
