import Synchronization

/// The Swift side of one mock: receives every call its trampoline forwards, records it and
/// decides what it returns.
final class Interceptor: Sendable, LateCallCounting {
    /// The name given at creation, used in every message about this mock.
    let name: String
    let signature: Signature
    /// Where the mock was created, for failures that concern the mock as a whole.
    let creationSite: SourceSite
    let store: InvocationStore
    /// What each call copies from the memory its pointer arguments point to.
    let capturePlan: CapturePlan
    /// Stubs, newest last; scanned newest first on every call.
    let stubs = StubTable<Stub>()
    /// The owning Mockery's store for failures raised on threads without a test.
    let pendingFailures: PendingFailures
    /// What the face that made the mock adds to its calls (an interposed symbol's routing, a
    /// table field's name); nil for a mock made by `mockFunction`.
    let face: (any MockFace)?
    /// The face's dispatcher index (see ``MockFace/dispatcherIndex``), read once: the per-call
    /// path tests a stored index, as the entry point does, rather than asking the face.
    private let answeringSymbol: Int32
    /// The owning Mockery's expectations.
    let book: ExpectationBook
    /// Decided once: whether a call that nothing answers is more than "uninteresting".
    let isNice: Bool
    private let released = Atomic<Bool>(false)
    /// Calls after the release: counted, and reported once (see `LateCallCount`).
    private let lateCalls = LateCallCount()
    /// Set once an expectation names this mock: from then on its calls go through the
    /// Mockery's expectations first (see `answerExpected`).
    private let expected = Atomic<Bool>(false)
    /// The mock's expectations as its calls meet them without the Mockery's monitor.
    let roster = ExpectationRoster()

    init(
        name: String, signature: Signature, capturePlan: CapturePlan, creationSite: SourceSite,
        pendingFailures: PendingFailures, book: ExpectationBook, face: (any MockFace)? = nil
    ) {
        self.face = face
        answeringSymbol = face?.dispatcherIndex ?? -1
        self.name = name
        self.signature = signature
        self.capturePlan = capturePlan
        self.creationSite = creationSite
        self.pendingFailures = pendingFailures
        self.book = book
        isNice = book.strictness == .nice
        self.store = InvocationStore(signature: signature, plan: capturePlan)
        // A call is matched against the mock's stubs, answered and recorded (with what it copies
        // from its pointer arguments), and nothing else, until the mock gets a stub that runs code
        // to match or an expectation, or is released: its entry point (a static trampoline or a
        // libffi closure) may do that itself (and, for a nice mock, record a call no stub
        // answers). An interposed symbol's entry point marks the thread as answering the symbol
        // while a key's answer runs, as `handle` does.
        store.openFastPath(nice: isNice, failures: pendingFailures, symbol: answeringSymbol)
    }

    /// Sends this mock's calls through its Mockery's expectations from now on: stub keys no
    /// longer answer first, expectation keys (once published) do.
    func markExpected() {
        store.closeFastPath()
        expected.store(true, ordering: .releasing)
    }

    /// Publishes the mock's expectations, in declaration order, to its handler's roster and
    /// as keys to its entry point, which takes the calls they name itself when every one of
    /// them compiles to a key and the mock neither copies memory nor stands for a symbol.
    /// Inside the book's monitor.
    func publishExpectations(_ expectations: [Expectation]) {
        // A Mockery publishes every mock's list at each `checking`, and lists are never freed:
        // a mock whose expectations did not change (they are only ever added to, or all
        // dropped) keeps the list it has.
        guard expectations.count != roster.publishedCount else { return }
        var entryKeys: UnsafeMutableRawPointer?
        if !isReleased {
            entryKeys = store.fastPath.publishExpectations(
                expectations.map { ($0.cell, $0.entryKeyTests) }, eligible: capturePlan.isEmpty && answeringSymbol < 0)
        }
        roster.publish(expectations, entryKeys: entryKeys)
    }

    /// Adds `stub` as the newest; false when the mock has as many stubs as it can hold. A stub
    /// whose matchers are all `any()` or plain values also becomes a key the mock's entry
    /// point checks itself; any other sends every later call through the handler, which
    /// looks the stubs up.
    func addStub(_ stub: Stub) -> Bool {
        stubs.append(stub, prefilter: stub.pattern.prefilter) {
            if !store.addKey(for: stub) { store.closeFastPath() }
        }
    }

