/// Which of the calls a failing stub selects fail: the first, the third, every second, one in
/// twenty at random but reproducibly.
///
/// Calls are numbered from 1 over the calls the stub's matchers select (and that no newer stub
/// answers first). A call the schedule does not fail goes on as if the stub were not there.
///
/// ```swift
/// stub(write(any(), any(), any())).failing(.onCall(3), returning: -1, errno: ENOSPC)
/// stub(fsync(any())).failing(.every(2), returning: -1, errno: EIO)
/// stub(malloc(any())).failing(.probability(0.05, seed: 42), returning: nil)
/// ```
public struct FaultSchedule: Sendable, CustomStringConvertible {
    enum Rule: Sendable {
        case calls(Set<Int>)
        case every(Int)
        case after(Int)
        case always
        case probability(Double, seed: UInt64)
    }

    let rule: Rule

    /// Fails call `n` only (`.onCall(1)` is the first).
    public static func onCall(_ n: Int) -> FaultSchedule { FaultSchedule(rule: .calls([n])) }
    /// Fails each call whose number is in `numbers`.
    public static func onCalls(_ numbers: [Int]) -> FaultSchedule { FaultSchedule(rule: .calls(Set(numbers))) }
    /// Fails calls `n`, `2n`, `3n`, and so on.
    public static func every(_ n: Int) -> FaultSchedule { FaultSchedule(rule: .every(n)) }
    /// Fails the first call only.
    public static var once: FaultSchedule { .onCall(1) }
    /// Fails every call.
    public static var always: FaultSchedule { FaultSchedule(rule: .always) }
    /// Lets the first `n` calls through and fails every one after them.
    public static func after(_ n: Int) -> FaultSchedule { FaultSchedule(rule: .after(n)) }
    /// Fails each call with probability `p`, drawn from a generator seeded with `seed`: the same
    /// seed fails the same calls in every run.
    public static func probability(_ p: Double, seed: UInt64) -> FaultSchedule { FaultSchedule(rule: .probability(p, seed: seed)) }

    /// `.onCall(3)`, `.every(2)`, `.probability(0.05, seed: 42)`.
    public var description: String {
        switch rule {
        case .calls(let numbers) where numbers.count == 1: ".onCall(\(numbers.first!))"
        case .calls(let numbers): ".onCalls(\(numbers.sorted()))"
        case .every(let n): ".every(\(n))"
        case .after(let n): ".after(\(n))"
        case .always: ".always"
        case .probability(let p, let seed): ".probability(\(p), seed: \(seed))"
        }
    }

    /// Why the schedule can fail no call, for the misuse report; nil when it can.
    var problem: String? {
        switch rule {
        case .calls(let numbers) where numbers.isEmpty: "onCalls needs at least one call number"
        case .calls(let numbers): numbers.contains { $0 < 1 } ? "call numbers start at 1" : nil
        case .every(let n): n < 1 ? "every(n) needs n of at least 1" : nil
        case .after(let n): n < 0 ? "after(n) needs n of at least 0" : nil
        case .always: nil
        case .probability(let p, _): p.isNaN || p < 0 || p > 1 ? "a probability lies between 0 and 1" : nil
        }
    }
}

/// The running state of one schedule: how many calls it has seen and its random generator.
struct FaultCounter {
    private(set) var calls = 0
    private var random: UInt64

    init(_ schedule: FaultSchedule) {
        if case .probability(_, let seed) = schedule.rule { random = seed } else { random = 0 }
    }

    /// Counts one more call and says whether the schedule fails it.
    mutating func next(_ schedule: FaultSchedule) -> Bool {
        calls += 1
        switch schedule.rule {
        case .calls(let numbers): return numbers.contains(calls)
        case .every(let n): return calls % n == 0
        case .after(let n): return calls > n
        case .always: return true
        case .probability(let p, _):
            // SplitMix64: one draw per call, so the same seed fails the same calls.
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53) < p
        }
    }
}
