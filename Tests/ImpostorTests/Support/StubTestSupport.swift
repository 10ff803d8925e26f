import CImpostorTestSupport
import Impostor
import Testing

// Helpers shared by the stubbing suites (MatcherTests, StubFormTests, MockaExampleTests,
// StubMisuseTests, StubbingArticleExamplesTests).

/// The failures Impostor raised while `body` ran, limited to those located in the calling
/// file: failures that other suites running in parallel leave in the process-wide store are
/// collected by whichever test calls Impostor next, and are not this test's business.
func stubbingFailures(fileID: String = #fileID, _ body: () -> Void) -> [ImpostorFailure] {
    captureFailures(body).filter { $0.site.fileID == fileID }
}

/// Calls `add` from C `count` times with (a, b) and returns what each call returned.
func cRepeatedResults(_ add: cs_fn_add, _ a: Int32, _ b: Int32, count: Int32) -> [Int32] {
    var results = [Int32](repeating: -999, count: Int(CS_MAX_REPEAT))
    cs_call_add_repeatedly(add, a, b, count, &results)
    return Array(results.prefix(Int(count)))
}

/// Calls `lookup` from C with a copy of `key` (or NULL).
func cLookup(_ lookup: cs_fn_lookup, _ key: String?, _ fallback: Int32 = 0) -> Int32 {
    guard let key else { return cs_call_lookup(lookup, nil, fallback) }
    return cs_call_lookup(lookup, key, fallback)
}

/// Calls `write` from C with a copy of `bytes` (or NULL).
func cWrite(_ write: cs_fn_write, _ bytes: [UInt8]?) -> Int32 {
    guard let bytes else { return cs_call_write(write, nil, 0) }
    return cs_call_write(write, bytes, bytes.count)
}