    /// Forgets every stub (a reset): calls that start after this returns meet none of them.
    func forgetStubs() {
        stubs.forgetAll { store.forgetKeys() }
    }

    /// True once an expectation names this mock.
    var isExpected: Bool { expected.load(ordering: .acquiring) }

    /// Handles one call. Runs on whatever thread called the mock; never throws or traps,
    /// because nothing may unwind through the C frames above it.
    func handle(_ frame: CallFrame) {
        guard answeringSymbol < 0 else { return Self.answering(answeringSymbol) { handleCall(frame) } }
        handleCall(frame)
    }

    /// Runs `body` with the thread marked as answering dispatcher `index`'s symbol: while the
    /// mock of an interposed symbol answers, the thread's own calls of the symbol by name reach
    /// the real function. (Written as the guard above and this closure, the plain path inlines
    /// the handling: a shape with the marking inline did not, 22 instructions a call more.)
    @inline(__always)
    private static func answering(_ index: Int32, _ body: () -> Void) {
        let was = GOT.setAnswering(UInt32(index), true)
        defer { if !was { _ = GOT.setAnswering(UInt32(index), false) } }
        body()
    }

    @inline(__always)
    private func handleCall(_ frame: CallFrame) {
        if released.load(ordering: .relaxed) {
            // A stub, verify or expectation naming the released mock: the prototype takes the
            // call, so that it reports the mock's release rather than a call to it.
            if ThreadState.needsAttention, PrototypeRecorder.isRecording { return handOverToPrototype(frame) }
            if let face, face.passOn(frame) { return }
            frame.writeZeroResult()
            // One atomic add per late call; only the first is reported.
            if lateCalls.countOne() { reportLateCalls() }
            return
        }
        if ThreadState.needsAttention {
            // A stub or verify prototype: hand the call over, record nothing.
            if PrototypeRecorder.isRecording { return handOverToPrototype(frame) }
            // Matchers left over: a prototype outside stub/verify made this call, and it carries
            // their placeholders. Recorded as made, but answered with zero: no stub's block and
            // no original may see placeholders (a pointer one points nowhere, so nothing is read).
            if MatcherRecorder.reportLeftovers() { return recordPlaceholderCall(frame) }
        }
        guard !capturePlan.isEmpty else { return answerAndRecord(frame) }
        // Copied before any stub sees the call, so matchers, captors, answers and the record
        // all read the memory as the caller handed it over, and never after the call.
        answerAndRecord(frame, captures: capturePlan.capture(frame.arguments!))
    }

    /// Reports this released mock's late calls, at the first: to its test if that can still be
    /// failed, else to the test run (see reportAfterRelease). Out of line, so that the rare
    /// path does not widen the frame every call keeps on the stack while its stub answers.
    @inline(never)
    private func reportLateCalls() {
        // Acquiring: the release time, written before the flag was set, is visible from here.
        _ = released.load(ordering: .acquiring)
        let report = LateCallReport(
            counter: self, mockName: name, site: creationSite, kind: .cFunction, firstDelay: lateCalls.sinceRelease)
        LateCallLedger.register(report)
        FailureReporter.reportAfterRelease(.lateCalls(report), from: pendingFailures)
    }

    var lateCallCount: Int { lateCalls.value }

    /// Records a call made by a prototype outside stub/verify, answering zero and running nothing.
    @inline(never)
    private func recordPlaceholderCall(_ frame: CallFrame) {
        frame.writeZeroResult()
        let stamp = CallStamp.next()
        guard !capturePlan.isEmpty else { return store.append(stamp: stamp, frame: frame) }
        [CapturedMemory?](repeating: .notRead, count: capturePlan.capturing.count).withUnsafeBufferPointer { buffer in
            var frame = frame
            frame.captures = buffer
            store.append(stamp: stamp, frame: frame)
        }
    }

    /// Gives a call made while this thread evaluates a prototype to the prototype, answering
    /// zero and recording nothing.
    private func handOverToPrototype(_ frame: CallFrame) {
        PrototypeRecorder.active?.capture(self, frame)
        frame.writeZeroResult()
    }

    /// Answers and records a call with what was copied from its pointer arguments.
    private func answerAndRecord(_ frame: CallFrame, captures: [CapturedMemory?]) {
        captures.withUnsafeBufferPointer { buffer in
            var frame = frame
            frame.captures = buffer
            answerAndRecord(frame)
        }
    }

