/// How the calls of an interposed C symbol reach its mock: through rebound GOT slots, or
/// through the function's patched entry.
///
/// `interpose` decides: GOT slots when the objects in scope call the function through them,
/// the patched entry when no slot carries the calls asked for (a function of the executable's
/// own C code, a library's function called from inside that library, a static function).
/// ``interpositionMethod(of:)`` tells which it chose.
public enum InterpositionMethod: Sendable, Equatable, CustomStringConvertible {
    /// GOT slots rebound in these objects (`the main executable`, or a file name): the calls
    /// those objects make by name reach the mock.
    case gotSlots(objects: [String])
    /// The function's first instructions replaced by a jump, in this object: every call reaches
    /// the mock, direct ones and those through function pointers taken earlier included.
    /// `isStatic` for a static function found by name in the object's symbol table.
    case entryPatch(object: String, isStatic: Bool)

    /// `GOT slots in libsqlite3.so.0 and the main executable`, or `the entry of a static function
    /// in the main executable, patched`.
    public var description: String {
        switch self {
        case .gotSlots(let objects):
            let list = objects.count <= 1 ? objects.joined() : objects.dropLast().joined(separator: ", ") + " and " + objects.last!
            return objects.isEmpty ? "GOT slots (none rebound now)" : "GOT slots in \(list)"
        case .entryPatch(let object, let isStatic):
            return "the entry of \(isStatic ? "a static function" : "the function") in \(object), patched"
        }
    }
}

/// How the calls of `mock`, made by ``interpose(_:as:in:answering:capturing:fileID:filePath:line:column:)``,
/// reach it now; nil for a mock `interpose` did not make, or one whose Mockery is released.
///
/// ```swift
/// let helper = interpose("parse_header", as: ParseHeader.self)
/// print(interpositionMethod(of: helper)!)   // the entry of the function in the main executable, patched
/// ```
public func interpositionMethod<F>(of mock: F) -> InterpositionMethod? {
    // A refused interposition's mock has a face but no dispatcher: no call reaches it.
    guard let face = MockRegistry.interceptor(of: mock)?.face as? InterposedSymbolFace, face.dispatcherIndex >= 0,
          let code = Trampoline.address(of: mock)
    else { return nil }
    return InterpositionRegistry.method(dispatcher: UInt32(face.dispatcherIndex), mockCode: code)
}
