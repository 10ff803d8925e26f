extension Mockery {
    /// Blocks until `predicate` holds, for calls that arrive on other threads: woken by each
    /// call that moves one of the Mockery's states (and by ``States/become(_:)``), never by
    /// polling.
    ///
    /// ```swift
    /// let done = context.states("worker", startsAs: "running")
    /// context.checking { oneOf(finished(any())).then(done.becomes("finished")) }
    /// startWorker(finished)
    /// context.waitUntil(done.is("finished"), timeout: .seconds(2))
    /// ```
    ///
    /// The state counts as reached once the call that moved it has finished (its actions run
    /// and the call recorded). At the timeout, fails at this line with the state's value and
    /// the expectations' listing. In async code, use the `async` form.
    @available(*, noasync, message: "use `await waitUntil(...)` in async code")
    public func waitUntil(
        _ predicate: StatePredicate, timeout: Duration = .seconds(1),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard predicate.states.book === book else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.foreignWait(predicate.states.name, mockery: name), site: site))
            return
        }
        guard timeout >= .zero else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.negativeTimeout("waitUntil(timeout:)", timeout: timeout), site: site))
            return
        }
        let reached = book.wait(for: predicate, until: Monitor.deadline(after: timeout))
        finishWait(reached: reached, predicate: predicate, timeout: timeout, site: site)
    }

    /// Suspends until `predicate` holds, for calls that arrive on other threads: resumed by
    /// the call that makes it hold, never by polling.
    ///
    /// ```swift
    /// await context.waitUntil(done.is("finished"))
    /// ```
    ///
    /// At the timeout, fails at this line with the state's value and the expectations' listing.
    public func waitUntil(
        _ predicate: StatePredicate, timeout: Duration = .seconds(1),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard predicate.states.book === book else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.foreignWait(predicate.states.name, mockery: name), site: site))
            return
        }
        guard timeout >= .zero else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.negativeTimeout("waitUntil(timeout:)", timeout: timeout), site: site))
            return
        }
        let book = self.book
        let timer = Locked<Task<Void, Never>?>(nil)
        let reached = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            guard let id = book.addWaiter(predicate, continuation) else { return }
            timer.withLock { timer in
                timer = Task {
                    // A timer, not polling: one sleep, cancelled when the state is reached.
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    book.expireWaiter(id)
                }
            }
        }
        timer.withLock { $0?.cancel() }
        finishWait(reached: reached, predicate: predicate, timeout: timeout, site: site)
    }

    private func finishWait(reached: Bool, predicate: StatePredicate, timeout: Duration, site: SourceSite) {
        FailureReporter.flush(pendingFailures)
        FailureReporter.flush(.global)
        guard !reached else { return }
        FailureReporter.report(ImpostorFailure(
            message: FailureMessages.waitTimedOut(
                predicate.description, timeout: timeout, now: predicate.states.description, listing: book.timeoutListing()),
            site: site))
    }
}
