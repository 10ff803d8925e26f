import CGLib
import Foundation
@testable import Impostor
import Testing

/// GLib's main loop on a virtual timeline: a real library that reads `CLOCK_MONOTONIC` through
/// `clock_gettime` and waits for its timeouts in `poll`, named with `in: ["libglib-2.0"]`.
@Suite struct VirtualGLibTests {
    /// A main loop of its own context with a timeout of each of `milliseconds`: ``run()`` runs
    /// it until every timeout has fired.
    final class Loop: @unchecked Sendable {
        // Unchecked: the loop's state is touched by the thread that runs it, and by another only
        // through GLib's own thread-safe calls (g_main_context_wakeup).
        let context = g_main_context_new()
        let loop: OpaquePointer?
        /// The timeouts that fired, in order, with GLib's monotonic clock (µs from the start) as
        /// each fired.
        private(set) var fired: [(milliseconds: UInt32, at: Int64)] = []
        private var expected = 0
        private var start: Int64 = 0

        init(timeouts milliseconds: [UInt32]) {
            loop = g_main_loop_new(context, 0)
            expected = milliseconds.count
            for each in milliseconds {
                let source = g_timeout_source_new(each)
                let tag = Unmanaged.passRetained(Tag(milliseconds: each, loop: self))
                g_source_set_callback(source, { data in
                    // Sound: `data` is the Tag retained above, taken back once, as its one-shot
                    // source fires (it returns G_SOURCE_REMOVE).
                    let tag = Unmanaged<Tag>.fromOpaque(data!).takeRetainedValue()
                    tag.loop.fire(tag.milliseconds)
                    return 0
                }, tag.toOpaque(), nil)
                g_source_attach(source, context)
                g_source_unref(source)
            }
        }

        deinit {
            g_main_loop_unref(loop)
            g_main_context_unref(context)
        }

        func run() {
            start = Int64(g_get_monotonic_time())
            g_main_context_push_thread_default(context)
            g_main_loop_run(loop)
            g_main_context_pop_thread_default(context)
        }

        private let invocations = Locked(0)
        /// How many functions ``invokeOnTheLoop()`` has had the loop run.
        var invoked: Int { invocations.withLock { $0 } }

        /// Has the loop's thread run a function, as soon as it can: its poll is answered by
        /// GLib's wakeup descriptor, before any timeout.
        func invokeOnTheLoop() {
            g_main_context_invoke(context, { data in
                // Sound: `data` is the Loop, which outlives its context's callbacks.
                Unmanaged<Loop>.fromOpaque(data!).takeUnretainedValue().invocations.withLock { $0 += 1 }
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }

        private func fire(_ milliseconds: UInt32) {
            fired.append((milliseconds, Int64(g_get_monotonic_time()) - start))
            if fired.count == expected { g_main_loop_quit(loop) }
        }

        final class Tag {
            let milliseconds: UInt32
            let loop: Loop
            init(milliseconds: UInt32, loop: Loop) {
                self.milliseconds = milliseconds
                self.loop = loop
            }
        }
    }

    static func onTimeline(advancing: VirtualTime.Advancing = .automatically, _ body: (VirtualTime) -> Void) {
        let failures = captureFailures {
            VirtualClocks.$manualWaitLimit.withValue(.seconds(300)) {
                withVirtualTime(in: ["libglib-2.0"], executable: false, advancing: advancing, body)
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func timeoutsFireInDeadlineOrderAtTheirInstantsAtOnce() {
        Self.onTimeline { time in
            let loop = Loop(timeouts: [5_000, 1_500, 3_600_000, 250])
            loop.run()
            #expect(loop.fired.map(\.milliseconds) == [250, 1_500, 5_000, 3_600_000])
            #expect(loop.fired.map(\.at) == [250_000, 1_500_000, 5_000_000, 3_600_000_000], "GLib's own clock agrees")
            #expect(time.elapsed == .seconds(3600))
        }
    }

    /// Driven by hand: the loop's thread waits in poll for its next timeout until the test
    /// advances; a function handed to it from another thread (GLib's wakeup descriptor) answers
    /// its poll before the timeout, as it would in real time.
    @Test(.mockery) func aLoopOnItsOwnThreadWaitsForTheAdvance() {
        let mockery = Mockery.current
        Self.onTimeline(advancing: .manually) { time in
            let loop = Loop(timeouts: [2_000, 10_000])
            let done = DispatchSemaphore(value: 0)
            Thread {
                mockery.withCurrent { loop.run() }
                done.signal()
            }.start()
            #expect(RealWait.until { time.pending.map(\.deadline) == [.seconds(2)] }, "\(time.pending)")
            #expect(time.pending.first?.call.hasPrefix("poll(fds, ") == true)

            loop.invokeOnTheLoop()
            #expect(RealWait.until { loop.invoked == 1 }, "the wakeup answered the loop's poll")
            // Then it polls again for the timeout it has left.
            #expect(RealWait.until { time.pending.count == 1 })
            #expect(time.pending.map(\.deadline) == [.seconds(2)])
            #expect(time.elapsed == .zero)
            #expect(loop.fired.isEmpty)

            #expect(time.advanceToNextSleep().map(\.deadline) == [.seconds(2)])
            #expect(RealWait.until { time.pending.map(\.deadline) == [.seconds(10)] }, "\(time.pending)")
            time.advance(by: .seconds(8))
            #expect(done.wait(timeout: .now() + 60) == .success)
            #expect(loop.fired.map(\.milliseconds) == [2_000, 10_000])
            #expect(loop.fired.map(\.at) == [2_000_000, 10_000_000])
            #expect(time.pending.isEmpty)
        }
    }
}
