/// A named order that expectations must be met in, jMock's `Sequence`.
///
/// ```swift
/// let session = context.sequence("session")
/// context.checking {
///     oneOf(login()).inSequence(session)
///     oneOf(logout()).inSequence(session)
/// }
/// ```
///
/// A step takes calls once every earlier step of the sequence is satisfied, and until a later
/// step has taken one: a call that comes too early or too late is out of sequence, so no
/// expectation takes it and it fails as unexpected. An expectation may be in several
/// sequences; it takes a call only where every one of them allows it. Steps are in the order
/// `inSequence` was written.
public final class ExpectationSequence: Sendable, CustomStringConvertible {
    /// The name used in messages.
    public let name: String
    let book: ExpectationBook
    let track: SequenceTrack

    init(name: String, book: ExpectationBook) {
        self.name = name
        self.book = book
        track = SequenceTrack()
    }

    /// `sequence session`.
    public var description: String { "sequence \(name)" }
}

/// The steps of one ``ExpectationSequence``; changed only inside its book's monitor.
final class SequenceTrack: @unchecked Sendable {
    // @unchecked: `steps` is read and written only inside the owning book's monitor.
    var steps: [Expectation] = []

    /// Why `expectation` cannot take a call now, or nil when it can. Call inside the monitor.
    func blocker(for expectation: Expectation) -> SequenceBlocker? {
        guard let index = steps.firstIndex(where: { $0 === expectation }) else { return nil }
        if let earlier = steps[..<index].first(where: { !$0.isSatisfied }) { return .waitingFor(earlier) }
        if let later = steps[(index + 1)...].first(where: { $0.count > 0 }) { return .overtakenBy(later) }
        return nil
    }
}

/// Why a step of a sequence is not ready.
enum SequenceBlocker {
    /// An earlier step is not satisfied yet.
    case waitingFor(Expectation)
    /// A later step has already taken a call.
    case overtakenBy(Expectation)
}
