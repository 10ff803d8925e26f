/// What one mock copies from its pointer arguments on every call: a ``CaptureRule`` per
/// parameter, decided once when the mock is created.
final class CapturePlan: Sendable {
    /// One rule per parameter.
    let rules: [CaptureRule]
    /// The parameters that copy something, in order: a call's captures come in this order.
    let capturing: [Int]
    /// For each parameter, its place in `capturing`, or -1.
    let capturePlaces: [Int]
    /// For each parameter, true when the default could not tell a C string from a (buffer,
    /// length) pair (`const char *` or `const unsigned char *` next to an `int`, or with a
    /// `size_t` further on): its safe copy serves `Invocation`, but a matcher reading text
    /// through it must wait for a `capturing:` declaration.
    let undecided: [Bool]

    init(rules: [CaptureRule], undecided: [Bool]? = nil) {
        self.rules = rules
        self.undecided = undecided ?? [Bool](repeating: false, count: rules.count)
        capturing = rules.indices.filter { rules[$0] != .none }
        var capturePlaces = [Int](repeating: -1, count: rules.count)
        for (place, parameter) in capturing.enumerated() { capturePlaces[parameter] = place }
        self.capturePlaces = capturePlaces
        // Once, before the first call that reads through a pointer: not on the per-call path.
        if !capturing.isEmpty { GuardedRead.prepare() }
    }

    /// True when calls copy nothing: the per-call path skips capturing altogether.
    var isEmpty: Bool { capturing.isEmpty }

    /// Copies, for each capturing parameter in order, what its rule says (nil for NULL).
    func capture(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> [CapturedMemory?] {
        capturing.map { index in
            // Sound: libffi passes one pointer per parameter; capturing parameters are pointers.
            guard let pointer = UnsafeRawPointer(arguments[index].unsafelyUnwrapped).loadUnaligned(as: UnsafeRawPointer?.self)
            else { return nil }
            // A pointer that cannot point into user memory (a small integer, a matcher's
            // non-canonical placeholder, a kernel address) is never dereferenced.
            let address = UInt(bitPattern: pointer)
            guard address >= 4096, address < CaptureRule.userSpaceEnd else { return .unreadable(at: address) }
            return rules[index].capture(from: pointer, arguments: arguments)
        }
    }

    /// What is known of parameter `index`'s memory, from a call's captures in plan order.
    func argument(_ index: Int, in captures: UnsafeBufferPointer<CapturedMemory?>) -> CapturedArgument {
        let place = capturePlaces[index]
        guard place >= 0, place < captures.count else { return .notCaptured }
        guard let memory = captures[place] else { return .null }
        if memory.isUnreadable { return .unreadable(address: memory.unreadableAddress) }
        return memory.wasRead ? .memory(memory) : .notRead
    }

    /// Every parameter's capture, from a call's captures in plan order.
    func arguments(_ captures: [CapturedMemory?]) -> [CapturedArgument] {
        captures.withUnsafeBufferPointer { buffer in rules.indices.map { argument($0, in: buffer) } }
    }
}

extension CapturePlan {
    /// The rules a function type gets when nothing is declared (see ``PointerCapture``).
    static func defaults(for parameters: [CValueType]) -> CapturePlan {
        CapturePlan(
            rules: parameters.indices.map { defaultRule(at: $0, of: parameters) },
            undecided: parameters.indices.map { isUndecided(at: $0, of: parameters) })
    }

    /// `const char *` or `const unsigned char *` followed by an integer that is not a `size_t`:
    /// `lookup(key, fallback)` and expat's `(s, len)` look alike, and so do libxml2's
    /// `(const xmlChar *URI, int nb_namespaces)` and `(const xmlChar *ch, int len)`. Or one
    /// followed by something else, with a `size_t` further on: `(const char *data, void *ctx,
    /// size_t len)` and `(const char *key, void *value, size_t index)` look alike too.
    private static func isUndecided(at index: Int, of parameters: [CValueType]) -> Bool {
        guard case .text(isMutable: false, _) = parameters[index].pointer else { return false }
        if index + 1 < parameters.count, isInteger(parameters[index + 1]) { return !isLength(parameters[index + 1]) }
        return laterLength(after: index, in: parameters) != nil
    }

