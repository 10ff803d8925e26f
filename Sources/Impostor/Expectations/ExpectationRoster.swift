import Synchronization

/// One C mock's expectations, in declaration order, as its calls meet them without the
/// Mockery's monitor: when none of them holds or moves a state or stands in a sequence, a call
/// takes the first that matches and is not saturated by an atomic step of its count (see
/// ``Expectation/takeCall()``), and nothing else is shared. Otherwise calls go through the
/// monitor (``ExpectationBook/dispatch(_:_:)``).
///
/// A `checking` block, and the Mockery's end, publish a new list, whole: a call reads the one
/// published last when it starts. Lists are kept until the mock itself goes (which no call can
/// then reach), so a call may read one without retaining it or anything in it.
final class ExpectationRoster: Sendable {
    /// One published list.
    final class List: Sendable {
        /// Unowned: `kept` holds every expectation while the list lives.
        let expectations: [Unmanaged<Expectation>]
        let kept: [Expectation]
        /// True when every expectation needs no monitor.
        let needsNoMonitor: Bool
        /// The address of the same list as the mock's entry point meets it (its expectation
        /// keys), or 0: kept here, never freed, so that it stays reachable while calls may read
        /// it (a leak checker finds the address in this object). Never read.
        let entryKeys: UInt

        init(_ expectations: [Expectation], entryKeys: UnsafeMutableRawPointer?) {
            kept = expectations
            self.expectations = expectations.map { Unmanaged.passUnretained($0) }
            needsNoMonitor = expectations.allSatisfy(\.needsNoMonitor)
            self.entryKeys = UInt(bitPattern: entryKeys)
        }
    }

    /// The newest list's address, 0 before the first.
    private let current = Atomic<UInt>(0)
    /// Every list published, newest last, so that none is freed while a call may read it.
    /// Written only by `publish`, inside the book's monitor, and read by no one (it only keeps
    /// the lists alive): a lock of its own would cost every mock an object and a lock (issue
    /// 46's memory per mock), used by no call.
    private nonisolated(unsafe) var lists: [List] = []

    /// How many expectations the list published last holds (0 before the first). Inside the
    /// book's monitor.
    var publishedCount: Int {
        guard let address = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)) else { return 0 }
        // Sound: lists live as long as the roster, and the address is of one.
        return Unmanaged<List>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.expectations.count }
    }

    /// Publishes `expectations` as the mock's list, with the entry point's keys for them (see
    /// ``ExpectationKeys``) when it has some. Inside the book's monitor.
    func publish(_ expectations: [Expectation], entryKeys: UnsafeMutableRawPointer?) {
        let list = List(expectations, entryKeys: entryKeys)
        lists.append(list)
        current.store(UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque()), ordering: .releasing)
    }

    /// What the expectations make of a call that matches as `matching` says, when no monitor is
    /// needed; nil when it is (or no list was published yet).
    @inline(__always)
    func dispatchWithoutMonitor(matching: (Expectation) -> Bool) -> ExpectationBook.Dispatch? {
        // Sound: lists live as long as the roster (see above), and the address is of one.
        guard let address = UnsafeRawPointer(bitPattern: current.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<List>.fromOpaque(address)._withUnsafeGuaranteedRef { list in
            guard list.needsNoMonitor else { return nil }
            for expectation in list.expectations {
                let dispatch: ExpectationBook.Dispatch? = expectation._withUnsafeGuaranteedRef { expectation in
                    guard matching(expectation) else { return nil }
                    if expectation.isForbidden { return .forbidden(expectation) }
                    guard let index = expectation.takeCall() else { return nil }
                    return .answered(expectation, index: index, movedState: false)
                }
                if let dispatch { return dispatch }
            }
            return .unmatched
        }
    }
}
