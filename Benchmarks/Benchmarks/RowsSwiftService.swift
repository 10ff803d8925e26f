import CBenchmarkSupport
import Dispatch
import Impostor
import Synchronization

/// Rows 13a to 13l: Swift protocol mocks on the shape of issue 34 and of the peers harness
/// (`../shared/bench/swift-peers`): `fetch(id: Int, name: String) -> Int` with a `String`
/// argument and `save(_:) async throws`, called by a Swift loop through an existential, next
/// to a hand-written fake timed in the same run. Ratios are to the fake (13a, or 13f for the
/// async row) and to the one-stub row (13c), never to row 2.
enum SwiftServiceRows {
    /// The protocol the rows call through, as code under test would.
    protocol Service: AnyObject, Sendable {
        func fetch(id: Int, name: String) -> Int
        func save(_ value: Int) async throws
    }

    /// `fetch(id: 3, name: "ab")`: a small `String` (stored inline, as most names are).
    static let id = 3
    static let name = "ab"
    /// What a stub's block answers: `id + name.utf8.count`.
    static let answer = Double(id + name.utf8.count)

    /// A hand-written fake: each member calls a closure property the test sets.
    final class FakeService: Service, @unchecked Sendable {
        // @unchecked: the closures are set before the loop and only read while it runs.
        var onFetch: (Int, String) -> Int = { id, name in id + name.utf8.count }
        var onSave: (Int) async throws -> Void = { _ in }
        func fetch(id: Int, name: String) -> Int { onFetch(id, name) }
        func save(_ value: Int) async throws { try await onSave(value) }
    }

    /// The same protocol mocked with Impostor, MockingKit-style.
    final class MockService: Mock, Service, @unchecked Sendable {
        // @unchecked: Mock records thread-safely; the references are made before any call.
        lazy var fetchRef = MockReference(fetch)
        lazy var saveRef = MockReference(save)
        func fetch(id: Int, name: String) -> Int { call(fetchRef, args: id, name) }
        func save(_ value: Int) async throws { try await call(saveRef, args: value) }
    }

    /// What `@Mockable` generates (written out so that the benchmark never builds
    /// swift-syntax; keep it in step with the macro's expansion tests): the members in an
    /// extension of the protocol, each reaching its reference through a key object the macro
    /// writes beside the protocol.
    protocol GeneratedShapeServiceProtocol: Service {}

    final class GeneratedShapeService: Mock, GeneratedShapeServiceProtocol, @unchecked Sendable {}

    /// The keys `@Mockable` writes beside the mock (`_MockKeys_Service`).
    enum GeneratedShapeKeys {
        nonisolated static let key_fetch = _MockMemberKey(named: "fetch(id:name:)")
        nonisolated static let key_save = _MockMemberKey(named: "save(_:)", isAsync: true)
    }

    /// Calls recorded before the bytes-per-call figure is read.
    static let memoryCalls: UInt64 = 1_000_000
    /// Calls recorded before each timed verify.
    static let verifyCalls = 100_000

