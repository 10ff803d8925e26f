import CImpostorTestSupport
import Foundation
import Impostor
import Testing

// The DocC article Sources/Impostor/Impostor.docc/CFunctionMocks.md: its examples run in
// ReadmeExamplesTests (they were the README's first) and here; `everyExampleLineIsHere` keeps
// the article and the tests in step.

extension FloatOrDouble: CRegisterLayout {
    public static var eightbyteClasses: [EightbyteClass] { [.floatingPoint] }
}

@Suite struct CFunctionMocksArticleTests {
    typealias Twice = @convention(c) (FloatOrDouble) -> FloatOrDouble

    /// A union of `float` and `double` declared as floating point travels in a vector register,
    /// as the C caller passes it: the mock reads the double C sent and C reads the one it answers.
    @Test(.mockery) func aFloatingPointUnionDeclaredWithItsClassPassesInAVectorRegister() {
        let twice: Twice = mockFunction(named: "twice")
        stub(twice(any())).with { (value: FloatOrDouble) -> FloatOrDouble in FloatOrDouble(d: value.d * 2) }
        #expect(cfd_call_double(twice, 1.25) == 2.5)
        #expect(invocations(of: twice).map { $0.argument(0, as: FloatOrDouble.self).d } == [1.25])
    }

    @Test func everyExampleLineIsHere() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("ReadmeExamplesTests.swift").path
        try ArticleExamples.expectEveryLine(of: "CFunctionMocks.md", in: [#filePath, readme], atLeast: 8)
    }
}
