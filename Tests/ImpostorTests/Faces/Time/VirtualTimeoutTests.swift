import CImpostorTestSupport
import Foundation
@testable import Impostor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The timeouts of C's descriptor waits on a virtual timeline: `poll`, `ppoll`, `select` and
/// `epoll_wait` called from the test's C target. A timeout elapses on the timeline; descriptors
/// that are ready, or become ready first, answer as the real call would.
@Suite struct VirtualTimeoutTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Whether the test executable's own descriptor waits can follow: not when a sanitizer's
    /// interceptor takes them before any slot.
    static let executableWaitsFollow = !VirtualTimeouts.symbols.contains(where: InterpositionTestSupport.sanitizerIntercepts)

    /// A pipe, closed when `body` returns: its read end, and a write that makes it readable.
    static func withPipe(_ body: (_ readEnd: Int32, _ write: @escaping @Sendable () -> Void) -> Void) {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let writeEnd = ends[1]
        body(ends[0]) {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Runs `body` on a timeline the executable's waits follow: the sleep tests' (a manual one
    /// waits 300 s for an advance).
    static func onTimeline(advancing: VirtualTime.Advancing = .automatically, _ body: (VirtualTime) -> Void) {
        VirtualSleepTests.onTimeline(advancing: advancing, body)
    }

    @Test(.enabled(if: executableWaitsFollow, "a sanitizer's interceptor takes the executable's waits"))
    func eachTimeoutElapsesOnTheTimelineAtOnce() {
        Self.withPipe { readEnd, _ in
            Self.onTimeline { time in
                var revents: Int16 = -1
                #expect(vt_poll_read(readEnd, 30_000, &revents) == 0, "timed out")
                #expect(revents == 0)
                #expect(time.elapsed == .seconds(30))

                var error: Int32 = -1
                #expect(vt_ppoll_read(readEnd, 5, 250_000_000, &error) == 0)
                #expect(error == 0)
                #expect(time.elapsed == .milliseconds(35_250))

                var isSet: Int32 = -1
                var left: Int64 = -1
                #expect(vt_select_read(readEnd, 2, 500_000, &isSet, &left, &error) == 0)
                #expect(isSet == 0, "a select that timed out clears its sets")
                #expect(left == 0, "and writes back no time left")
                #expect(time.elapsed == .milliseconds(37_750))

                #expect(vt_epoll_wait_read(readEnd, 1_000) == 0)
                #expect(time.elapsed == .milliseconds(38_750))
                #expect(Date() == Self.start.addingTimeInterval(38.75))
                #expect(time.pending.isEmpty)
            }
        }
    }

    @Test(.enabled(if: executableWaitsFollow, "a sanitizer's interceptor takes the executable's waits"))
    func readyDescriptorsAnswerAtOnceAndTheClocksStay() {
        Self.withPipe { readEnd, write in
            write()
            Self.onTimeline { time in
                var revents: Int16 = 0
                #expect(vt_poll_read(readEnd, 30_000, &revents) == 1)
                #expect(Int32(revents) & Int32(POLLIN) != 0)
                var error: Int32 = -1
                #expect(vt_ppoll_read(readEnd, 30, 0, &error) == 1)
                var isSet: Int32 = 0
                var left: Int64 = 0
                #expect(vt_select_read(readEnd, 30, 0, &isSet, &left, &error) == 1)
                #expect(isSet == 1)
                #expect(left == 30_000_000, "none of the timeout went by")
                #expect(vt_epoll_wait_read(readEnd, 30_000) == 1)
                #expect(time.elapsed == .zero)
            }
        }
    }

    /// A wait with no timeout, or a zero one, is the real call; so is one the real function
    /// refuses, and it refuses it as the real one does.
    @Test(.enabled(if: executableWaitsFollow, "a sanitizer's interceptor takes the executable's waits"))
    func checksWaitsForEverAndRefusedTimeoutsAreTheRealCalls() {
        Self.withPipe { readEnd, write in
            Self.onTimeline { time in
                var revents: Int16 = -1
                #expect(vt_poll_read(readEnd, 0, &revents) == 0, "a zero timeout checks")
                #expect(vt_epoll_wait_read(readEnd, 0) == 0)
                var error: Int32 = 0
                #expect(vt_ppoll_read(readEnd, 1, 2_000_000_000, &error) == -1)
                #expect(error == EINVAL)
                var isSet: Int32 = 0
                var left: Int64 = 0
                #expect(vt_select_read(readEnd, -1, 0, &isSet, &left, &error) == -1)
                #expect(error == EINVAL)
                write()
                #expect(vt_poll_read(readEnd, -1, &revents) == 1, "no timeout: it waits for the descriptor")
                #expect(time.elapsed == .zero)
            }
        }
    }

    /// On a manual timeline a waiting thread's descriptors that become ready answer it before
    /// any advance; one that stays unready times out when the advance reaches its deadline.
    @Test(.mockery, .enabled(if: executableWaitsFollow, "a sanitizer's interceptor takes the executable's waits"))
    func aWriteAnswersAWaitBeforeItsTimeoutAndAnAdvanceTimesOutTheOther() {
        let mockery = Mockery.current
        Self.withPipe { readEnd, write in
            Self.withPipe { idleEnd, _ in
                Self.onTimeline(advancing: .manually) { time in
                    let results = Locked<[String: Int32]>([:])
                    let done = DispatchGroup()
                    func waiter(_ name: String, _ wait: @escaping @Sendable () -> Int32) {
                        done.enter()
                        Thread {
                            let result = mockery.withCurrent { wait() }
                            results.withLock { $0[name] = result }
                            done.leave()
                        }.start()
                    }
                    waiter("written") {
                        var revents: Int16 = 0
                        return vt_poll_read(readEnd, 60_000, &revents)
                    }
                    #expect(RealWait.until { time.pending.count == 1 })
                    waiter("idle") { vt_epoll_wait_read(idleEnd, 10_000) }
                    #expect(RealWait.until { time.pending.count == 2 })
                    // In deadline order: the epoll instance's number is the C helper's own.
                    let calls = time.pending.map(\.call)
                    #expect(calls.first?.hasPrefix("epoll_wait(") == true && calls.first?.hasSuffix(", events, 4, 10000)") == true, "\(calls)")
                    #expect(calls.last == "poll(fds, 1, 60000)")
                    #expect(time.pending.map(\.deadline) == [.seconds(10), .seconds(60)])

                    write()
                    #expect(RealWait.until { results.withLock { $0["written"] } == 1 }, "the write answered the poll")
                    #expect(time.elapsed == .zero)
                    #expect(time.pending.map(\.deadline) == [.seconds(10)])

                    time.advance(by: .seconds(10))
                    #expect(done.wait(timeout: .now() + 60) == .success)
                    #expect(results.withLock { $0 } == ["written": 1, "idle": 0])
                    #expect(time.elapsed == .seconds(10))
                    #expect(time.pending.isEmpty)
                }
            }
        }
    }
}
