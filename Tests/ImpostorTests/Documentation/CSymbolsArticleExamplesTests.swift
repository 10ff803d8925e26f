import CImpostorTestSupport
import Foundation
import Impostor
import Testing

// The entry-patching example of the README and of the DocC article "C symbols", compiled and
// run. Keep them in step with README.md and CSymbols.md.

typealias ParseHeader = @convention(c) (Int32) -> Int32

@Suite(.enabled(if: MachineArchitectureForTests.isX86_64)) struct CSymbolsArticleExamplesTests {
    @Test(.mockery) func theParserSeesAFakeHeader() {
        // parse_header is a function of the C target, called directly by parse_file.
        let parseHeader = interpose("parse_header", as: ParseHeader.self)
        stub(parseHeader(any())).with { -1 }
        #expect(parse_file(3) == -1)
        verify(parseHeader(3))
        #expect(interpositionMethod(of: parseHeader)?.description == "the entry of the function in the main executable, patched")
    }

    @Test func everyExampleLineOfTheArticle() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let files = [#filePath, here.appendingPathComponent("ReadmeCSymbolsExamplesTests.swift").path,
                     here.appendingPathComponent("../Faces/Symbols/InterpositionTestSupport.swift").standardized.path,
                     here.appendingPathComponent("../Faces/Symbols/InterposeVariadicTests.swift").standardized.path]
        try ArticleExamples.expectEveryLine(of: "CSymbols.md", in: files, atLeast: 15)
    }

    @Test func withoutTheMockTheRealHeaderIsRead() {
        #expect(parse_file(3) == 30)
    }
}
