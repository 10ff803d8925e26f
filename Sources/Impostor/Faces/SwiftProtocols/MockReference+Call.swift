// The typed entry point of a Swift mock's call: `call(ref, args:)` lands here with the
// arguments as their own types. Inlinable, so that it is specialized for the member's types in
// the mock's module: generic code over a parameter pack builds the arguments' tuple type at
// run time on every call. A call that the default value or a stub's typed answers answer is
// matched, answered and recorded here; any other is boxed for the engine (`SwiftMember.call`),
// which hands the finished call back to be recorded typed.

// `call` and `callAsync` are written out alike rather than sharing a helper for the first
// steps: a helper returning an optional answer, with the entry matched twice, made row 13c 25%
// slower (its payload retained again, its result wrapped).
extension MockReference {
    /// A call's arguments as one value: what the stub table reads and the log keeps.
    @usableFromInline typealias Arguments = TypedValueCallLog<repeat each Argument, Result>.Arguments

    /// Handles a call of a synchronous member.
    @inlinable
    func call(_ arguments: repeat each Argument, owner: MockCore, site: CallSite) throws(Failure) -> Result {
        switch member.enter(from: owner) {
        case .byDefault(let stamp):
            // No default can be made: the engine reports that.
            guard let value = makeDefault.make() else { break }
            log.append(stamp: stamp, repeat each arguments, result: value, error: nil)
            return value
        case .prototype:
            return member.prototypeAnswer(Self.box(repeat each arguments), Result.self, site: site.sourceSite)
        case .released:
            return member.lateCall(site: site.sourceSite)
        case .stubs(let table):
            if let value = try answer(from: table, owner, site: site, repeat each arguments) { return value }
        case .expected(let table):
            let (value, unmatched) = try answerExpected(owner, site: site, repeat each arguments)
            if let value { return value }
            if unmatched, let value = try answer(from: table, owner, site: site, repeat each arguments) { return value }
        }
        let log = self.log
        return try member.call(Self.box(repeat each arguments), returning: Result.self, throwing: Failure.self, site: site.sourceSite) { call, result in
            log.append(stamp: call.stamp, repeat each arguments, result: result, error: call.error)
        }
    }

    /// Handles a call of an `async` member.
    @inlinable
    func callAsync(_ arguments: repeat each Argument, owner: MockCore, site: CallSite) async throws(Failure) -> Result {
        switch member.enter(from: owner) {
        case .byDefault(let stamp):
            guard let value = makeDefault.make() else { break }
            log.append(stamp: stamp, repeat each arguments, result: value, error: nil)
            return value
        case .prototype:
            return member.prototypeAnswer(Self.box(repeat each arguments), Result.self, site: site.sourceSite)
        case .released:
            return member.lateCall(site: site.sourceSite)
        case .stubs(let table):
            if let value = try await answerAsync(from: table, owner, site: site, repeat each arguments) { return value }
        case .expected(let table):
            let (value, unmatched) = try answerExpected(owner, site: site, repeat each arguments)
            if let value { return value }
            if unmatched, let value = try await answerAsync(from: table, owner, site: site, repeat each arguments) { return value }
        }
        let log = self.log
        return try await member.callAsync(Self.box(repeat each arguments), returning: Result.self, throwing: Failure.self, site: site.sourceSite) {
            call, result in
            log.append(stamp: call.stamp, repeat each arguments, result: result, error: call.error)
        }
    }

    /// The answer of the newest stub matching the arguments, or else of the registered
    /// result, run and recorded here, when it is one the typed entry point can run; nil hands
    /// the call to the engine, with nothing done. `owner` is the calling mock, whose failures
    /// a block's reports wait with.
    @inlinable
    func answer(
        from table: Unmanaged<MemberStubs>?, _ owner: MockCore, site: CallSite, _ arguments: repeat each Argument
    ) throws(Failure) -> Result? {
        // The arguments laid out once: the table reads their bytes, the block takes them, the
        // log keeps them (each copy of a `String` counts a reference).
        var packed = Arguments(values: (repeat each arguments))
        guard let body = typedAnswer(table, &packed, async: false) else { return nil }
        return try answer(with: body, owner, site: site, packed)
    }

