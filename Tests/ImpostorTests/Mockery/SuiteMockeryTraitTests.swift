import CImpostorTestSupport
import Impostor
import Testing

/// `@Suite(.mockery)`: every test inside, nested suites included, gets a Mockery of its own,
/// named after the test.
@Suite(.mockery) struct SuiteMockeryTraitTests {
    @Test func aTestOfTheSuiteHasItsOwnMockery() {
        #expect(Mockery.current !== Mockery.processDefault)
        #expect(Mockery.current.name == "aTestOfTheSuiteHasItsOwnMockery()")
        let add: Binary = mockFunction(named: "add")
        Mockery.current.checking { oneOf(add(1, 2)).will(returnValue(3)) }
        #expect(cs_call_add(add, 1, 2) == 3)
        #expect(Mockery.current.mockCount == 1)
    }

    @Test(arguments: [1, 2]) func eachCaseOfAParameterizedTestHasItsOwn(value: Int32) {
        #expect(Mockery.current.mockCount == 0)
        let add: Binary = mockFunction(named: "add")
        stub(add(any(), any())).with { value }
        #expect(cs_call_add(add, 0, 0) == value)
    }

    @Suite struct Nested {
        @Test func aNestedSuitesTestHasOneToo() {
            #expect(Mockery.current !== Mockery.processDefault)
            #expect(Mockery.current.name == "aNestedSuitesTestHasOneToo()")
        }
    }
}
