extension Mockery {
    /// Declares expectations, jMock-style: what must happen, checked as calls arrive.
    ///
    /// ```swift
    /// let context = Mockery("publisher")
    /// let subscriber: Subscriber = context.mock(named: "subscriber one")
    /// context.checking {
    ///     oneOf(subscriber(any(), cString("hello")))
    ///     allowing(query(any())).will(returnValue(7))
    /// }
    /// ```
    ///
    /// Inside, `oneOf`, `exactly(n).of`, `atLeast(n).of`, `atMost(n).of`, `between(a...b).of`,
    /// `allowing`, `never` and `ignoring` take prototypes written as for `stub`. The mocks must
    /// belong to this Mockery. The block's expectations take effect together when it returns,
    /// so a thread calling meanwhile never meets a half-declared one; a later block adds to
    /// earlier ones.
    ///
    /// A call to a mock that an expectation names goes to the first expectation, in
    /// declaration order, whose arguments match, whose `when` state holds, whose sequences are
    /// at it and that is not saturated; else to the newest matching stub; else it fails as
    /// unexpected, reported at once (on the test's thread when it came from another), and
    /// returns zero.
    ///
    /// The block may throw so that a throwing member's prototype can be written with `try`, as
    /// in `oneOf(try loader.load(path: any()))` (Swift counts a `try` inside an argument as the
    /// block's own). An error that leaves the block is reported here; the expectations declared
    /// before it still take effect.
    public func checking(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: () throws -> Void
    ) {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        MatcherRecorder.reportLeftovers()
        FailureReporter.flush(pendingFailures)
        FailureReporter.flush(.global)
        if self === Mockery.processDefault {
            // Not evaluated: the prototypes make no calls and leave no matchers.
            FailureReporter.report(ImpostorFailure(message: FailureMessages.checkingOnProcessDefault(), site: site))
            return
        }
        if let outer = ExpectationDraft.current {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.nestedChecking(outer.mockery.name), site: site))
            return
        }
        let draft = ExpectationDraft(mockery: self, site: site)
        ExpectationDraft.$current.withValue(draft) {
            do {
                try body()
            } catch {
                FailureReporter.report(ImpostorFailure(
                    message: FailureMessages.checkingThrew(ValueFormatter.describeSwiftValue(error)), site: site))
            }
        }
        book.publish(draft)
    }

    /// A new state machine for `when`/`then` clauses and `waitUntil`, starting as `initial`.
    ///
    /// ```swift
    /// let network = context.states("network", startsAs: "down")
    /// ```
    public func states(_ name: String, startsAs initial: String) -> States {
        let states = States(name: name, startsAs: initial, book: book)
        book.register(states.machine)
        return states
    }

    /// A new sequence for `inSequence` clauses.
    ///
    /// ```swift
    /// let session = context.sequence("session")
    /// ```
    public func sequence(_ name: String) -> ExpectationSequence {
        let sequence = ExpectationSequence(name: name, book: book)
        book.register(sequence.track)
        return sequence
    }
}
