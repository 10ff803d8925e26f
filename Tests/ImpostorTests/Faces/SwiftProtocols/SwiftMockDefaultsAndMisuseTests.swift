import CImpostorTestSupport
import Impostor
import Testing

// What unstubbed Swift members return (nil, 0, false, "", [], nothing, and a type's own
// `DefaultValue`), and misuse that Impostor reports instead of crashing or guessing: reading an
// argument as the wrong type (reported, and the zero value returned, never a reinterpretation
// of the String), a `with` block whose parameter types differ from the member's, `throwing` on
// a member that does not throw, an `async` block for a synchronous member (each refused with
// its message, nothing stubbed), and a call to a mock whose Mockery is gone.

struct Temperature: Equatable, DefaultValue {
    let celsius: Double
    static var defaultValue: Temperature { Temperature(celsius: -273.15) }
}

enum ProbeError: Error {
    case broken
}

protocol Probe {
    func label() -> String?
    func count() -> Int
    func isReady() -> Bool
    func text() -> String
    func readings() -> [Int]
    func reset()
    func temperature() -> Temperature
    func length(_ text: String) -> Int
    func sum(_ a: Int, _ b: Int) -> Int
}

/// The probe C threads call in `callsAfterItsMockeryIsReleasedAreReportedOnceWithTheirCount`.
/// Unchecked: set before the threads are created and cleared after they are joined, which
/// orders every access; the test is the only one to touch it.
nonisolated(unsafe) private var lateProbe: MockProbe?

final class MockProbe: Mock, Probe {
    lazy var labelRef = MockReference(label)
    lazy var countRef = MockReference(count)
    lazy var isReadyRef = MockReference(isReady)
    lazy var textRef = MockReference(text)
    lazy var readingsRef = MockReference(readings)
    lazy var resetRef = MockReference(reset)
    lazy var temperatureRef = MockReference(temperature)
    lazy var lengthRef = MockReference(length)
    lazy var sumRef = MockReference(sum)

    func label() -> String? { call(labelRef) }
    func count() -> Int { call(countRef) }
    func isReady() -> Bool { call(isReadyRef) }
    func text() -> String { call(textRef) }
    func readings() -> [Int] { call(readingsRef) }
    func reset() { call(resetRef) }
    func temperature() -> Temperature { call(temperatureRef) }
    func length(_ text: String) -> Int { call(lengthRef, args: text) }
    func sum(_ a: Int, _ b: Int) -> Int { call(sumRef, args: a, b) }
}

@Suite("Swift mocks: defaults and misuse", .mockery)
struct SwiftMockDefaultsAndMisuseTests {
    @Test func unstubbedMembersReturnDefaults() {
        let probe = MockProbe(named: "probe")
        #expect(probe.label() == nil)
        #expect(probe.count() == 0)
        #expect(probe.isReady() == false)
        #expect(probe.text() == "")
        #expect(probe.readings() == [])
        probe.reset()
        #expect(probe.hasCalled(probe.resetRef, numberOfTimes: 1))
        #expect(probe.calls(to: probe.resetRef).first?.formattedResult == nil)
        #expect(probe.temperature() == Temperature(celsius: -273.15))
        // Once stubbed, the stub answers instead.
        stub(probe.count()).returning(3)
        #expect(probe.count() == 3)
    }