    /// Answers the call with the newest matching stub (or zero) and records it: a call nothing
    /// answers in one go, a stubbed one before its answer runs and again, with its result, after.
    @inline(__always)
    private func answerAndRecord(_ frame: CallFrame) {
        // One load: a mock no expectation names never enters the expectations' path.
        if expected.load(ordering: .acquiring) { return answerExpected(frame) }
        let stamp = CallStamp.next()
        if let matched = newestMatchingStub(frame) {
            // In the log before the stub's answer runs: a block may leave with `longjmp` and
            // never return here (the call then stays listed as "did not return").
            let call = store.open(stamp: stamp, frame: frame)
            answer(frame, with: matched, stamp: stamp)
            store.close(call, frame: frame)
        } else {
            frame.writeZeroResult()
            if !isNice { answerUninteresting(frame, stamp: stamp) }
            store.append(stamp: stamp, frame: frame)
        }
    }

    /// The newest stub whose pattern matches the call, borrowed.
    @inline(__always)
    func newestMatchingStub(_ frame: CallFrame) -> Unmanaged<Stub>? {
        stubs.hasLiveEntries ? scanStubs(frame) : nil
    }

    /// The scan behind `newestMatchingStub`, newest stub first. Not inlined: inside `handle`
    /// the scan's cursor lived on the stack (the register pressure of the whole handler), which
    /// cost about 36 instructions per stub the prefilter turns down; on its own it takes 20.
    @inline(never)
    private func scanStubs(_ frame: CallFrame) -> Unmanaged<Stub>? {
        // The test is inlined into the scan: a closure call per stub cost about a hundred
        // instructions each.
        stubs.newest(admitting: frame) { entry in
            entry.element._withUnsafeGuaranteedRef { $0.pattern.matchesPrefiltered(frame) }
        }?.element
    }

    /// Runs the answer of a stub the mock's entry point matched in C, with failures
    /// already going to this mock's Mockery (the entry point sets that, from the settings
    /// ``InvocationStore/openFastPath(nice:failures:symbol:)`` gave it). A keyed stub has no
    /// captor: a captor runs code, so its stub is never a key.
    @inline(__always)
    func answerFromDispatcher(_ frame: CallFrame, with stub: Unmanaged<Stub>, stamp: UInt64) {
        stub._withUnsafeGuaranteedRef { $0.answer(frame, stamp: stamp) }
    }

    /// Answers a call a stub let through (a fault schedule's call it does not fail) as if that
    /// stub were not there: with the newest older stub that matches, else the real function of
    /// an interposed symbol, else zero.
    func answerAsIfAbsent(_ frame: CallFrame, below stub: Stub, stamp: UInt64) {
        if let older = stubs.newest(olderThan: stub, where: { entry in entry.element._withUnsafeGuaranteedRef { $0.pattern.matches(frame) } }) {
            answer(frame, with: older.element, stamp: stamp)
        } else if let face, face.passOn(frame) {
            return
        } else {
            frame.writeZeroResult()
        }
    }

    /// Runs a matching stub's answer.
    @inline(__always)
    func answer(_ frame: CallFrame, with stub: Unmanaged<Stub>, stamp: UInt64) {
        stub._withUnsafeGuaranteedRef { stub in
            if stub.capturesArguments { stub.pattern.capture(frame.slot) }
            pendingFailures.whileAnswering { stub.answer(frame, stamp: stamp) }
        }
    }

    var isReleased: Bool { released.load(ordering: .relaxed) }

    /// Turns the mock into a tombstone: later calls return zero and are counted, the first of
    /// them reported as a "call to released mock"; recorded calls are freed.
    func release() {
        store.closeFastPath()
        store.fastPath.withdrawExpectations()
        lateCalls.markReleased()
        released.store(true, ordering: .releasing)
        store.retire()
    }

    /// The recorded calls, oldest first; only the newest `last` of them when given.
    func invocations(last: Int = .max) -> [Invocation] {
        store.records(last: last)
            .sorted { $0.stamp < $1.stamp }
            .map { Invocation(mockName: name, signature: signature, record: $0, fault: FaultLog.fault(ObjectIdentifier(self), stamp: $0.stamp)) }
    }
}
