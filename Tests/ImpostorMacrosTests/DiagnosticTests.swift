import SwiftSyntaxMacrosGenericTestSupport
import Testing

// Every compile-time text of `@Mockable`, at the declaration it is about; with an error the
// macro writes nothing, so the expanded source is the protocol alone.

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("on a struct: an error at the attribute, with a fix-it that removes it")
    func notAProtocol() {
        assertMockable(
            """
            @Mockable
            struct Service {}
            """,
            expandedSource: """
            struct Service {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Mockable applies to a protocol, not to a struct: it writes a mock of the protocol's requirements",
                    line: 1, column: 1, fixIts: [FixItSpec(message: "Remove '@Mockable'")])
            ],
            applyFixIts: ["Remove '@Mockable'"],
            // The line break before `struct` stays: it is the keyword's own leading trivia.
            fixedSource: """

            struct Service {}
            """)
    }

    @Test("an unquoted condition: a fix-it quotes it")
    func unquotedCondition() {
        assertMockable(
            """
            @Mockable(compilationCondition: DEBUG)
            protocol Clock {}
            """,
            expandedSource: """
            protocol Clock {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "compilationCondition must be a string literal, such as \"DEBUG\", so that the macro can write it after #if",
                    line: 1, column: 33, fixIts: [FixItSpec(message: "Write the condition as the string \"DEBUG\"")])
            ],
            applyFixIts: ["Write the condition as the string \"DEBUG\""],
            fixedSource: """
            @Mockable(compilationCondition: "DEBUG")
            protocol Clock {}
            """)
    }

    @Test("a condition that #if cannot read")
    func notACondition() {
        assertMockable(
            """
            @Mockable(compilationCondition: "DEBUG &&")
            protocol Clock {}
            """,
            expandedSource: """
            protocol Clock {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'DEBUG &&' is not a compilation condition: write one as after #if, such as \"DEBUG\" or \"DEBUG && canImport(Testing)\"",
                    line: 1, column: 33)
            ])
    }

    @Test("a requirement inside #if")
    func insideIfConfig() {
        assertMockable(
            """
            @Mockable
            protocol Clock {
                #if DEBUG
                func now() -> Double
                #endif
            }
            """,
            expandedSource: """
            protocol Clock {
                #if DEBUG
                func now() -> Double
                #endif
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Mockable cannot mock a requirement inside #if: the macro cannot tell which branch is compiled; move the requirement out of #if or mock the protocol by hand with Impostor.Mock",
                    line: 3, column: 5)
            ])
    }

    @Test("an operator, a parameter pack, a generic thrown error")
    func unimplementable() {
        assertMockable(
            """
            @Mockable
            protocol Odd {
                static func == (lhs: Self, rhs: Self) -> Bool
                func all<each T>(_ values: repeat each T)
                func fail<E: Error>(_ error: E) throws(E)
                func make() -> sending Box
            }
            """,
            expandedSource: """
            protocol Odd {
                static func == (lhs: Self, rhs: Self) -> Bool
                func all<each T>(_ values: repeat each T)
                func fail<E: Error>(_ error: E) throws(E)
                func make() -> sending Box
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Mockable cannot mock operator '==': its $ prototype would be named after the operator, which Swift does not allow; mock the protocol by hand with Impostor.Mock",
                    line: 3, column: 17),
                DiagnosticSpec(
                    message: "@Mockable cannot mock 'all': a parameter pack has no single type to record its arguments as; mock the protocol by hand with Impostor.Mock",
                    line: 4, column: 10),
                DiagnosticSpec(
                    message: "@Mockable cannot mock 'fail': its thrown error type is one of its own generic parameters, which a reference cannot name; throw 'any Error' or a concrete error type",
                    line: 5, column: 44),
                DiagnosticSpec(
                    message: "@Mockable cannot mock 'make': its result is 'sending', but the mock keeps every result in its call log, so the value is never disconnected from it; drop 'sending' or mock the protocol by hand with Impostor.Mock",
                    line: 6, column: 20),
            ])
    }

    @Test("an associated type whose where clause names Self")
    func associatedTypeWhereSelf() {
        assertMockable(
            """
            @Mockable
            protocol Graph {
                associatedtype Node where Node: Sequence, Node.Element == Self
            }
            """,
            expandedSource: """
            protocol Graph {
                associatedtype Node where Node: Sequence, Node.Element == Self
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Mockable cannot write the mock's constraint for associated type 'Node': its where clause names Self, which a generic parameter of the mock cannot refer to; name the associated types without 'Self.'",
                    line: 3, column: 25)
            ])
    }

    @Test("two requirements whose $ prototypes would be the same")
    func prototypeCollision() {
        assertMockable(
            """
            @Mockable
            protocol Runner {
                func run(_ work: () -> Void)
                func run(_ work: (Int) -> Void)
            }
            """,
            expandedSource: """
            protocol Runner {
                func run(_ work: () -> Void)
                func run(_ work: (Int) -> Void)
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'$run' would be declared twice: this requirement and 'func run(_ work: () -> Void)' take the same labels and record the same argument types (a generic value as Any, a non-escaping closure as NonEscapingClosure); give one of them another argument label",
                    line: 4, column: 10)
            ])
    }
}
