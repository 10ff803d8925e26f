// Texts for C symbols rebound at run time (interpose).
#if canImport(Glibc)
import Glibc
#endif

extension FailureMessages {
    static func interposition(_ reason: InterpositionError.Reason) -> String {
        switch reason {
        case .cannotMock(let symbol, let error):
            return "Cannot interpose \(symbol): " + error.description
        case .usedByImpostor(let symbol, .library(let library)):
            return "Cannot interpose \(symbol) in \(library): Impostor's own calls of it go through that library (the C "
                + "library, the loader, libffi or the Swift runtime), so rebinding them would send those calls back into the "
                + "dispatcher. Scope it to the library whose calls you test, as in interpose(\"\(symbol)\", as: ..., in: \"libsqlite3\")."
        case .usedByImpostor(let symbol, _):
            return "Cannot interpose \(symbol) in every object: Impostor itself calls it while routing and answering "
                + "interposed calls, so rebinding its own calls would send them back into the dispatcher. Scope it to the "
                + "library whose calls you test, as in interpose(\"\(symbol)\", as: ..., in: \"libsqlite3\"): Impostor's "
                + "own calls never go through that library's slots."
        case .tooManySymbols(let symbol, let maximum):
            return "Cannot interpose \(symbol): \(maximum) different symbols have already been interposed in this process, "
                + "the most Impostor has dispatchers for."
        case .staticExecutable(let symbol):
            return "Cannot interpose \(symbol): the executable is statically linked, so it has no GOT slots to rebind. "
                + "Link the tests dynamically (the default for Swift packages)."
        case .libraryNotLoaded(let symbol, let library):
            return "Cannot interpose \(symbol) in \(library): no loaded library is named \(library). Check the name "
                + "(a file name such as \"libsqlite3\" or \"libsqlite3.so.0\"), and link or dlopen the library before interposing."
        case .stillLoading(let symbol, let object, let waited):
            return "Cannot interpose \(symbol): its GOT slots are in \(object), which another thread's dlopen was still "
                + "loading \(waited) ms later (its read-only pages not yet protected), and a slot rebound while the dynamic "
                + "linker relocates it is overwritten or faults. Interpose after that dlopen has returned."
        case .unknownSymbol(let symbol, let scope, let stripped, let firstStripped, let nearest):
            var text = "Cannot interpose \(symbol): no GOT slot for it in \(within(scope)), no loaded object exports it, and "
                + "no symbol table names a function so."
            if let nearest { return text + " Did you mean \(nearest)?" }
            text += " Check the spelling (C names, such as \"getenv\") and load the library that defines it first."
            if let firstStripped, case .library = scope {
                text += " \(firstStripped) is stripped (no .symtab), so a static function of it cannot be found by name."
            } else if let firstStripped {
                let others = stripped > 1 ? " and \(stripped - 1) other object\(stripped > 2 ? "s" : "")" : ""
                text += " \(firstStripped)\(others) \(stripped > 1 ? "are" : "is") stripped (no .symtab), so a static "
                    + "function of \(stripped > 1 ? "theirs" : "its") cannot be found by name."
            }
            return text
        case .noFunctionInFile(let symbol, let file, let name, let places):
            return "Cannot interpose \(symbol): no source file \(file) defines a function \(name) in the symbol tables; "
                + "\(name) is defined in \(places.joined(separator: "; ")). Name one of those files, or \(name) alone when it "
                + "is the only one."
        case .ambiguousFunction(let symbol, let places, let example):
            let how = example.map { "Name the source file before the function, as in interpose(\"\($0)\", as: ...)." }
                ?? "Rename one, or make the one you mean non-static."
            return "Cannot interpose \(symbol): \(places.count) functions are named so (\(places.joined(separator: "; "))), "
                + "static functions of different source files, and the name alone does not say which. " + how
        case .usedByImpostorEntry(let symbol, let library?, let dataReferences):
            // The library was named, so advising a library scope would send the user in a circle.
            let how = dataReferences > 0
                ? "\(library) calls \(symbol) through no GOT slot but through its address kept in its own data, which the "
                    + "dynamic linker wrote there at load time (as `static json_malloc_t do_malloc = malloc;` does). Only"
                : "\(library) has no GOT slot for \(symbol), so only"
            return "Cannot interpose \(symbol) in \(library): \(how) "
                + "patching \(symbol)'s entry would reach its calls, and that would catch Impostor's own calls too (it calls "
                + "\(symbol) while routing and answering interposed calls). If \(library) takes the function as a hook "
                + "(json_set_alloc_funcs, sqlite3_config), hand it a mock made with mockFunction instead."
        case .usedByImpostorEntry(let symbol, nil, _):
            return "Cannot interpose \(symbol): no GOT slot carries the calls asked for, and patching its entry would catch "
                + "Impostor's own calls too (it calls \(symbol) while routing and answering interposed calls). Scope it to a "
                + "library that calls it through its GOT, as in interpose(\"\(symbol)\", as: ..., in: \"libsqlite3\")."
        case .notVariadicForm(let symbol, let type, let problem):
            let why = switch problem {
            case .noVaList: "its last parameter is not an OpaquePointer?, the va_list's address"
            case .argumentNotInRegisters(let position, let argument):
                "parameter \(position) has type \(argument), which is not passed in one register, so where the variable "
                    + "arguments start cannot be told"
            case .resultNotInRegisters(let result): "it returns \(result), which does not come back in registers"
            case .tooManyFixed(let general):
                "its \(general) fixed integer and pointer arguments leave no register for the va_list's address"
            }
            return "Cannot interpose \(symbol) as variadic: \(type) is not the va_list form of a variadic function: \(why). "
                + "Declare the fixed arguments, then the va_list as an OpaquePointer?, as in: "
                + "@convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, OpaquePointer?) -> Int32."
        case .variadicMismatch(let symbol, let installedAsVariadic):
            return installedAsVariadic
                ? "Cannot interpose \(symbol) with fixed arguments: another interposition of it, still installed, answers "
                    + "it in its va_list form (interpose(_:asVariadic:)), and one symbol's calls take one form at a time. "
                    + "Use asVariadic: here too, or release the other first."
                : "Cannot interpose \(symbol) as variadic: another interposition of it, still installed, answers it with "
                    + "fixed arguments (interpose(_:as:)), and one symbol's calls take one form at a time. Release it first, "
                    + "or give both the same form."
        case .variadicUnavailable(let symbol, let architecture):
            return "Cannot interpose \(symbol) as variadic: building a va_list from a call's registers is written for "
                + "x86-64 only, and this is \(architecture). Interpose it with its fixed arguments only (interpose(_:as:))."
        case .entryRefused(let symbol, let object, let isStatic, let outcome):
            let what = "Cannot interpose \(symbol): its calls need its entry patched (\(isStatic ? "a static function" : "a function") "
                + "of \(object), called directly), but "
            return what + entryProblem(outcome, symbol: symbol)
        case .renamed(let symbol, let scope, let names):
            let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return "Cannot interpose \(symbol): no GOT slot for it in \(within(scope)), but one for \(list): the C headers "
                + "renamed the calls (large-file, fortified or C99 variants). Interpose \(list) instead."
        case .sanitizer(let symbol, let runtime, let librarySlots):
            let prefix = "\(runtime)'s runtime, linked into the main executable, intercepts \(symbol), so the executable's "
                + "own calls go straight to the interceptor and cannot be rebound."
            if librarySlots == 0 {
                return "Cannot interpose \(symbol): " + prefix + " No shared library in scope calls it either. "
                    + "Run the test without the sanitizer, or interpose a symbol the sanitizer does not intercept."
            }
            return "Interposed \(symbol) only for shared libraries' calls: " + prefix + " Interpose it with "
                + "in: .sharedLibraries (or one library) to say so, or run the test without the sanitizer."
        case .sanitizerTakesLibraryCalls(let symbol, let runtime, let scope):
            return "Cannot interpose \(symbol) in \(within(scope)): \(runtime)'s runtime, linked into the main executable, "
                + "intercepts \(symbol), and the dynamic linker resolved the calls of \(within(scope)) (its GOT slots and the "
                + "pointers it takes at load time, as SQLite's table of system calls) to that interceptor, which calls the real "
                + "\(symbol) itself: patching the real function would see every call come from the sanitizer, so none could be "
                + "told to be \(within(scope))'s. Run this test without the sanitizer, or interpose a symbol it does not intercept."
        case .noOriginal(let symbol, let object):
            return "Cannot interpose \(symbol): its slot in \(object) is not bound yet (lazy binding: it holds a PLT stub, "
                + "which must never be called as the original), and dlsym cannot find \(symbol) to take the real one from. "
                + "Load the library that defines it with RTLD_GLOBAL, or call the function once before interposing."
        case .canonicalPLT(let symbol):
            return "Interposed \(symbol) in a non-PIE executable that exports a canonical PLT entry for it: every library's "
                + "pointer to \(symbol) leads through the executable's slot, so the mock may answer calls from objects "
                + "outside the scope asked for. Build the executable as PIE (-fPIE -pie), Swift's default."
        case .protectionRefused(let symbol, let object, let error):
            return "Cannot interpose \(symbol): mprotect refused to make the read-only (RELRO) page holding its GOT slot in "
                + "\(object) writable (\(errorName(error))), so nothing was rebound. A security policy (SELinux, a seccomp "
                + "filter) may forbid it: run the test where mprotect is allowed."
        case .unsupportedArchitecture(let symbol, let architecture):
            return "Cannot interpose \(symbol): rebinding C symbols is built for Linux on x86-64 and arm64 only, and this is "
                + "\(architecture). Hand the code under test a mock through a function pointer it takes (mockFunction), or run "
                + "this test on x86-64 or arm64."
        }
    }

