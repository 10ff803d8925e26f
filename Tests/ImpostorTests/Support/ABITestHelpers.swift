import CImpostorTestSupport
import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Helpers shared by the ABI suites: make a mock, let a C caller from CImpostorTestSupport call
// it once, and hand back the one recorded call for field-by-field checks.

/// Makes a mock of `F`, lets `caller` (C code that calls it once and returns 1 when it got
/// back the value it expected) use it, and returns the single call the mock recorded.
func callOnce<F>(
    _ type: F.Type, named name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    through caller: (F) -> Int32
) throws -> Invocation {
    let mock = mockFunction(of: type, named: name)
    #expect(caller(mock) == 1, "the C caller got back a different value than expected", sourceLocation: sourceLocation)
    let calls = invocations(of: mock)
    try #require(calls.count == 1, "expected exactly one recorded call", sourceLocation: sourceLocation)
    #expect(calls[0].mockName == name, sourceLocation: sourceLocation)
    #expect(calls[0].thread == CallingThread.current, "called from this thread", sourceLocation: sourceLocation)
    return calls[0]
}

/// The all-zero value of a trivial C type: what an unstubbed mock returns. (Not constrained
/// to BitwiseCopyable: Swift does not infer it for C unions and structs with bitfields.)
func zeroValue<T>(of type: T.Type = T.self) -> T {
    withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
        let raw = UnsafeMutableRawPointer(slot.baseAddress!)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        return raw.load(as: T.self)
    }
}

/// The elements of a homogeneous tuple (an imported C array), in order.
func elements<Tuple, Element: SendableMetatype>(of tuple: Tuple, as type: Element.Type) -> [Element] {
    precondition(MemoryLayout<Tuple>.size % MemoryLayout<Element>.stride == 0)
    return withUnsafeBytes(of: tuple) { Array($0.bindMemory(to: Element.self)) }
}

/// The elements of a homogeneous tuple, for field lists compared with `==`.
func fields<Tuple, Element: Hashable & SendableMetatype>(of tuple: Tuple, as type: Element.Type) -> [AnyHashable] {
    elements(of: tuple, as: type).map(AnyHashable.init)
}

/// A pointer with the given address, for comparing recorded pointer arguments.
func address(_ bits: UInt) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(bitPattern: bits)
}

/// The address a C function pointer (or nil) holds.
func address<F>(ofFunction function: F) -> UInt {
    precondition(MemoryLayout<F>.size == MemoryLayout<UInt>.size)
    return unsafeBitCast(function, to: UInt.self)
}

/// True when this process was run with `IMPOSTOR_TRAMPOLINE=libffi`, which makes every mock a
/// libffi closure.
let libffiPathForced = getenv("IMPOSTOR_TRAMPOLINE").map { String(cString: $0) } == "libffi"

/// Checks which entry point `mock` is: on Linux x86-64 a static trampoline when its signature is
/// covered by the static path and the process does not force libffi, and otherwise not one.
/// Read from the outside: the stub's bytes and the mapping that holds them.
func expectEntryPath<F>(of mock: F, coveredByStaticPath covered: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    #if arch(x86_64) && os(Linux)
    let expected = covered && !libffiPathForced
    // Sound: F is a C function pointer type, one word holding the code address.
    let code = unsafeBitCast(mock, to: UnsafeRawPointer.self)
    #expect(
        (ct_is_static_trampoline(code) == 1) == expected,
        "expected \(expected ? "a static trampoline" : "a libffi closure") for \(F.self)", sourceLocation: sourceLocation)
    #endif
}
