/// Why a C symbol could not be interposed, or could only partly be.
///
/// ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)`` reports it as a test failure
/// at the line that asked; ``Mockery/makeInterposition(_:as:in:answering:capturing:fileID:filePath:line:column:)``
/// throws it. ``description`` says what was found, why no call can be rebound, and what to do.
public struct InterpositionError: Error, Sendable, CustomStringConvertible, Equatable {
    enum Reason: Sendable {
        /// The function type cannot be mocked.
        case cannotMock(symbol: String, MockCreationError)
        /// Impostor itself calls the symbol while routing an interposed call.
        case usedByImpostor(symbol: String, scope: InterpositionScope)
        /// Every dispatcher is taken.
        case tooManySymbols(symbol: String, maximum: Int)
        /// The executable has no dynamic section.
        case staticExecutable(symbol: String)
        /// No loaded object matches a library name.
        case libraryNotLoaded(symbol: String, library: String)
        /// The only objects with slots were still being relocated by another thread's `dlopen`.
        case stillLoading(symbol: String, object: String, waitedMilliseconds: Int)
        /// No object imports or exports the symbol, and no symbol table names a function so;
        /// `stripped` objects had no symbol table to look in, the first of them named.
        case unknownSymbol(symbol: String, scope: InterpositionScope, stripped: Int = 0, firstStripped: String? = nil, nearest: String? = nil)
        /// `file.c:name` names a file that defines no static function so; these places do.
        case noFunctionInFile(symbol: String, file: String, name: String, places: [String])
        /// Several functions are named so in the symbol tables: each place (`file.c, object`),
        /// and the `file.c:name` spelling of one, when the tables name their files.
        case ambiguousFunction(symbol: String, places: [String], example: String?)
        /// Impostor itself calls the symbol, and only patching its entry could reach it. `library`
        /// is the scope's library when it is not the function's own (it has no slot for the
        /// symbol), and `dataReferences` the times the symbol's address is stored in the data of
        /// the objects in scope (`static json_malloc_t do_malloc = malloc;`).
        case usedByImpostorEntry(symbol: String, library: String? = nil, dataReferences: Int = 0)
        /// A mock type given as a variadic function's va_list form that is none.
        case notVariadicForm(symbol: String, type: String, VariadicProblem)
        /// Another layer of the symbol is installed in the other form (va_list or fixed arguments).
        case variadicMismatch(symbol: String, installedAsVariadic: Bool)
        /// The va_list form is built for x86-64 only.
        case variadicUnavailable(symbol: String, architecture: String)
        /// The function's entry cannot be patched.
        case entryRefused(symbol: String, object: String, isStatic: Bool, outcome: EntryCode.Outcome)
        /// No slot under this name, but under others.
        case renamed(symbol: String, scope: InterpositionScope, importedAs: [String])
        /// A sanitizer runtime in the executable intercepts the symbol; `librarySlots` calls
        /// from libraries were rebound all the same (a partial interposition) when non-zero.
        case sanitizer(symbol: String, runtime: String, librarySlots: Int)
        /// A sanitizer runtime in the executable intercepts the symbol, and the loader resolved
        /// the scope's libraries' own references to its interceptor: their calls reach the real
        /// function from the sanitizer, so no patch can tell them apart.
        case sanitizerTakesLibraryCalls(symbol: String, runtime: String, scope: InterpositionScope)
        /// A lazy slot holds a PLT stub and `dlsym` cannot find the real function.
        case noOriginal(symbol: String, object: String)
        /// A non-PIE executable exports a canonical PLT entry (a warning: the interposition stands).
        case canonicalPLT(symbol: String)
        /// `mprotect` refused to open a RELRO page.
        case protectionRefused(symbol: String, object: String, errno: Int32)
        /// This build runs on an architecture the dispatchers are not written for (`uname -m`'s name).
        case unsupportedArchitecture(symbol: String, architecture: String)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// True when the symbol was interposed all the same and the error only warns (a
    /// sanitizer that leaves libraries' calls reachable, a canonical PLT entry).
    public var isWarning: Bool {
        switch reason {
        case .canonicalPLT: true
        case .sanitizer(_, _, let librarySlots): librarySlots > 0
        default: false
        }
    }

    /// What went wrong, why, and what to do.
    public var description: String { FailureMessages.interposition(reason) }

    /// Two errors are equal when they explain the same problem with the same text.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
}