    /// Why an entry cannot be patched, after "but".
    private static func entryProblem(_ outcome: EntryCode.Outcome, symbol: String) -> String {
        switch outcome {
        case .done, .changed:
            return "its first bytes changed since Impostor read them (another tool patched them): it was left as it is."
        case .unavailable:
            return "patching entries is built for x86-64 only, and this is \(MachineArchitecture.name). Call it through a "
                + "function pointer the code under test takes (mockFunction) instead."
        case .notCode:
            return "its address lies in no executable segment of a loaded object."
        case .undecodable(let offset):
            return "capstone cannot decode its instruction at byte \(offset), so its first instructions cannot be copied to "
                + "run as the original."
        case .tooShort(let size):
            return "it is \(size) bytes long, shorter than the 5-byte jump a patch writes: the jump would overwrite the "
                + "function after it. Interpose the function that calls it instead, or hand the code under test a "
                + "mockFunction pointer where it takes one."
        case .branchIntoPatch(let offset):
            return "its instruction at byte \(offset) jumps into its first 5 bytes, which the patch replaces with a jump: "
                + "that branch would land inside it."
        case .unrelocatable(let offset):
            return "its instruction at byte \(offset) cannot run from the copy that serves as the original (a loop or "
                + "jrcxz instruction, or an operand out of a 32-bit displacement's reach)."
        case .noNearPage(let error):
            return "no page could be mapped within 1 GiB of it for the jump's landing (\(errorName(error)))."
        case .writeRefused(let error):
            return "the kernel refused to write its code through /proc/self/mem (\(errorName(error))); a security policy "
                + "(a seccomp filter, proc_mem.force_override=never) may forbid it."
        case .threadInside(let thread):
            return "thread \(thread) was still inside its first instructions a second after the patch began (stopped "
                + "there, or in a signal handler): the entry was put back as it was."
        case .dispatcherTaken:
            return "its dispatcher was prepared for another function of the same name (an object loaded again elsewhere)."
        }
    }

