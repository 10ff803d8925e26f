import Impostor
import Testing

// MockingKit's own examples, written by hand on Impostor's `Mock`: a printer that records what
// it prints and a converter whose result is registered by reference.

protocol Printer {
    func print(_ text: String)
}

protocol Converter {
    func convert(_ text: String) -> String
}

final class MockPrinter: Mock, Printer {
    lazy var printRef = MockReference(print)
    func print(_ text: String) { call(printRef, args: text) }
}

final class MockConverter: Mock, Converter {
    lazy var convertRef = MockReference(convert)
    func convert(_ text: String) -> String { call(convertRef, args: text) }
}

@Suite("MockingKit's examples", .mockery)
struct MockingKitExampleTests {
    @Test func printerRecordsItsCalls() {
        let printer = MockPrinter()
        printer.print("Hello!")
        let calls = printer.calls(to: printer.printRef)
        #expect(calls.count == 1)
        #expect(calls[0].argument(0, as: String.self) == "Hello!")
        #expect(printer.hasCalled(printer.printRef))
        #expect(printer.hasCalled(printer.printRef, numberOfTimes: 1))
        #expect(!printer.hasCalled(printer.printRef, numberOfTimes: 2))
        #expect(printer.hasInvoked(printer.printRef))
    }

    @Test func converterAnswersWithItsRegisteredResult() {
        let converter = MockConverter()
        #expect(converter.convert("unregistered") == "")
        converter.registerResult(for: converter.convertRef) { text in String(text.reversed()) }
        #expect(converter.convert("Hello!") == "!olleH")
        #expect(converter.calls(to: converter.convertRef).map { $0.returnValue(as: String.self) } == ["", "!olleH"])
    }

    @Test func resetCallsForgetsTheCalls() {
        let printer = MockPrinter()
        printer.print("a")
        printer.print("b")
        printer.resetCalls()
        #expect(printer.calls(to: printer.printRef).isEmpty)
        printer.print("c")
        #expect(printer.calls(to: printer.printRef).count == 1)
    }

    @Test func prototypesStubAndVerifyAsForC() {
        let printer = MockPrinter()
        let converter = MockConverter()
        stub(converter.convert(any())).with { (text: String) in text.uppercased() }
        stub(converter.convert("special")).with { "SPECIAL!" }
        #expect(converter.convert("abc") == "ABC")
        #expect(converter.convert("special") == "SPECIAL!")
        printer.print("Hello!")
        verify(.once, printer.print("Hello!"))
        verify(.never, printer.print("Bye"))
        verify(converter.convert(eq("abc")))
    }

    @Test func referenceFormTakesMatchers() {
        let converter = MockConverter()
        stub(converter.convertRef, eq("x")).with { (text: String) in text + text }
        #expect(converter.convert("x") == "xx")
        #expect(converter.convert("y") == "")
        verify(converter.convertRef, eq("x"))
        verify(.times(2), converter.convertRef, any())
    }

    @Test func aFailedVerifyListsTheCalls() {
        let printer = MockPrinter()
        printer.print("Hello!")
        let failures = captureFailures { verify(printer.print("Bye")) }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("Expected MockPrinter.print to receive MockPrinter.print(\"Bye\") at least once but received it 0 times."))
        #expect(message.contains("argument 1: expected \"Bye\", got \"Hello!\""))
    }
}

@Suite("Swift mocks in Mockito's housekeeping checks", .mockery)
struct SwiftMockHousekeepingTests {
    @Test func verifyNoMoreInvocationsSeesUnverifiedSwiftCalls() {
        let printer = MockPrinter()
        printer.print("a")
        printer.print("b")
        verify(printer.print("a"))
        let failures = captureFailures { verifyNoMoreInvocations(printer) }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("MockPrinter.print(\"b\")") == true)
        #expect(failures.first?.message.contains("MockPrinter.print(\"a\")") == false)
        verify(printer.print("b"))
        #expect(captureFailures { verifyNoMoreInvocations(printer) }.isEmpty)
    }
}
