// Forgetting what mocks received and how they answer, Mockito-style.

/// Forgets the calls the mocks received so far; their stubs stay (Mockito's
/// `clearInvocations`). For C mocks and Swift mocks alike.
///
/// Use it after setting up, so that later verifies count only what the code under test did:
///
/// ```swift
/// connect(onEvent)                          // the handshake calls onEvent too
/// clearInvocations(onEvent)
/// send(onEvent)
/// verify(.once, onEvent(7, any()))          // counts only the calls made since
/// ```
///
/// A call in progress on another thread while this runs may still be recorded afterwards.
/// The memory the forgotten calls took is kept for the calls that follow, including those of
/// new threads once the threads that made the calls have ended: a test that clears between
/// rounds of C threads, each joined before the next starts, records into the same memory
/// every round. Something that is not a mock, or a mock released with its Mockery, is
/// reported at this line.
public func clearInvocations<each Mock>(
    _ mocks: repeat each Mock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    MatcherRecorder.reportLeftovers()
    repeat MockClearing.clear(each mocks, forgettingStubs: false, site: site)
}

/// Forgets the stubs and the calls of the mocks (Mockito's `reset`): afterwards each answers
/// every call with zero, as a new mock would, and has no recorded calls. A Swift mock forgets
/// its members' stubs and registered results too, and answers with default values; its
/// expectations stay.
///
/// ```swift
/// stub(add(any(), 5)).with { 10 }
/// reset(add)
/// add(1, 5)   // 0
/// ```
///
/// C code may go on calling the mocks on other threads meanwhile: a call already in progress
/// may still be answered by a forgotten stub and recorded, and every call that starts after
/// `reset` returns meets only stubs made after it. Forgotten stubs stay in memory, and count
/// toward the most stubs one mock can hold, until the mock is released.
///
/// Inside a type that has a `reset` method of its own, write `Impostor.reset(add)`. Something
/// that is not a mock, or a mock released with its Mockery, is reported at this line.
public func reset<each Mock>(
    _ mocks: repeat each Mock,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    MatcherRecorder.reportLeftovers()
    repeat MockClearing.clear(each mocks, forgettingStubs: true, site: site)
}

enum MockClearing {
    /// Forgets `mock`'s recorded calls, and its stubs too when `forgettingStubs`, after
    /// reporting the failures its calls raised so far.
    static func clear<Mock>(_ mock: Mock, forgettingStubs: Bool, site: SourceSite) {
        guard let whole = MockRegistry.wholeMock(of: mock) else {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.notAMock("\(Mock.self)"), site: site))
            return
        }
        FailureReporter.flush(whole.pendingFailures)
        FailureReporter.flush(.global)
        if whole.isReleased {
            FailureReporter.report(ImpostorFailure(message: FailureMessages.releasedMockQueried(whole.name), site: site))
            return
        }
        whole.forgetCalls(andStubs: forgettingStubs)
    }
}