    static func interposeNotAFunction(_ type: String) -> String {
        "Cannot interpose a value of type \(type): interpose(_:) takes a C function, as its @convention(c) type "
            + "(interpose(parse_header as ParseHeader)). Pass the function's name instead: interpose(\"parse_header\", as: ...)."
    }

    static func interposeNameless(address: UInt) -> String {
        "Cannot interpose the function at 0x\(String(address, radix: 16)): no symbol table names a function starting "
            + "there (a pointer made at run time, or a stripped object's static function), so it cannot be found by "
            + "name. Interpose it by name, or hand the code under test a mockFunction pointer where it takes one."
    }

    static func entryChanged(symbol: String, object: String) -> String {
        "Could not restore the entry of \(symbol) in \(object): its first bytes no longer hold Impostor's jump, so "
            + "something else rewrote them while the mock was installed. They were left as they are."
    }

    static func interpositionSlotChanged(symbol: String, object: String, found: UInt) -> String {
        "Could not restore \(symbol)'s GOT slot in \(object): it holds 0x\(String(found, radix: 16)) now, not Impostor's "
            + "dispatcher, so something else rebound it while the mock was installed. It was left as it is."
    }

    static func interpositionRestoreRefused(symbol: String, object: String, errno error: Int32) -> String {
        "Could not restore \(symbol)'s GOT slot in \(object): mprotect refused to make its read-only page writable "
            + "(\(errorName(error))). Its calls still reach Impostor's dispatcher, which passes them to the original."
    }

    static func originalOfOrdinaryMock(_ name: String) -> String {
        "original(of:) was given \(name), which is not a mock made by interpose(...): only an interposed C symbol has an original."
    }

    static func callingOriginalOfOrdinaryMock(_ name: String) -> String {
        "callingOriginal() was given a prototype of \(name), which is not a mock made by interpose(...): only an interposed "
            + "C symbol has an original to call. The stub was not added."
    }

    /// Where a scope looks, after "in": `any loaded object`, `the main executable`, `libsqlite3`.
    private static func within(_ scope: InterpositionScope) -> String {
        scope == .allObjects ? "any loaded object" : scope.description
    }

    /// `errno 13, EACCES` for the errors mprotect returns, else `errno N`.
    private static func errorName(_ error: Int32) -> String {
        let names: [Int32: String] = [
            EACCES: "EACCES", EPERM: "EPERM", ENOMEM: "ENOMEM", EINVAL: "EINVAL", EIO: "EIO", ENOENT: "ENOENT",
        ]
        return names[error].map { "errno \(error), \($0)" } ?? "errno \(error)"
    }
}