    /// The same for an `async` member, whose stubs may also answer with `async` blocks.
    @inlinable
    func answerAsync(
        from table: Unmanaged<MemberStubs>?, _ owner: MockCore, site: CallSite, _ arguments: repeat each Argument
    ) async throws(Failure) -> Result? {
        var packed = Arguments(values: (repeat each arguments))
        guard let body = typedAnswer(table, &packed, async: true) else { return nil }
        let kind = body._withUnsafeGuaranteedRef { ObjectIdentifier(type(of: $0)) }
        guard kind == typedKinds.asyncBlock || kind == typedKinds.asyncBlockOfNothing else {
            return try answer(with: body, owner, site: site, packed)
        }
        let stamp = member.stampNow()
        let value: Result
        do {
            // Sound: its stub or the member keeps the answer as long as the member lives (held
            // here too, across the suspensions); the kind says it was made for these types.
            if kind == typedKinds.asyncBlock {
                let block = unsafeDowncast(body.takeUnretainedValue(), to: TypedAsyncAnswer<repeat each Argument, Result>.self).block
                value = try await block(repeat each packed.values)
            } else {
                value = try await unsafeDowncast(body.takeUnretainedValue(), to: TypedAsyncAnswer<Result>.self).block()
            }
        } catch {
            value = try recover(from: error, stamp: stamp, site: site, packed)
        }
        log.append(stamp: stamp, packed, result: value, error: nil)
        return value
    }

