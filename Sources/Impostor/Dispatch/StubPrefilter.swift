/// One argument's bits that a stub's pattern requires (a literal or `eq` of an integer,
/// pointer or enum), checked before the stub itself: a call past eleven stubs that differ in
/// one literal skips ten of them with one comparison each, or with one test of a run's
/// summary (see ``StubTable``).
struct StubPrefilter {
    /// The argument's position; -1 when the pattern has no such test.
    let argument: Int32
    let size: Int32
    /// The required bytes, zero-extended from `size` bytes.
    let bits: UInt64

    static let none = StubPrefilter(argument: -1, size: 0, bits: 0)

    init(argument: Int, size: Int, bits: UInt64) {
        self.argument = Int32(argument)
        self.size = Int32(size)
        self.bits = size >= 8 ? bits : bits & ((1 &<< UInt64(size &* 8)) &- 1)
    }

    /// False only when the call cannot match the stub.
    @inline(__always)
    func admits(_ frame: CallFrame) -> Bool {
        argument < 0 || ArgumentView(address: frame.argumentAddress(Int(argument))).hasBits(bits, size: Int(size))
    }

    /// True when `other` tests the same argument at the same size, so that one summary of
    /// both's bits can turn a call away from both.
    func sharesArgument(with other: StubPrefilter) -> Bool {
        argument >= 0 && argument == other.argument && size == other.size
    }

    /// The bit this prefilter's value sets in a summary of several (a multiplicative hash of
    /// the value to one of 64 bits).
    var summaryBit: UInt64 { Self.summaryBit(of: bits) }

    /// False only when the call's argument equals none of the values whose bits `summary`
    /// holds. For a prefilter that tests an argument.
    @inline(__always)
    func summaryAdmits(_ summary: UInt64, _ frame: CallFrame) -> Bool {
        let value = ArgumentView(address: frame.argumentAddress(Int(argument))).zeroExtendedBits(size: Int(size))
        return summary & Self.summaryBit(of: value) != 0
    }

    @inline(__always)
    private static func summaryBit(of value: UInt64) -> UInt64 {
        1 &<< ((value &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }
}