    /// The first `size_t`, `ssize_t` or `long` parameter after `index + 1`: a length that may
    /// belong to the pointer at `index` though it is not next to it.
    private static func laterLength(after index: Int, in parameters: [CValueType]) -> Int? {
        parameters.indices.dropFirst(index + 2).first { isLength(parameters[$0]) }
    }

    private static func defaultRule(at index: Int, of parameters: [CValueType]) -> CaptureRule {
        let next = index + 1 < parameters.count ? parameters[index + 1] : nil
        let length = next.flatMap { isLength($0) ? lengthArgument(index + 1, $0) : nil }
        let integer = next.flatMap { isInteger($0) ? lengthArgument(index + 1, $0) : nil }
        let later = laterLength(after: index, in: parameters).map { lengthArgument($0, parameters[$0]) }
        switch parameters[index].pointer {
        case .text(isMutable: false, isUnsigned: false):
            // `const char *` is a C string by convention, and a buffer when a `size_t` follows
            // (write, fwrite, fopencookie). Next to another integer, or with a `size_t` further
            // on (`(const char *data, void *ctx, size_t len)`), it may be either; stopping at
            // whichever of the NUL and that integer comes first never reads past either.
            if let length { return .buffer(count: length, times: nil, elementSize: 1) }
            return (integer ?? later).map(CaptureRule.textUpTo) ?? .cString
        case .text(isMutable: false, isUnsigned: true):
            // `const unsigned char *` with a `size_t` is binary data (`const uint8_t *data`);
            // with an `int` it is libxml2's (text, length) pair; with a `size_t` further on,
            // either, as for `const char *`.
            if let length { return .buffer(count: length, times: nil, elementSize: 1) }
            return (integer ?? later).map(CaptureRule.textUpTo) ?? .cString
        case .raw(isMutable: false):
            return length.map { .buffer(count: $0, times: nil, elementSize: 1) } ?? .none
        case .typed(let pointee, let isMutable) where pointee.isTrivial && pointee.size > 0:
            // Input arrays come as (const T *, size_t count); a mutable `T *` followed by a
            // size is as often a handle next to an unrelated size (libuv's alloc callback).
            if let length, !isMutable { return .buffer(count: length, times: nil, elementSize: pointee.stride) }
            return pointee.size <= 256 ? .bytes(pointee.size) : .none
        default:
            return .none
        }
    }

    /// The plan with `declarations` (parameter position → what to copy) over the defaults;
    /// each declaration that does not fit the function type is left out and named in the
    /// problems.
    static func declared(
        _ declarations: [Int: PointerCapture], over parameters: [CValueType]
    ) -> (plan: CapturePlan, problems: [CaptureProblem]) {
        let defaults = defaults(for: parameters)
        var rules = defaults.rules, undecided = defaults.undecided
        var problems: [CaptureProblem] = []
        for (index, capture) in declarations.sorted(by: { $0.key < $1.key }) {
            switch rule(for: capture, at: index, of: parameters) {
            case .success(let rule):
                rules[index] = rule
                undecided[index] = false
            case .failure(let problem):
                problems.append(problem)
            }
        }
        return (CapturePlan(rules: rules, undecided: undecided), problems)
    }