    /// A call of a member that expectations name, dispatched to them: the answer of the
    /// expectation that took it, run and recorded here; or `unmatched` when none takes it (the
    /// stubs answer next); or neither, with nothing taken, when only the engine can dispatch
    /// it. Out of line: a call no expectation names never comes here.
    @inlinable @inline(never)
    func answerExpected(
        _ owner: MockCore, site: CallSite, _ arguments: repeat each Argument
    ) throws(Failure) -> (value: Result?, unmatched: Bool) {
        var packed = Arguments(values: (repeat each arguments))
        let outcome = withUnsafeBytes(of: &packed) { bytes in
            member.expectedAnswer(
                arguments: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<Int>.alignment).unsafelyUnwrapped,
                kinds: typedKinds)
        }
        switch outcome {
        case .engine:
            return (nil, false)
        case .unmatched:
            return (nil, true)
        case .answered(let action, let movedState):
            // After the call is recorded: a waiter wakes only once the call that moved a state is done.
            defer { if movedState { member.finishMovedState() } }
            // The plan checked that this entry point runs the action's kind, so `answer(with:)`
            // answers it. Held across the call: the action may outlive its expectation's list.
            if let action, let value = try withExtendedLifetime(action, { () throws(Failure) -> Result? in
                try answer(with: .passUnretained(action), owner, site: site, packed)
            }) {
                return (value, false)
            }
            let stamp = member.stampNow()
            guard let value = makeDefault.make() else {
                log.append(stamp: stamp, packed, result: nil, error: nil)
                member.stopWithoutDefault(Result.self, site: site.sourceSite)
            }
            log.append(stamp: stamp, packed, result: value, error: nil)
            return (value, false)
        }
    }

    /// The typed answer of the newest stub the table finds for the arguments (the next of its
    /// consecutive answers, taken for this call), or the registered result's when no stub
    /// matches; nil when only the engine can answer. `async`: the member is `async`.
    @inlinable
    func typedAnswer(_ table: Unmanaged<MemberStubs>?, _ packed: inout Arguments, async: Bool) -> Unmanaged<AnyObject>? {
        // Without a table the registered result is answered here; handing the call to the
        // engine instead would be seen by no test (issue #51's mutation pass): it answers with
        // the same registered result and records the call alike, only at the engine's cost.
        guard let table else { return member.registeredAnswer }
        // The table's keys read the arguments' bytes (one stored tuple: laid out as the tuple).
        let found = withUnsafeBytes(of: &packed) { bytes in
            // A call of no arguments has no bytes; the table then reads none. Sound: the
            // member keeps its tables as long as it lives.
            table._withUnsafeGuaranteedRef {
                $0.match(bytes.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<Int>.alignment).unsafelyUnwrapped)
            }
        }
        switch found {
        case .stub(let stub):
            // Sound: the member keeps its stubs, and a stub its answers, as long as it lives.
            if let only = stub._withUnsafeGuaranteedRef({ $0.typedAnswerUnretained }) { return only }
            return nextTypedAnswer(of: stub, async: async)
        case .none:
            return member.registeredAnswer
        case .engine:
            return nil
        }
    }

    /// The next of a stub's consecutive answers, if the typed entry point runs it (see
    /// `SwiftStub.nextTypedAnswer`). Out of line: a stub of one answer never comes here.
    @inlinable @inline(never)
    func nextTypedAnswer(of stub: Unmanaged<SwiftStub>, async: Bool) -> Unmanaged<AnyObject>? {
        // Sound: the member keeps its stubs as long as it lives.
        stub._withUnsafeGuaranteedRef { $0.nextTypedAnswer(accepting: typedKinds, async: async) }
    }

    /// Runs a typed answer, a block, a value or a block of nothing, and records the call; nil
    /// when the answer is one only the engine gives.
    @inlinable
    func answer(
        with answer: Unmanaged<AnyObject>, _ owner: MockCore, site: CallSite, _ packed: consuming Arguments
    ) throws(Failure) -> Result? {
        let kinds = typedKinds
        let kind = answer._withUnsafeGuaranteedRef { ObjectIdentifier(type(of: $0)) }
        guard kind == kinds.block || kind == kinds.constant || kind == kinds.blockOfNothing else { return nil }
        let stamp = member.stampNow()
        let value: Result
        do {
            // Sound: the answer's stub or member keeps it; the kind says which class it is,
            // made for this member's types.
            value = try answer._withUnsafeGuaranteedRef { body throws -> Result in
                if kind == kinds.constant { return unsafeDowncast(body, to: ConstantAnswer<Result>.self).value }
                // Failures the block reports wait for the mock's test. `frame` is in this
                // frame, above the block's.
                var frame: UInt8 = 0
                let mark = withUnsafeMutablePointer(to: &frame) { owner.pendingFailures.beginAnswering(frame: $0) }
                defer { PendingFailures.endAnswering(mark) }
                if kind == kinds.block {
                    return try unsafeDowncast(body, to: TypedAnswer<repeat each Argument, Result>.self).block(repeat each packed.values)
                }
                return try unsafeDowncast(body, to: TypedAnswer<Result>.self).block()
            }
        } catch {
            value = try recover(from: error, stamp: stamp, site: site, packed)
        }
        log.append(stamp: stamp, packed, result: value, error: nil)
        return value
    }

    /// What a stub's block that threw leaves, as the engine's `rethrow` decides: an error of the
    /// member's type is recorded with the call and thrown; another is reported at the call,
    /// which returns the default value.
    @inlinable
    func recover(
        from error: any Error, stamp: UInt64, site: CallSite, _ packed: Arguments
    ) throws(Failure) -> Result {
        if let failure = error as? Failure {
            log.append(stamp: stamp, packed, result: nil, error: failure)
            throw failure
        }
        member.reportUnthrowable(error, failure: Failure.self, site: site.sourceSite)
        guard let fallback = makeDefault.make() else { member.stopWithoutDefault(Result.self, site: site.sourceSite) }
        return fallback
    }

    /// The arguments as the engine's matchers, answers and messages take them.
    @inlinable
    static func box(_ arguments: repeat each Argument) -> [Any] {
        var boxed: [Any] = []
        repeat boxed.append(each arguments)
        return boxed
    }
}

/// How a member's result is made from nothing, decided once per reference: a fixed value
/// (nil, zero, empty) is kept as it is; a ``DefaultValue`` type is asked on each call, since it
/// may make a new instance. Nil when no default can be made: the engine reports that.
@usableFromInline
struct TypedDefault<Result>: @unchecked Sendable {
    // @unchecked: a fixed default is a value made from nothing (nil, zero, empty), never
    // shared mutable state; a DefaultValue type's maker is its own static member.
    @usableFromInline let fixed: Result?
    @usableFromInline let maker: (() -> Any)?

    init() {
        let maker = SwiftDefaults.maker(Result.self)
        if Result.self is any DefaultValue.Type {
            (fixed, self.maker) = (nil, maker)
        } else {
            (fixed, self.maker) = (maker.map { $0() as? Result } ?? nil, nil)
        }
    }

    /// The default value, or nil when the engine must report that none can be made.
    @inlinable
    func make() -> Result? {
        if let fixed { return fixed }
        return maker.flatMap { $0() as? Result }
    }
}
