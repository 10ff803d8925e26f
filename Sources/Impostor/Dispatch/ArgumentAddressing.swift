/// Where a call's arguments are, as a stub table's prefilters read them: a C call's frame
/// names an argument by its position, a Swift call's arguments' tuple by its byte offset.
/// A protocol, so that the table's scan is specialized for each and reads an argument with
/// no more than each needs (a frame's offset table, a tuple's base plus the offset).
protocol ArgumentAddressing {
    /// The address of the argument that a prefilter names by `position`.
    func address(ofArgument position: Int) -> UnsafeRawPointer
}

extension CallFrame: ArgumentAddressing {
    @inline(__always)
    func address(ofArgument position: Int) -> UnsafeRawPointer { argumentAddress(position) }
}

/// A Swift member's call as its stub table reads it: the arguments laid out as one tuple, an
/// argument named by its byte offset in it.
struct ArgumentTuple: ArgumentAddressing {
    let base: UnsafeRawPointer

    @inline(__always)
    func address(ofArgument offset: Int) -> UnsafeRawPointer { base + offset }
}
