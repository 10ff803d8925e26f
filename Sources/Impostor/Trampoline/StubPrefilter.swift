/// One argument's bits that a stub's pattern requires (a literal or `eq` of an integer,
/// pointer or enum), checked before the stub itself: a call past eleven stubs that differ in
/// one literal skips ten of them with one comparison each.
struct StubPrefilter {
    /// The argument's position; -1 when the pattern has no such test.
    let argument: Int
    let size: Int
    let bits: UInt64

    static let none = StubPrefilter(argument: -1, size: 0, bits: 0)

    /// False only when the call cannot match the stub.
    @inline(__always)
    func admits(_ frame: CallFrame) -> Bool {
        argument < 0 || ArgumentSlot(address: frame.argumentAddress(argument)).hasBits(bits, size: size)
    }
}
