import ImpostorMockable
import Testing

// What naggy and strict Mockeries do with an uninteresting call to a member of a mock that
// `@Mockable` wrote (the Converter of the README examples).

@Suite struct GeneratedStrictnessTests {
    /// Runs `body` with a Mockery of `strictness` current, checks it, and returns every failure
    /// and warning raised meanwhile.
    private func failures(_ strictness: Strictness, _ body: () -> Void) -> [ImpostorFailure] {
        captureFailures {
            let context = Mockery("generated rules", strictness: strictness)
            context.withCurrent { body() }
            context.assertIsSatisfied()
        }
    }

    @Test func aNaggyMockeryWarnsOnceAndNeverFailsForAGeneratedMember() {
        let failures = failures(.naggy) {
            let converter = ConverterMock(named: "converter")
            #expect(converter.convert("abc") == "")
            verify(.once, converter.$convert(any()))
        }
        #expect(failures.count == 1)
        #expect(failures.allSatisfy { $0.isWarning })
        #expect(failures.first?.message.hasPrefix("Uninteresting call: converter.convert(\"abc\")") == true)
    }

    @Test func aStrictMockeryFailsAnUninterestingCallToAGeneratedMember() {
        let failures = failures(.strict) {
            let converter = ConverterMock(named: "converter")
            #expect(converter.convert("abc") == "")
        }
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { !$0.isWarning })
        #expect(failures.first?.message.hasPrefix(
            "Uninteresting call: converter.convert(\"abc\")\nMockery \"generated rules\" is strict") == true)
    }
}
