/// A variadic C function's va_list form, as a mock type gives it: the fixed arguments, then the
/// va_list's address as an `OpaquePointer?` (`snprintf` as `(buffer, size, format, OpaquePointer?)
/// -> Int32`; Swift cannot put `CVaListPointer` in a `@convention(c)` type). Kept as the
/// registers the fixed arguments take, which say where the va_list starts.
struct VariadicForm: Equatable, Sendable {
    /// General registers the fixed arguments take (integers and pointers): 0 to 5, the va_list's
    /// address going in the next.
    let general: Int
    /// Vector registers the fixed arguments take (float and double): 0 to 8.
    let vector: Int

    /// Both counts, as the interposition door marks a symbol with them.
    var registers: (general: Int, vector: Int) { (general, vector) }

    /// The form of the function type `type`, or why it is none.
    static func of(_ type: Any.Type, symbol: String) -> Result<VariadicForm, InterpositionError> {
        let signature: Signature
        do throws(MockCreationError) { signature = try SignatureCache.signature(of: type) } catch {
            return .failure(InterpositionError(.cannotMock(symbol: symbol, error)))
        }
        func refuse(_ problem: VariadicProblem) -> Result<VariadicForm, InterpositionError> {
            .failure(InterpositionError(.notVariadicForm(symbol: symbol, type: signature.typeName, problem)))
        }
        guard let last = signature.parameters.last, last.swiftType == Optional<OpaquePointer>.self || last.swiftType == OpaquePointer.self
        else { return refuse(.noVaList) }
        var general = 0, vector = 0
        for (position, parameter) in signature.parameters.dropLast().enumerated() {
            switch parameter.representation {
            case .signedInteger, .unsignedInteger, .bool, .pointer: general += 1
            case .float, .double: vector += 1
            case .longDouble, .structure: return refuse(.argumentNotInRegisters(position: position + 1, type: parameter.name))
            }
        }
        if let result = signature.result, result.representation == .longDouble || result.size > 16 {
            return refuse(.resultNotInRegisters(type: result.name))
        }
        if general > 5 { return refuse(.tooManyFixed(general: general)) }
        if vector > 8 { return refuse(.tooManyFixed(general: general)) }
        return .success(VariadicForm(general: general, vector: vector))
    }
}

/// Why a mock type is not a variadic function's va_list form.
enum VariadicProblem: Sendable, Equatable {
    /// Its last parameter is not an `OpaquePointer?` (the va_list's address).
    case noVaList
    /// A fixed argument that is not passed in one register (a struct, a `long double`).
    case argumentNotInRegisters(position: Int, type: String)
    /// A result returned in memory or on the x87 stack.
    case resultNotInRegisters(type: String)
    /// More fixed arguments than the registers before the va_list's own.
    case tooManyFixed(general: Int)
}

extension InterposedSymbol {
    /// Unmarks the va_list form once no layer is left, after the route went back to the
    /// original: a call in flight through the va_list routine already has its mock and form.
    func dropVariadicFormIfInactive() {
        guard !isActive, variadic != nil else { return }
        variadic = nil
        GOT.markVariadic(index, registers: nil)
    }
}

/// The va_list a mock of a variadic function's va_list form receives as its last argument, as
/// Swift's `v` functions take it: `vsnprintf(buffer, size, format, vaList(arguments))`.
///
/// Valid only while the mock answers the call it came with.
public func vaList(_ arguments: OpaquePointer?) -> CVaListPointer {
    // Sound on x86-64 System V, the only machine the va_list form is built for: a va_list is a
    // pointer to the record the routine built (variadic.c), which Swift's CVaListPointer wraps.
    CVaListPointer(_fromUnsafeMutablePointer: UnsafeMutableRawPointer(arguments!))
}
