import CBenchmarkSupport
import Impostor

/// Rows 12a to 12d: one call of a Swift protocol member, made by a Swift loop through an
/// existential, to a hand-written fake, to an Impostor `Mock` and to a mock in the shape
/// `@Mockable` generates, measured in the same run.
/// The loop is Swift's, not C's, so row 2 is no baseline here: 12b and 12c are reported as
/// ratios to the fake (12a), which is what a test gives up by not writing its fake by hand.
enum SwiftMockRows {
    /// The protocol the rows call through, as code under test would.
    protocol Adder: AnyObject {
        func add(_ a: Int32, _ b: Int32) -> Int32
    }

    /// A hand-written fake: the member calls a closure property the test sets.
    final class FakeAdder: Adder {
        var onAdd: (Int32, Int32) -> Int32 = { $0 &+ $1 }
        func add(_ a: Int32, _ b: Int32) -> Int32 { onAdd(a, b) }
    }

    /// The same protocol mocked with Impostor, MockingKit-style.
    final class MockAdder: Mock, Adder {
        lazy var addRef = MockReference(add)
        func add(_ a: Int32, _ b: Int32) -> Int32 { call(addRef, args: a, b) }
    }

    /// The shape `@Mockable` generates (written out here, so that the benchmark product never
    /// builds swift-syntax): one key object per requirement, made once beside the mock, and
    /// members in an extension of the protocol for `Mocking` types, each reaching its reference
    /// by its key on every call. The protocol is `Adder` under another name, so that
    /// `MockAdder` does not get the extension's members.
    protocol GeneratedShapeAdderProtocol: Adder {}

    final class GeneratedShapeAdder: Mock, GeneratedShapeAdderProtocol, @unchecked Sendable {}

    /// The keys `@Mockable` writes beside the mock (`_MockKeys_Adder`).
    enum GeneratedShapeKeys {
        static let key_add = _MockMemberKey(named: "add(_:_:)")
    }

    static func measure(into report: Report) {
        let plan = report.plan

        report.measure("12", "Swift protocol mock") {
            let fake = FakeAdder()
            let fakeMeasurement = Sampler.perCall(plan, expecting: Call.sum) { loop(fake, $0) }
            let fakeMedian = fakeMeasurement.statistics.median
            report.add(CallRows.row("12a", "Swift: hand-written fake (closure property)", fakeMeasurement,
                                    notes: ["final class with var onAdd: (Int32, Int32) -> Int32, called through any Adder "
                                            + "from a Swift loop; 12b and 12c are ratios to this row"]))

            let mockery = Mockery("row 12")
            let unstubbed = mockery.withCurrent { MockAdder() }
            let unstubbedMeasurement = Sampler.perCall(plan, expecting: 0) { count in
                unstubbed.resetCalls()   // untimed: keeps the log from growing across samples
                return loop(unstubbed, count)
            }
            report.add(CallRows.row("12b", "Swift: Mock, unstubbed (record only)", unstubbedMeasurement,
                                    notes: [ratio(unstubbedMeasurement, to: fakeMedian)
                                            + "; call(addRef, args: a, b) records each call, returns 0 (Int32's default)"]))

            let stubbed = mockery.withCurrent { MockAdder() }
            stub(stubbed.addRef, any(), any()).with { (a: Int32, b: Int32) in a &+ b }
            let stubbedMeasurement = Sampler.perCall(plan, expecting: Call.sum) { count in
                stubbed.resetCalls()
                return loop(stubbed, count)
            }
            report.add(CallRows.row("12c", "Swift: Mock, one stub, with { } block", stubbedMeasurement,
                                    notes: [ratio(stubbedMeasurement, to: fakeMedian)
                                            + "; stub(addRef, any(), any()).with { (a: Int32, b: Int32) in a &+ b }; records each call"]))

            let generated = mockery.withCurrent { GeneratedShapeAdder() }
            let reference = generated._mockReference(GeneratedShapeKeys.key_add, as: MockReference<Int32, Int32, Int32, Never>.self)
            stub(reference, any(), any()).with { (a: Int32, b: Int32) in a &+ b }
            let generatedMeasurement = Sampler.perCall(plan, expecting: Call.sum) { count in
                generated.resetCalls()
                return loop(generated, count)
            }
            let stubbedMedian = stubbedMeasurement.statistics.median
            let overStubbed = stubbedMedian > 0 ? generatedMeasurement.statistics.median / stubbedMedian : nil
            report.add(CallRows.row("12d", "Swift: @Mockable's shape, one stub, with { } block", generatedMeasurement,
                                    target: .ratio(overStubbed, atMost: 1.1, of: "row 12c"),
                                    notes: [ratio(generatedMeasurement, to: fakeMedian) + "; "
                                            + (overStubbed.map { "\(Format.ratio($0)) row 12c" } ?? "— × row 12c")
                                            + " (the final goal is ≤1.05×); as 12c, with the reference reached through "
                                            + "its key object on each call, as generated code does"]))
        }
    }

    /// `add(3, 5)` `count` times through the existential, timed, with the sum of the results.
    @inline(never)
    static func loop(_ adder: any Adder, _ count: UInt64) -> bench_loop_result {
        var sum = 0.0
        let start = bench_now_ns()
        for _ in 0..<count { sum += Double(adder.add(Call.a, Call.b)) }
        return bench_loop_result(elapsed_ns: bench_now_ns() - start, checksum: sum)
    }

    /// "38.2× row 12a".
    static func ratio(_ measurement: LoopMeasurement, to fake: Double) -> String {
        guard fake > 0 else { return "— × row 12a" }
        return "\(Format.ratio(measurement.statistics.median / fake)) row 12a"
    }
}

extension SwiftMockRows.GeneratedShapeAdderProtocol where Self: Mocking & Sendable {
    func add(_ a: Int32, _ b: Int32) -> Int32 {
        self.call(
            self._mockReference(SwiftMockRows.GeneratedShapeKeys.key_add, as: MockReference<Int32, Int32, Int32, Never>.self),
            args: a, b)
    }
}
