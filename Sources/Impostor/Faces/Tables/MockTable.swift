/// Creates a method table in ``Mockery/current``: a struct whose every function-pointer field
/// is a mock, such as SQLite's `sqlite3_io_methods` or libxml2's `xmlSAXHandler`.
///
/// ```swift
/// var methods = sqlite3_io_methods()
/// methods.iVersion = 1
/// let io: sqlite3_io_methods = mockTable(named: "io", template: methods)
/// stub(io.xSectorSize!(any())).with { 4096 }
/// // hand &io to C; later:
/// verify(io.xSync!(any(), any()))
/// for call in invocations(of: io.xRead) { print(call) }    // io.xRead(0x…, 0x…, 100, 0) -> 0
/// ```
///
/// Every function-pointer field, optional or not, is an ordinary mock, named after the table
/// and the field's path: `"io.xRead"`; `"ops.inner.open"` in a nested struct;
/// `"ops.handlers[3]"` in a fixed-size C array, which Swift imports as a tuple. `stub`,
/// `verify`, `verifyInOrder`, `invocations(of:)` and the rest work on each field as on any mock.
///
/// Every other field is zero, or as `template` has it. The template's own function pointers are
/// replaced by mocks, except in the fields `keeping` lists by path, which keep the template's
/// (`keeping: ["xClose"]`: the real close function, its calls not recorded).
///
/// `capturing` declares, per field path, what to copy from pointer arguments when a call
/// arrives, as ``PointerCapture`` describes for ``mockFunction(of:named:capturing:fileID:filePath:line:column:)-4r3mp``:
/// `capturing: ["xWrite": [1: .buffer(count: 2)]]`.
///
/// Reported as failures at this line, the test going on: a `Table` that is not a struct of
/// function pointers; a field whose function type cannot be mocked (it gets a function pointer
/// that reports each call and returns zero); a `capturing` key or declaration that fits no
/// field (left out); a `keeping` path that names no function-pointer field, or `keeping` without
/// a template (those fields are mocked as the others); a `capturing` declaration for a kept
/// field (left out); and members that Swift's reflection cannot name (C unions, bitfields,
/// anonymous unions and structs), which could hide a function pointer: every field it can name
/// is mocked all the same, and `unnamedMembers: .keepBytes` accepts them (see
/// ``UnnamedMembers``). ``Mockery/makeMockTable(of:named:template:keeping:capturing:unnamedMembers:fileID:filePath:line:column:)``
/// throws instead.
public func mockTable<Table>(
    of type: Table.Type = Table.self, named name: String, template: Table? = nil, keeping: Set<String> = [],
    capturing: [String: [Int: PointerCapture]] = [:], unnamedMembers: UnnamedMembers = .fail,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> Table {
    Mockery.current.mockTable(
        of: type, named: name, template: template, keeping: keeping, capturing: capturing, unnamedMembers: unnamedMembers,
        fileID: fileID, filePath: filePath, line: line, column: column)
}