    private static func rule(for capture: PointerCapture, at index: Int, of parameters: [CValueType]) -> Result<CaptureRule, CaptureProblem> {
        guard parameters.indices.contains(index) else {
            return .failure(.positionOutOfRange(position: index, count: parameters.count, capture: capture))
        }
        let parameter = parameters[index]
        guard parameter.representation == .pointer else {
            return .failure(.notAPointer(position: index, type: parameter.name, capture: capture))
        }
        switch capture.kind {
        case .addressOnly:
            return .success(.none)
        case .cString:
            return .success(.cString)
        case .bytes(let count):
            guard count > 0, count <= PointerCapture.limit else { return .failure(.byteCountOutOfRange(position: index, count: count)) }
            return .success(.bytes(count))
        case .pointee:
            guard case .typed(let pointee, _) = parameter.pointer, pointee.isTrivial, pointee.size > 0 else {
                if case .text = parameter.pointer { return .success(.bytes(1)) }
                return .failure(.noPointeeType(position: index, type: parameter.name))
            }
            return .success(.bytes(min(pointee.size, PointerCapture.limit)))
        case .buffer(let count, let times):
            guard let elementSize = parameter.pointer.elementSize, parameter.pointer.hasTrivialElements else {
                return .failure(.noPointeeType(position: index, type: parameter.name))
            }
            var lengths: [CaptureRule.LengthArgument] = []
            for position in [count] + (times.map { [$0] } ?? []) {
                guard parameters.indices.contains(position), position != index, isInteger(parameters[position]) else {
                    let type = parameters.indices.contains(position) ? parameters[position].name : nil
                    return .failure(.lengthNotAnInteger(position: index, lengthPosition: position, lengthType: type, capture: capture))
                }
                lengths.append(lengthArgument(position, parameters[position]))
            }
            return .success(.buffer(count: lengths[0], times: lengths.count > 1 ? lengths[1] : nil, elementSize: elementSize))
        }
    }

    /// `size_t`, `ssize_t`, `long`: what a buffer's length is passed as.
    private static func isLength(_ parameter: CValueType) -> Bool {
        parameter.swiftType == Int.self || parameter.swiftType == UInt.self
    }

    /// A plain C integer (not a C enum, not `_Bool`).
    private static func isInteger(_ parameter: CValueType) -> Bool {
        guard let entry = CScalarTypes.entry(for: parameter.swiftType) else { return false }
        return entry.representation == .signedInteger || entry.representation == .unsignedInteger
    }

    private static func lengthArgument(_ index: Int, _ parameter: CValueType) -> CaptureRule.LengthArgument {
        CaptureRule.LengthArgument(index: index, size: parameter.size, isSigned: parameter.representation == .signedInteger)
    }
}

extension PointerShape {
    /// True when the elements are plain bytes that can be copied (always for `void *` and text).
    var hasTrivialElements: Bool {
        if case .typed(let pointee, _) = self { return pointee.isTrivial && pointee.size > 0 }
        return elementSize != nil
    }
}

/// Why a declared ``PointerCapture`` does not fit the mock's function type.
enum CaptureProblem: Error, Sendable, Equatable {
    case positionOutOfRange(position: Int, count: Int, capture: PointerCapture)
    case notAPointer(position: Int, type: String, capture: PointerCapture)
    case noPointeeType(position: Int, type: String)
    case lengthNotAnInteger(position: Int, lengthPosition: Int, lengthType: String?, capture: PointerCapture)
    case byteCountOutOfRange(position: Int, count: Int)
}

/// A call's captures, in plan order, seen per parameter. Valid while the call (or the record
/// batch) that holds them is alive.
struct CaptureView {
    /// Unowned: a plan lives as long as its mock's interceptor, which outlives every call.
    unowned(unsafe) let plan: CapturePlan
    let captures: UnsafeBufferPointer<CapturedMemory?>

    func argument(_ index: Int) -> CapturedArgument { plan.argument(index, in: captures) }
}

extension CaptureProblem {
    /// The position (from 0) of the parameter the declaration was for.
    var position: Int {
        switch self {
        case .positionOutOfRange(let position, _, _), .notAPointer(let position, _, _), .noPointeeType(let position, _),
             .lengthNotAnInteger(let position, _, _, _), .byteCountOutOfRange(let position, _):
            position
        }
    }
}
