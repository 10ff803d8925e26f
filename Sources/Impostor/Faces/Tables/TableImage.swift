/// The bytes of a method table while its function-pointer fields are written in: the template
/// the user passed, or zero, with a mock stored at each member's offset.
struct TableImage<Table> {
    private(set) var value: Table

    init(template: Table?) {
        if let template {
            value = template
        } else {
            value = withUnsafeTemporaryAllocation(of: Table.self, capacity: 1) { buffer in
                // Sound: only made for plain-data types (TableLayout checks `_isPOD`), which
                // hold no references to count, so all-zero bytes are a value that can be
                // copied and dropped; it is what a C `= {0}` gives.
                let raw = UnsafeMutableRawBufferPointer(buffer)
                raw.initializeMemory(as: UInt8.self, repeating: 0)
                return raw.baseAddress!.load(as: Table.self)
            }
        }
    }

    /// Stores `function`, a C function pointer (or an Optional of one), at `offset`.
    mutating func write<Function>(_ function: Function, at offset: Int) {
        precondition(TypeMetadata.isFunctionPointer(Function.self))
        withUnsafeMutableBytes(of: &value) { bytes in
            // Sound: `offset` is where reflection placed a field of type `Function` in `Table`
            // (see TableLayout), so the store stays inside the value, is aligned, and writes a
            // value of the field's own type; function types hold no references to count.
            bytes.storeBytes(of: function, toByteOffset: offset, as: Function.self)
        }
    }
}
