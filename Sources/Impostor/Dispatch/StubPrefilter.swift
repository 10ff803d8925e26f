/// One argument's bits that a stub's pattern requires (a literal or `eq` of an integer,
/// pointer or enum), checked before the stub itself: a call past eleven stubs that differ in
/// one literal skips ten of them with one comparison each, or with one test of a run's
/// summary (see ``StubTable``). A Swift member's stubs sit in the same table, with prefilters
/// that name an argument by its byte offset in the arguments' tuple (see ``ArgumentAddressing``).
struct StubPrefilter {
    /// The argument's position (its index in a C call's frame, its byte offset in a Swift
    /// call's arguments); -1 when the pattern has no such test.
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

    /// False only when the call whose arguments `call` locates cannot match the stub.
    @inline(__always)
    func admits<Call: ArgumentAddressing>(_ call: Call) -> Bool {
        argument < 0 || ArgumentView(address: call.address(ofArgument: Int(argument))).hasBits(bits, size: Int(size))
    }

    /// True when `other` tests the same argument at the same size, so that one summary of
    /// both's bits can turn a call away from both.
    func sharesArgument(with other: StubPrefilter) -> Bool {
        argument >= 0 && argument == other.argument && size == other.size
    }

    /// The bit this prefilter's value sets in a summary of several (a multiplicative hash of
    /// the value to one of 64 bits).
    var summaryBit: UInt64 { Self.summaryBit(of: bits) }

    /// The run a new entry with this prefilter ends, given the entry just older than it that
    /// the scan steps to next (nil at the start of a chunk or a table): that entry's run
    /// extended, with this value's bit added to its summary, when both test the same
    /// argument; else a run of one.
    func run(after previous: (prefilter: StubPrefilter, run: Int, summary: UInt64)?) -> (run: Int, summary: UInt64) {
        guard let previous, sharesArgument(with: previous.prefilter) else { return (1, summaryBit) }
        return (previous.run + 1, previous.summary | summaryBit)
    }

    /// False only when the call's argument equals none of the values whose bits `summary`
    /// holds. For a prefilter that tests an argument.
    @inline(__always)
    func summaryAdmits<Call: ArgumentAddressing>(_ summary: UInt64, _ call: Call) -> Bool {
        let address = call.address(ofArgument: Int(argument))
        return summary & Self.summaryBit(of: ArgumentView(address: address).zeroExtendedBits(size: Int(size))) != 0
    }

    @inline(__always)
    private static func summaryBit(of value: UInt64) -> UInt64 {
        1 &<< ((value &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }
}
