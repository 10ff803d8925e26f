/// Collects the mock calls a prototype makes while this thread is in recording mode.
///
/// In recording mode (set by `stub`/`verify` around the prototype) a trampoline does not
/// record or answer the call: it hands it here, with the matchers pushed since the previous
/// call, and returns zero.
final class PrototypeRecorder {
    struct CapturedCall {
        /// The mock called, with the arguments as its kind captured them (see ``PrototypeCallee``).
        let callee: any PrototypeCallee
        /// The matchers pushed since the previous call: what its arguments may be bound to.
        let matchers: [RecordedMatcher]

        /// The mock's name, for messages.
        var name: String { callee.mockName }

        /// Which mock was called, to compare rounds.
        var mock: ObjectIdentifier { callee.mock }
    }

    private(set) var calls: [CapturedCall] = []
    /// Set when the prototype's value is itself a mock (`verify(add)` instead of
    /// `verify(add(1, 2))`): its name, for the message.
    private(set) var returnedMock: String?
    /// Set when the prototype's value is a Swift member's reference or prototype (Swift fell
    /// back to the untyped form): the member's name and what it throws, for the message.
    private(set) var returnedMember: (name: String, failure: Any.Type)?
    /// The error a prototype written with `try` threw, for the failure.
    private(set) var thrown: (any Error)?

    /// Evaluates a prototype written with `try`, noting its value (as `noteResult`) or the
    /// error it threw, which the evaluation reports instead of making a pattern.
    static func note<Result>(_ prototype: () throws -> Result) {
        do {
            noteResult(try prototype())
        } catch {
            active?.thrown = error
        }
    }

    /// Notes the value a prototype evaluated to, so that passing a mock instead of a call to
    /// it can be named in the failure.
    static func noteResult<Result>(_ value: Result) {
        if let member = value as? any SwiftMemberValue {
            active?.returnedMember = (member.memberName, member.memberFailure)
            return
        }
        guard let recorder = active, let interceptor = MockRegistry.interceptor(of: value) else { return }
        recorder.returnedMock = interceptor.name
    }

    /// The recorder of the prototype this thread is evaluating.
    static var active: PrototypeRecorder? {
        guard let pointer = ThreadState.recorder else { return nil }
        return Unmanaged<PrototypeRecorder>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// True while this thread evaluates a prototype.
    static var isRecording: Bool { ThreadState.isRecording }

    func capture(_ interceptor: Interceptor, _ frame: CallFrame) {
        let matchers = MatcherRecorder.current.takeAll()
        let arguments = frame.argumentBytes()
        var texts: [Int: String?] = [:]
        for index in interceptor.signature.textParameters {
            // A matcher's placeholder is not a string: never read through it.
            guard !matchers.contains(where: { $0.sentinel == arguments[index] }) else { continue }
            texts[index] = frame.literalText(at: index)
        }
        calls.append(CapturedCall(callee: FunctionCallee(interceptor: interceptor, arguments: arguments, texts: texts), matchers: matchers))
    }

    /// A call to a Swift mock's member inside the prototype.
    func capture(_ member: SwiftMember, _ values: [Any]) {
        calls.append(CapturedCall(callee: MemberCallee(member: member, values: values), matchers: MatcherRecorder.current.takeAll()))
    }

    /// A Swift member's pattern written in its matcher form (`ref.called(eq(x))`): bound
    /// already, so it is taken as it is in every round.
    func capture(_ pattern: SwiftCallPattern) {
        calls.append(CapturedCall(callee: MemberCallee(member: pattern.member, values: [], pattern: pattern), matchers: []))
    }

    /// Runs `body` with this recorder active on the thread.
    func recording(_ body: () -> Void) {
        // Sound: the recorder outlives `body`, and the pointer is cleared before returning.
        ThreadState.setRecorder(Unmanaged.passUnretained(self).toOpaque())
        defer { ThreadState.setRecorder(nil) }
        withExtendedLifetime(self) { body() }
    }
}
