#if canImport(Glibc)
import Glibc
#endif
import CImpostorTestSupport
import Impostor
import Testing

/// Every action, seen from C callers.
@Suite struct ActionTests {
    typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
    typealias Fill = @convention(c) (UnsafeMutablePointer<ce_point>?) -> Void

    @Test func noActionReturnsZero() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking { oneOf(add(1, 2)) }
            #expect(cs_call_add(add, 1, 2) == 0)
        }
        #expect(failures.isEmpty)
    }

    @Test func returnValueIsWhatCReceives() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking { oneOf(add(1, 2)).will(returnValue(-70_000)) }
            #expect(cs_call_add(add, 1, 2) == -70_000)
        }
        #expect(failures.isEmpty)
    }

    @Test func performTakesTheTypedArguments() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                exactly(2).of(add(any(), any())).will(perform { (a: Int32, b: Int32) -> Int32 in a * b })
            }
            #expect(cs_call_add(add, 6, 7) == 42)
            #expect(cs_call_add(add, -3, 5) == -15)
        }
        #expect(failures.isEmpty)
    }

    @Test func performWithoutArgumentsAndWithTheInvocation() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                oneOf(add(1, any())).will(perform { 11 })
                oneOf(add(2, any())).will(perform { (call: Invocation) -> Int32 in
                    call.argument(0, as: Int32.self) * 100 + call.argument(1, as: Int32.self)
                })
            }
            #expect(cs_call_add(add, 1, 0) == 11)
            #expect(cs_call_add(add, 2, 5) == 205)
        }
        #expect(failures.isEmpty)
    }

    @Test func aPerformBlockOfTheWrongTypesIsReportedAtTheWillLine() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            context.checking {
                oneOf(add(1, 2)).will(perform { (a: Int64, b: Int32) -> Int32 in Int32(a) + b })
            }
            #expect(cs_call_add(add, 1, 2) == 0)
        }
        #expect(failures.messages == [
            "The block passed to perform { } takes (Int64, Int32), but add takes (Int32, Int32). Declare the block with "
                + "exactly the mock's parameter types, no parameters, or one Invocation. The expectation has no actions."
        ])
        #expect(failures.first?.site.line == #line - 8)
    }

    @Test func onConsecutiveCallsRunsOneActionPerCallAndReportsTheCallBeyond() {
        let failures = expectationFailures { context in
            let next: @convention(c) () -> Int32 = context.mock(named: "next")
            context.checking {
                allowing(next()).will(onConsecutiveCalls(returnValue(1), returnValue(2), perform { 3 }))
            }
            #expect([cs_call_next(next), cs_call_next(next), cs_call_next(next), cs_call_next(next)] == [1, 2, 3, 0])
        }
        #expect(failures.messages == [
            "onConsecutiveCalls(...) has 3 actions, but this is call 4 it answers for next; the call returned zero. "
                + "Add actions, or bound the expectation with exactly(3)."
        ])
    }

    @Test func setErrnoIsWhatTheCCallerReadsAfterTheCall() {
        let failures = expectationFailures { context in
            let open: Open = context.mock(named: "open", capturing: [0: .cString])
            context.checking {
                oneOf(open("missing.txt", any())).will(setErrno(ENOENT), returnValue(-1))
                oneOf(open("locked.txt", any())).will(doAll(returnValue(-1), setErrno(EACCES)))
                oneOf(open("fine.txt", any())).will(returnValue(3))
            }
            var errnoAfter: Int32 = -1
            #expect(ce_open_and_read_errno(open, "missing.txt", 0, &errnoAfter) == -1)
            #expect(errnoAfter == ENOENT)
            #expect(ce_open_and_read_errno(open, "locked.txt", 0, &errnoAfter) == -1)
            #expect(errnoAfter == EACCES)
            #expect(ce_open_and_read_errno(open, "fine.txt", 0, &errnoAfter) == 3)
            #expect(errnoAfter == 0)
        }
        #expect(failures.isEmpty)
    }

    /// `setErrno` is stored as the very last step of the call, so an action after it that
    /// changes `errno` (a `perform` block calling into libc) does not overwrite it.
    @Test func setErrnoWinsOverAnErrnoChangedByALaterAction() {
        let failures = expectationFailures { context in
            let open: Open = context.mock(named: "open", capturing: [0: .cString])
            context.checking {
                oneOf(open("missing.txt", any())).will(setErrno(ENOENT), perform { () -> Int32 in
                    errno = EBADF
                    return -1
                })
            }
            var errnoAfter: Int32 = -1
            #expect(ce_open_and_read_errno(open, "missing.txt", 0, &errnoAfter) == -1)
            #expect(errnoAfter == ENOENT)
        }
        #expect(failures.isEmpty)
    }

    @Test func setPointeeFillsACOutParameter() {
        let failures = expectationFailures { context in
            let fill: Fill = context.mock(named: "fill")
            context.checking { oneOf(fill(any())).will(setPointee(argument: 0, to: ce_point(x: 1, y: 2))) }
            let point = ce_fill_point(fill)
            #expect(point.x == 1 && point.y == 2)
        }
        #expect(failures.isEmpty)
    }

    @Test func setPointeeThroughNullWritesNothingAndSaysSo() {
        let failures = expectationFailures { context in
            let fill: Fill = context.mock(named: "fill")
            context.checking { oneOf(fill(any())).will(setPointee(argument: 0, to: ce_point(x: 1, y: 2))) }
            fill(nil)
        }
        #expect(failures.messages == [
            "setPointee(argument: 0, ...): the call to fill passed NULL (or an address no process can own) as argument 0, so nothing was written."
        ])
    }

    @Test func setPointeeOfTheWrongTypeOrArgumentIsReportedWhenDeclared() {
        let failures = expectationFailures { context in
            let fill: Fill = context.mock(named: "fill")
            let add: Binary = context.mock(named: "add")
            let sink: @convention(c) (UnsafeMutableRawPointer?) -> Void = context.mock(named: "sink")
            context.checking {
                oneOf(fill(any())).will(setPointee(argument: 0, to: Int32(1)))
                oneOf(fill(any())).will(setPointee(argument: 1, to: ce_point(x: 1, y: 2)))
                oneOf(add(1, 2)).will(setPointee(argument: 0, to: Int32(1)))
                // 8 bytes of Int into a caller's 4-byte int would overrun it: a void * is refused.
                oneOf(sink(any())).will(setPointee(argument: 0, to: 42))
            }
            let point = ce_fill_point(fill)
            #expect(point.x == -1 && point.y == -1)
            _ = ce_fill_point(fill)
            _ = cs_call_add(add, 1, 2)
            var small: Int32 = 7
            sink(&small)
            #expect(small == 7)
        }
        #expect(failures.messages == [
            "setPointee(argument: 0, to:) was given a Int32, but argument 0 of fill is UnsafeMutablePointer<ce_point>?: "
                + "pass a ce_point, as in `setPointee(argument: 0, to: ce_point(...))`. The expectation has no actions.",
            "setPointee(argument: 1, ...) names an argument fill does not have: it takes 1 (indices 0..<1). The expectation has no actions.",
            "setPointee(argument: 0, to:) needs a mutable pointer, but argument 0 of add is Int32. The expectation has no actions.",
            "setPointee(argument: 0, to:) cannot write through argument 0 of sink, a UnsafeMutableRawPointer?: Impostor cannot "
                + "know how many bytes the caller's memory holds. Write through it in a perform { } block, which sees the call's "
                + "arguments. The expectation has no actions.",
        ])
    }

    @Test func willTwiceAndWillOnNeverAreRefused() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            let logger: Binary = context.mock(named: "logger")
            context.checking {
                oneOf(add(1, 2)).will(returnValue(3)).will(returnValue(4))
                never(add(9, 9)).will(returnValue(1))
                // `ignoring(logger).will(returnValue(1))` does not compile: its result type is the mock's.
                ignoring(logger).will(perform { logger })
            }
            #expect(cs_call_add(add, 1, 2) == 3)
        }
        #expect(failures.messages == [
            "will(...) was given twice for one expectation; give it once, with every action in order: `will(setErrno(EIO), returnValue(-1))`.",
            "will(...) was given to never(add(9, 9)), which never answers with actions: a `never` call fails, and `ignoring(mock)` "
                + "returns zero for every call. Use allowing(...) or oneOf(...) to answer calls.",
            "will(...) was given to ignoring(logger), which never answers with actions: a `never` call fails, and `ignoring(mock)` "
                + "returns zero for every call. Use allowing(...) or oneOf(...) to answer calls.",
        ])
    }

    @Test func captorsInAnExpectationSeeTheCallsItTakes() {
        let failures = expectationFailures { context in
            let add: Binary = context.mock(named: "add")
            let captor = ArgumentCaptor<Int32>()
            context.checking { exactly(2).of(add(captor.capture(), 2)).will(returnValue(1)) }
            _ = cs_call_add(add, 10, 2)
            _ = cs_call_add(add, 20, 2)
            #expect(captor.values == [10, 20])
        }
        #expect(failures.isEmpty)
    }
}