    static func measure(into report: Report) {
        let plan = report.plan

        report.measure("13", "Swift protocol mock, fetch(id:name:)") {
            let fake = FakeService()
            let fakeMeasurement = Sampler.perCall(plan, expecting: answer) { fetchLoop(fake, $0) }
            let fakeMedian = fakeMeasurement.statistics.median
            report.add(CallRows.row("13a", "Swift: fake, fetch(id:name:)", fakeMeasurement,
                                    notes: ["final class with var onFetch: (Int, String) -> Int, called through any Service "
                                            + "from a Swift loop as fetch(id: 3, name: \"ab\"); 13b to 13e are ratios to this row"]))

            let mockery = Mockery("row 13")
            let unstubbed = mockery.withCurrent { MockService() }
            let unstubbedMeasurement = Sampler.perCall(plan, expecting: 0, beforeEach: { unstubbed.resetCalls() }) {
                fetchLoop(unstubbed, $0)
            }
            let unstubbedRatio = unstubbedMeasurement.statistics.median / fakeMedian
            report.add(CallRows.row("13b", "Swift: Mock, unstubbed", unstubbedMeasurement,
                                    target: .ratio(unstubbedRatio, atMost: 8, of: "row 13a"),
                                    notes: [ratio(unstubbedRatio, "13a") + "; records each call, returns 0; no final goal: Swift mocks are compared with mockolo (Benchmarks/README.md)"]))

            let stubbed = mockery.withCurrent { MockService() }
            stub(stubbed.fetchRef, any(), any()).with { (id: Int, name: String) in id + name.utf8.count }
            let stubbedMeasurement = Sampler.perCall(plan, expecting: answer, beforeEach: { stubbed.resetCalls() }) {
                fetchLoop(stubbed, $0)
            }
            let stubbedMedian = stubbedMeasurement.statistics.median
            let stubbedRatio = stubbedMedian / fakeMedian
            report.add(CallRows.row("13c", "Swift: Mock, one stub, any()", stubbedMeasurement,
                                    target: .ratio(stubbedRatio, atMost: 10, of: "row 13a"),
                                    notes: [ratio(stubbedRatio, "13a") + "; stub(fetchRef, any(), any()).with { id + name.utf8.count }; "
                                            + "records each call; no final goal: Swift mocks are compared with mockolo (Benchmarks/README.md)"]))

            let eleven = mockery.withCurrent { MockService() }
            stub(eleven.fetchRef, any(), eq(name)).with { (id: Int, name: String) in id + name.utf8.count }
            for k in 0..<10 { stub(eleven.fetchRef, eq(100 + k), any()).with { (_: Int, _: String) in -1 } }
            let elevenMeasurement = Sampler.perCall(plan, expecting: answer, beforeEach: { eleven.resetCalls() }) {
                fetchLoop(eleven, $0)
            }
            let elevenRatio = elevenMeasurement.statistics.median / stubbedMedian
            report.add(CallRows.row("13d", "Swift: Mock, 11 stubs, match is the oldest", elevenMeasurement,
                                    target: .ratio(elevenRatio, atMost: 1.5, of: "row 13c"),
                                    notes: [ratio(elevenRatio, "13c") + "; oldest stub(fetchRef, any(), eq(\"ab\")), then ten newer "
                                            + "stub(fetchRef, eq(100+k), any()) tried first; final goal ≤1.2× row 13c"]))

            let generated = mockery.withCurrent { GeneratedShapeService() }
            stub(generated._mockReference(GeneratedShapeKeys.key_fetch, as: MockReference<Int, String, Int, Never>.self), any(), any()).with { (id: Int, name: String) in id + name.utf8.count }
            let generatedMeasurement = Sampler.perCall(plan, expecting: answer, beforeEach: { generated.resetCalls() }) {
                fetchLoop(generated, $0)
            }
            let generatedRatio = generatedMeasurement.statistics.median / stubbedMedian
            report.add(CallRows.row("13e", "Swift: @Mockable's shape, one stub", generatedMeasurement,
                                    target: .ratio(generatedRatio, atMost: 1.1, of: "row 13c"),
                                    notes: [ratio(generatedRatio, "13c") + "; as 13c, through the reference generated code "
                                            + "reaches; final goal ≤1.05× row 13c"]))

            let fakeSave = Sampler.perCall(plan, expecting: 1) { saveLoop(fake, $0) }
            report.add(CallRows.row("13f", "Swift: fake, async throws save(_:)", fakeSave,
                                    notes: ["try await save(3) through any Service, from a loop in one task"]))

            let saving = mockery.withCurrent { MockService() }
            stub(saving.saveRef, any()).with { (_: Int) async throws in () }
            let savingMeasurement = Sampler.perCall(plan, expecting: 1, beforeEach: { saving.resetCalls() }) {
                saveLoop(saving, $0)
            }
            report.add(CallRows.row("13g", "Swift: Mock, async throws, stubbed", savingMeasurement,
                                    notes: [ratio(savingMeasurement.statistics.median / fakeSave.statistics.median, "13f")
                                            + "; stub(saveRef, any()).with { (_: Int) async throws in () }"]))

            // Memory growth of one mock over its first million calls: the heap and the record
            // log's mapped chunks (a little of the last chunk is room not yet used).
            let recording = mockery.withCurrent { MockService() }
            _ = fetchLoop(recording, 1)
            let before = bench_heap_in_use()
            _ = fetchLoop(recording, memoryCalls)
            let bytes = (Double(bench_heap_in_use()) - Double(before)) / Double(memoryCalls)
            report.add(Row("13h", "Swift: memory per recorded call", .bytesPerCall(bytes),
                           target: Target(text: "≤ 64 B", holds: bytes <= 64),
                           notes: ["mallinfo2() growth over \(Format.count(memoryCalls)) unstubbed fetch(id: 3, name: \"ab\") "
                                   + "calls; final goal ≤ 48 B"]))
            recording.resetCalls()

            let verified = mockery.withCurrent { MockService() }
            var failures: [ImpostorFailure] = []
            let statistics = Sampler.eachOnce(plan.isQuick ? 3 : 15, prepare: {
                verified.resetCalls()
                _ = fetchLoop(verified, UInt64(verifyCalls))
            }) { _ in
                failures += captureFailures {
                    mockery.withCurrent { verify(.exactly(verifyCalls), verified.fetchRef, any(), eq(name)) }
                }
            }
            if let failure = failures.first {
                throw BenchmarkError(description: "verify failed: \(failure.message.prefix(200))")
            }
            report.add(Row("13i", "Swift: verify over 100,000 calls", .time(statistics),
                           target: .time(statistics.median, below: 2_000_000),
                           notes: ["verify(.exactly(100_000), fetchRef, any(), eq(\"ab\")) over calls recorded before each "
                                   + "sample; final goal < 1 ms"]))

            let registered = mockery.withCurrent { MockService() }
            registered.registerResult(for: registered.fetchRef) { id, name in id + name.utf8.count }
            let registeredMeasurement = Sampler.perCall(plan, expecting: answer, beforeEach: { registered.resetCalls() }) {
                fetchLoop(registered, $0)
            }
            report.add(CallRows.row("13j", "Swift: Mock, registerResult, no stub", registeredMeasurement,
                                    notes: [ratio(registeredMeasurement.statistics.median / stubbedMedian, "13c")
                                            + "; MockingKit's registerResult(for: fetchRef) { id + name.utf8.count }; "
                                            + "records each call"]))

            let consecutive = mockery.withCurrent { MockService() }
            let value = id + name.utf8.count
            stub(consecutive.fetchRef, any(), any()).returning(value, value)
            let consecutiveMeasurement = Sampler.perCall(plan, expecting: answer, beforeEach: { consecutive.resetCalls() }) {
                fetchLoop(consecutive, $0)
            }
            report.add(CallRows.row("13k", "Swift: Mock, consecutive answers", consecutiveMeasurement,
                                    notes: [ratio(consecutiveMeasurement.statistics.median / stubbedMedian, "13c")
                                            + "; stub(fetchRef, any(), any()).returning(5, 5): every call after the first "
                                            + "takes the last answer under the stub's lock, as Mockito's thenReturn(a, b) "
                                            + "repeats b; records each call"]))

            let expected = mockery.withCurrent { () -> MockService in
                let mock = MockService()
                _ = mock.fetchRef  // made in the Mockery, as a test's .mockery trait makes it
                return mock
            }
            mockery.checking { allowing(expected.fetchRef, any(), eq(name)).will(returnValue(value)) }
            let expectedMeasurement = Sampler.perCall(plan, expecting: answer, beforeEach: { expected.resetCalls() }) {
                fetchLoop(expected, $0)
            }
            report.add(CallRows.row("13l", "Swift: Mock, answered by an expectation", expectedMeasurement,
                                    notes: [ratio(expectedMeasurement.statistics.median / stubbedMedian, "13c")
                                            + "; checking { allowing(fetchRef, any(), eq(\"ab\")).will(returnValue(5)) }: "
                                            + "dispatched under the Mockery's lock, counted and answered; records each call"]))
        }
    }

