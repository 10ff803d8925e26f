import CBenchmarkSupport

/// How long to warm up and how many samples to take.
struct SamplingPlan: Sendable {
    /// Time spent calling before the first sample, also used to size each sample.
    var warmupNanoseconds: UInt64
    /// Samples per per-call row.
    var samples: Int
    /// How long one sample of a per-call row lasts, roughly.
    var sampleNanoseconds: UInt64
    /// Samples of things timed one at a time (creating or releasing a mock).
    var singleShots: Int
    /// Fresh mocks timed over their first 10,000 calls (row 10).
    var freshMocks: Int
    /// True for `--quick`.
    var isQuick: Bool

    static let full = SamplingPlan(
        warmupNanoseconds: 200_000_000, samples: 600, sampleNanoseconds: 1_000_000,
        singleShots: 2_000, freshMocks: 60, isQuick: false)
    static let quick = SamplingPlan(
        warmupNanoseconds: 10_000_000, samples: 40, sampleNanoseconds: 250_000,
        singleShots: 200, freshMocks: 8, isQuick: true)
}

/// The median and 90th percentile of a set of samples.
struct Statistics: Sendable {
    let median: Double
    let p90: Double
    let count: Int

    /// Percentiles interpolate linearly between the two nearest sorted samples.
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = Self.percentile(0.5, of: sorted)
        p90 = Self.percentile(0.9, of: sorted)
    }

    private static func percentile(_ fraction: Double, of sorted: [Double]) -> Double {
        guard let last = sorted.indices.last else { return .nan }
        let position = fraction * Double(last)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, last)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }
}

/// A per-call cost measured by a C loop.
struct LoopMeasurement: Sendable {
    /// Nanoseconds per call.
    let statistics: Statistics
    /// Calls in each sample.
    let callsPerSample: UInt64
    /// False when some call returned something other than what the row expects: the figure
    /// then measures the wrong thing and is flagged.
    let resultsCorrect: Bool
    /// The baseline (row 2's loop), timed between this row's samples, when asked for.
    var baselineAlongside: Statistics? = nil
}

enum Sampler {
    /// Measures the cost of one call made by a C loop.
    ///
    /// `loop(n)` runs `n` iterations in C and returns their wall time and the sum of the
    /// results; each iteration makes `callsPerIteration` calls (one per thread in row 7),
    /// each expected to return `expected`. Warms up for `plan.warmupNanoseconds`, doubling
    /// the batch until one lasts about a sample, then takes `samples` samples of that size.
    ///
    /// With `alongside` (row 2's loop), each sample of the row is paired with a sample of the
    /// baseline of as many calls, taken just before or just after it (in turn), so that the
    /// row's ratio compares two loops timed under the same conditions. This machine's speed
    /// drifts by up to 2x over seconds; a baseline timed once, rows earlier, moved ratios with it.
    ///
    /// `beforeEach` runs untimed before every batch and sample: the call rows clear their
    /// mock's calls there, so that each sample records into the chunks the one before filled
    /// (see `CallRows.clearing`).
    static func perCall(
        _ plan: SamplingPlan, samples: Int? = nil, callsPerIteration: Double = 1, expecting expected: Double,
        alongside baseline: ((UInt64) -> bench_loop_result)? = nil, beforeEach: () -> Void = {},
        _ loop: (UInt64) -> bench_loop_result
    ) -> LoopMeasurement {
        var correct = true
        func run(_ iterations: UInt64) -> bench_loop_result {
            beforeEach()
            let result = loop(iterations)
            let calls = Double(iterations) * callsPerIteration
            if result.elapsed_ns == 0 || abs(result.checksum - calls * expected) > 1e-6 * max(1, abs(calls * expected)) {
                correct = false
            }
            return result
        }

        // The batch size comes from the fastest warm-up batch long enough to time well: the
        // minimum is robust to a batch slowed by preemption or a page fault.
        var batch: UInt64 = 16
        var spent: UInt64 = 0
        var perIteration = Double.infinity
        while true {
            let result = run(batch)
            guard result.elapsed_ns > 0 else { break }
            spent += result.elapsed_ns
            if result.elapsed_ns >= 10_000 || batch >= 1 << 20 {
                perIteration = min(perIteration, Double(result.elapsed_ns) / Double(batch))
            }
            if spent >= plan.warmupNanoseconds, result.elapsed_ns >= plan.sampleNanoseconds / 2 { break }
            if result.elapsed_ns < plan.sampleNanoseconds { batch *= 2 }
        }
        if !perIteration.isFinite { perIteration = Double(plan.sampleNanoseconds) / Double(batch) }
        let iterations = UInt64(max(1, (Double(plan.sampleNanoseconds) / max(perIteration, 0.01)).rounded()))
        var values: [Double] = []
        var baselineValues: [Double] = []
        values.reserveCapacity(samples ?? plan.samples)
        for index in 0..<(samples ?? plan.samples) {
            // The baseline's checksum is not this row's: it is checked by row 2 itself.
            if let baseline, index % 2 == 0 { baselineValues.append(Double(baseline(iterations).elapsed_ns) / Double(iterations)) }
            let result = run(iterations)
            values.append(Double(result.elapsed_ns) / (Double(iterations) * callsPerIteration))
            if let baseline, index % 2 == 1 { baselineValues.append(Double(baseline(iterations).elapsed_ns) / Double(iterations)) }
        }
        return LoopMeasurement(
            statistics: Statistics(values), callsPerSample: iterations, resultsCorrect: correct,
            baselineAlongside: baseline == nil ? nil : Statistics(baselineValues))
    }

    /// Times `body(index)` once per sample, `count` times, in nanoseconds.
    static func eachOnce(_ count: Int, _ body: (Int) throws -> Void) rethrows -> Statistics {
        try eachOnce(count, prepare: {}, body)
    }

    /// Times `body(index)` once per sample, `count` times, in nanoseconds; `prepare` runs
    /// untimed before each sample.
    static func eachOnce(
        _ count: Int, prepare: () throws -> Void, _ body: (Int) throws -> Void
    ) rethrows -> Statistics {
        var values: [Double] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            try prepare()
            let start = bench_now_ns()
            try body(index)
            let end = bench_now_ns()
            values.append(Double(end - start))
        }
        return Statistics(values)
    }
}
