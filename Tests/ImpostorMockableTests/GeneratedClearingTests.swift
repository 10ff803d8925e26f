import Impostor
import ImpostorMockable
import Testing

// `reset` and `clearInvocations` on a mock `@Mockable` wrote (the Converter of the README
// examples), as on a hand-written one.

@Suite("@Mockable: clearing and resetting", .mockery)
struct GeneratedClearingTests {
    @Test func aGeneratedMockIsClearedAndReset() {
        let converter = ConverterMock()
        stub(converter.$convert(any())).returning("stubbed")
        #expect(converter.convert("a") == "stubbed")
        clearInvocations(converter)
        verify(.never, converter.$convert(any()))
        #expect(converter.convert("b") == "stubbed")
        Impostor.reset(converter)
        verify(.never, converter.$convert(any()))
        #expect(converter.convert("c") == "")
        verify(.once, converter.$convert(eq("c")))
    }
}

@Suite("@Mockable: ignoring a generated mock")
struct GeneratedIgnoringTests {
    @Test func ignoringAGeneratedMockIgnoresEveryMember() {
        var answer = "unset"
        let failures = captureFailures {
            let context = Mockery("strict", strictness: .strict)
            context.withCurrent {
                let converter = ConverterMock()
                context.checking { ignoring(converter) }
                answer = converter.convert("a")
            }
            context.assertIsSatisfied()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
        #expect(answer == "")
    }
}
