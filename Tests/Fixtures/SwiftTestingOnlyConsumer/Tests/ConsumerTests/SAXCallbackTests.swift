import CLibXML2
import Impostor
import Testing

// libxml2's SAX callbacks are plain C function pointers in `xmlSAXHandler`: the kind of
// callback Impostor mocks. The parser calls them from C while it reads the document.

@Test(.mockery) func parserCallsTheStartElementAndCharactersHandlers() {
    let startElement: startElementSAXFunc = mockFunction(named: "startElement")
    let characters: charactersSAXFunc = mockFunction(named: "characters")
    // Element names live in the parser's dictionary, freed when parsing ends: read them
    // while the call is in progress.
    var names: [String] = []
    stub(startElement(any(), any(), any())).with { (call: Invocation) in
        let name = call.argument(1, as: UnsafePointer<xmlChar>?.self)
        names.append(name.map { String(cString: $0) } ?? "<NULL>")
    }

    var handler = xmlSAXHandler()   // `initialized` is 0: libxml2 calls the SAX1 callbacks
    handler.startElement = startElement
    handler.characters = characters
    let document = #"<greeting lang="en">hello<name>world</name></greeting>"#
    let status = document.withCString { text in
        xmlSAXUserParseMemory(&handler, nil, text, Int32(document.utf8.count))
    }

    #expect(status == 0)
    verify(.exactly(2), startElement(any(), any(), any()))
    verify(.exactly(2), characters(any(), any(), 5))   // "hello" and "world"
    #expect(names == ["greeting", "name"])
    let calls = invocations(of: startElement)
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