    @Test func readingAStringArgumentAsIntIsReportedNotReinterpreted() {
        let probe = MockProbe(named: "probe")
        _ = probe.length("hello")
        let call = probe.calls(to: probe.lengthRef)[0]
        var read = -1
        let failures = captureFailures { read = call.argument(0, as: Int.self) }
        #expect(read == 0)
        #expect(failures.map(\.message) == [
            "Cannot read argument 0 of a call to probe.length as Int: that parameter is String. Use `argument(0, as: String.self)`."
        ])
        #expect(call.argument(0, as: String.self) == "hello")
    }

    /// `throwing` takes the member's error type, but Swift falls back to the untyped prototype
    /// forms when the error does not fit (`stub(a, b)` for a reference and one matcher, `stub(_:)`
    /// for a prototype): refused when the stub is made, with nothing stubbed.
    @Test func throwingOnAMemberThatDoesNotThrowIsRefused() {
        let probe = MockProbe(named: "probe")
        _ = probe.length("")
        let failures = captureFailures {
            stub(probe.lengthRef, any()).throwing(ProbeError.broken)
            stub(CallPrototype(probe.lengthRef, any())).throwing(ProbeError.broken)
        }
        let text = "stub(...) was given probe.length's reference or prototype where a call was expected: Swift used the "
            + "untyped form, as it does for several prototypes or when the answer after one does not fit the member. "
            + "probe.length does not throw, so throwing(_:) has no typed form for it. Pass one prototype, or the reference "
            + "and its matchers, with an answer of the member's types."
        #expect(failures.map(\.message) == [text, text])
        #expect(probe.length("x") == 0)
    }

    /// A Swift member has no real function to pass calls on to: refused at its line, with no
    /// stub added (it used to add none silently).
    @Test func callingOriginalOnASwiftMemberIsRefused() {
        let probe = MockProbe(named: "probe")
        stub(probe.length(any())).with { 3 }
        let failures = captureFailures { stub(probe.length("x")).callingOriginal() }
        #expect(failures.map(\.message) == [
            "callingOriginal() was given a prototype of probe.length, which is not a mock made by interpose(...): only an "
                + "interposed C symbol has an original to call. The stub was not added."
        ])
        #expect(probe.length("x") == 3)
    }

    @Test func anAsyncBlockForASyncMemberIsRefused() {
        let probe = MockProbe(named: "probe")
        _ = probe.length("")
        let failures = captureFailures {
            stub(probe.lengthRef, any()).with { (text: String) async -> Int in text.count }
        }
        #expect(failures.map(\.message) == [
            "Cannot stub probe.length with an async block: the member is not async, so it cannot wait for one. Nothing was stubbed."
        ])
        #expect(probe.length("abc") == 0)
        // An async block or a block of other types as a later answer is refused the same way;
        // the stub keeps its earlier answers and the chain goes on.
        let later = captureFailures {
            stub(probe.lengthRef, any()).with { _ in 1 }.then { (text: String) async -> Int in text.count }.thenReturning(2)
            stub(probe.length("b")).with { 5 }.then { (count: Int) in count }.thenReturning(6)
        }
        #expect(later.map(\.message) == [
            "Cannot stub probe.length with an async block: the member is not async, so it cannot wait for one. "
                + "This answer was not added; the stub keeps its other answers, and the next one given takes its turn.",
            "The block passed to then { } takes (Int), but probe.length takes (String). Declare the block with exactly the "
                + "mock's parameter types, no parameters, or one Invocation. This answer was not added; the stub keeps its "
                + "other answers, and the next one given takes its turn.",
        ])
        #expect([probe.length("abc"), probe.length("abc"), probe.length("abc")] == [1, 2, 2])
        #expect([probe.length("b"), probe.length("b"), probe.length("b")] == [5, 6, 6])
    }

    /// A reference made by name does not say whether its member is `async`: the refusal of an
    /// `async` block says how to make it so. One made from an `async` function takes it.
    @Test func anAsyncBlockForAReferenceMadeByNameSaysHowToSayItIsAsync() {
        let unstated = MockReference<Int, String, Never>(named: "fetch")
        let stated = MockReference<Int, String, Never>(named: "fetch", isAsync: true)
        let failures = captureFailures {
            stub(unstated, any()).with { (id: Int) async in "item \(id)" }
            stub(stated, any()).with { (id: Int) async in "item \(id)" }
        }
        #expect(failures.map(\.message) == [
            "Cannot stub fetch with an async block: the member is not async, so it cannot wait for one. (Its reference was "
                + "made by name, which does not say: if the member is async, make it with MockReference(named: \"fetch\", "
                + "isAsync: true).) Nothing was stubbed."
        ])
    }

    /// `throwError` for a member that does not throw is refused at `will`, and says what the
    /// expectation then does: it takes its calls and returns the default value.
    @Test func aThrowErrorActionForAMemberThatCannotThrowIsRefused() {
        var answer = -1
        let failures = captureFailures {
            let context = Mockery("refused action")
            context.withCurrent {
                let probe = MockProbe(named: "probe")
                context.checking { oneOf(probe.lengthRef, any()).will(throwError(ProbeError.broken)) }
                answer = probe.length("abc")
            }
            context.assertIsSatisfied()
        }
        #expect(answer == 0)
        #expect(failures.map(\.message) == [
            "Cannot answer length with throwError(ProbeError.broken): the member does not throw. The expectation was "
                + "given no actions, so the calls it takes return the default value."
        ])
    }

    @Test func aCallAfterItsMockeryIsReleasedIsReported() {
        var mockery: Mockery? = Mockery("m")
        let probe = mockery!.withCurrent { MockProbe(named: "probe") }
        #expect(probe.count() == 0)  // the member is known to the mock from here on
        mockery = nil
        var result = -1
        let failures = captureFailures { result = probe.count() }
        #expect(result == 0)
        #expect(failures.count == 1)
        #expect(ReleasedMockTests.isLateCallReport(failures.first?.message, name: "probe.count", swift: true), "\(failures)")
        #expect(probe.calls(to: probe.countRef).isEmpty)
    }

    /// Calls from C threads, while the test still runs: one failure, whose text the test's
    /// thread writes when it collects it, with their number.
    @Test func callsAfterItsMockeryIsReleasedAreReportedOnceWithTheirCount() {
        var inner: Mockery? = Mockery("inner")
        let probe = inner!.withCurrent { MockProbe(named: "probe") }
        #expect(probe.count() == 0)
        inner = nil
        lateProbe = probe
        #expect(ct_call_from_threads({ _, _ in _ = lateProbe?.count() }, 2, 1_000) == 0)
        let failures = captureFailures { Mockery.current.assertIsSatisfied() }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix(
            "Call to released mock probe.count: 2,000 calls after its Mockery was released, the first from thread 0x") == true,
            "\(failures)")
        #expect(failures.first?.message.contains("; each returned its default value and none was recorded.") == true)
        lateProbe = nil
    }

    @Test func aFirstCallAfterItsMockeryIsReleasedIsReported() {
        var mockery: Mockery? = Mockery("m")
        let probe = mockery!.withCurrent { MockProbe(named: "probe") }
        mockery = nil
        // The member's first use comes after the release: its lazy reference is made only now.
        let failures = captureFailures { _ = probe.count() }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Call to released mock probe.count") == true)
    }
}