    /// `fetch(id: 3, name: "ab")` `count` times through the existential, timed.
    @inline(never)
    static func fetchLoop(_ service: any Service, _ count: UInt64) -> bench_loop_result {
        var sum = 0.0
        let start = bench_now_ns()
        for _ in 0..<count { sum += Double(service.fetch(id: id, name: name)) }
        return bench_loop_result(elapsed_ns: bench_now_ns() - start, checksum: sum)
    }

    /// `try await save(3)` `count` times through the existential, in one task, timed there;
    /// the checksum counts the calls that did not throw.
    static func saveLoop(_ service: any Service, _ count: UInt64) -> bench_loop_result {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            var succeeded = 0.0
            let start = bench_now_ns()
            for _ in 0..<count {
                do {
                    try await service.save(3)
                    succeeded += 1
                } catch {}
            }
            let elapsed = bench_now_ns() - start
            outcome.value.withLock { $0 = bench_loop_result(elapsed_ns: elapsed, checksum: succeeded) }
            done.signal()
        }
        done.wait()
        return outcome.value.withLock { $0 }
    }

    /// The async loop's figures, handed from its task to the waiting thread.
    final class Outcome: Sendable {
        let value = Mutex(bench_loop_result(elapsed_ns: 0, checksum: 0))
    }

    /// "38.2× row 13a".
    static func ratio(_ value: Double, _ row: String) -> String {
        value.isFinite ? "\(Format.ratio(value)) row \(row)" : "— × row \(row)"
    }
}

extension SwiftServiceRows.GeneratedShapeServiceProtocol where Self: Mocking & Sendable {
    func fetch(id: Int, name: String) -> Int {
        self.call(
            self._mockReference(SwiftServiceRows.GeneratedShapeKeys.key_fetch, as: MockReference<Int, String, Int, Never>.self),
            args: id, name)
    }

    func save(_ value: Int) async throws {
        try await self.call(
            self._mockReference(SwiftServiceRows.GeneratedShapeKeys.key_save, as: MockReference<Int, Void, any Error>.self),
            args: value)
    }
}
