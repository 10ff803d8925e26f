import CLibXML2
import Impostor
import Testing

// libxml2's SAX callbacks are plain C function pointers in `xmlSAXHandler`: the kind of
// callback Impostor mocks. The parser calls them from C while it reads the document.

@Test(.mockery) func parserCallsTheStartElementAndCharactersHandlers() {
    let startElement: startElementSAXFunc = mockFunction(named: "startElement")
    let characters: charactersSAXFunc = mockFunction(named: "characters", capturing: [1: .buffer(count: 2)])
    var nestedElements = 0
    stub(startElement(any(), "name", any())).with { nestedElements += 1 }   // a literal for const xmlChar *

    var handler = xmlSAXHandler()   // `initialized` is 0: libxml2 calls the SAX1 callbacks
    handler.startElement = startElement
    handler.characters = characters
    let document = #"<greeting lang="en">hello<name>world</name></greeting>"#
    let status = document.withCString { text in
        xmlSAXUserParseMemory(&handler, nil, text, Int32(document.utf8.count))
    }

    #expect(status == 0)
    #expect(nestedElements == 1)
    // Element names live in the parser's dictionary, freed when parsing ends, and characters
    // point into the document without a NUL: the verifies read what was copied during the calls.
    verify(.exactly(2), startElement(any(), any(), any()))
    verify(.once, startElement(any(), cString("greeting"), isNotNil()))
    verify(.once, startElement(any(), bytes(Array("name\0".utf8)), isNil()))
    verify(.once, characters(any(), cString("hello"), 5))
    verify(.once, characters(any(), cString("world"), 5))
    let calls = invocations(of: startElement)
    #expect(calls.map { $0.cString(1) } == ["greeting", "name"])
    #expect(calls.count == 2)
    #expect(calls.first?.argument(2, as: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?.self) != nil)   // lang="en"
    #expect(calls.last?.argument(2, as: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?.self) == nil)    // no attributes
}

@Test(.mockery) func aFailedVerifyIsAnIssueAtItsLine() {
    let startElement: startElementSAXFunc = mockFunction(named: "startElement")
    var handler = xmlSAXHandler()
    handler.startElement = startElement
    let document = "<empty/>"
    _ = document.withCString { xmlSAXUserParseMemory(&handler, nil, $0, Int32(document.utf8.count)) }

    let verifyLine = #line + 2
    withKnownIssue {
        verify(.exactly(2), startElement(any(), any(), any()))
    } matching: { issue in
        issue.sourceLocation?.line == verifyLine
            && issue.comments.contains { $0.rawValue.hasPrefix("Expected startElement to receive") }
    }
}
